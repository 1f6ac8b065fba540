/**
 * The Requests page: the request journal (the same list and filters as GET
 * /_control/requests), and one request in full with a curl command that
 * repeats it.
 */
import { Html, html } from '../html.js';
import { notFound } from '../errors.js';
import type { Reply, RequestContext } from '../http/types.js';
import { queryObject } from '../http/validate.js';
import { journalFilterOf } from '../journal/control-routes.js';
import type { JournalEntry, RequestJournal } from '../journal/store.js';
import type { State } from '../state.js';
import { INSPECTOR_PATH } from './access.js';
import { page, type Frame } from './layout.js';
import { publicationOptions, withQuery } from './parts.js';

const REQUESTS_PATH = `${INSPECTOR_PATH}/requests`;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function requestsPage(journal: RequestJournal, ctx: RequestContext, frame: Frame): Reply {
  const { state, query } = ctx;
  const given = queryObject(query);
  const seq = given.seq;
  delete given.seq;
  for (const key of Object.keys(given)) if (given[key] === '') delete given[key];
  const entries = journal.list(journalFilterOf(given));
  const opened = seq === undefined ? undefined : journal.list({ limit: journal.capacity }).find((e) => String(e.seq) === seq);
  if (seq !== undefined && !opened) throw notFound(`request #${seq} is no longer in the journal (it keeps the last ${journal.capacity}; a reset clears it)`);
  const slugOf = (id: string | null) => (id === null ? '' : `@${state.publications.get(id)?.slug ?? id}`);
  const rows = entries.map(
    (e) => html`<tr${e.seq === opened?.seq ? html` class="open"` : ''}>
<td class="mono">${e.at.slice(11, 23)}</td>
<td><a href="${withQuery(REQUESTS_PATH, query, { seq: String(e.seq) })}#request">${e.method} <span class="wrap">${e.path}${e.query ? `?${e.query}` : ''}</span></a></td>
<td><span class="badge ${e.status === null || e.status >= 400 || e.outcome !== 'answered' ? 'bad' : 'ok'}">${e.status ?? e.outcome}${e.status !== null && e.outcome !== 'answered' ? ` ${e.outcome}` : ''}</span></td>
<td class="num">${e.durationMs.toFixed(1)} ms</td>
<td>${slugOf(e.publicationId)}</td>
<td class="wrap">${e.msg ?? ''}</td>
</tr>`,
  );
  const methods = METHODS.map((m) => html`<option${given.method?.toUpperCase() === m ? html` selected` : ''}>${m}</option>`);
  const body = html`<h1>Requests</h1>
<p class="muted">The last ${journal.capacity} requests to <code>/v1</code>, newest first: what your client sent and what it got. The same list as JSON: <code>GET /_control/requests</code> with these filters.</p>
<form class="filters card" method="get" action="${REQUESTS_PATH}" role="search" aria-label="Filter requests">
<label for="r-method">Method<select id="r-method" name="method"><option value="">any</option>${methods}</select></label>
<label for="r-path">Path starts with<input id="r-path" name="path" value="${given.path ?? ''}" placeholder="/v1/posts"></label>
<label for="r-status">Status<input id="r-status" name="status" inputmode="numeric" size="4" value="${given.status ?? ''}"></label>
<label for="r-publication">Publication<select id="r-publication" name="publicationId"><option value="">any</option>${publicationOptions(state, given.publicationId)}</select></label>
<button type="submit">Filter</button> <a href="${REQUESTS_PATH}">Clear</a>
</form>
${opened ? detail(state, ctx.baseUrl, opened) : ''}
<section class="card" aria-labelledby="requests-count">
<h2 id="requests-count">${entries.length} request${entries.length === 1 ? '' : 's'}</h2>
${entries.length ? html`<div class="table-wrap"><table id="requests"><thead><tr><th scope="col">time (UTC)</th><th scope="col">request</th><th scope="col">status</th><th scope="col">took</th><th scope="col">key of</th><th scope="col">error</th></tr></thead><tbody>${rows}</tbody></table></div>` : html`<p class="muted">No request matches. Call <code>/v1</code> with a client, then reload.</p>`}
</section>`;
  return page(frame, 'requests', opened ? `${opened.method} ${opened.path}` : 'Requests', body);
}

function detail(state: State, baseUrl: string, e: JournalEntry): Html {
  const publication = e.publicationId ? state.publications.get(e.publicationId) : undefined;
  return html`<section class="card" id="request" aria-labelledby="request-title">
<h2 id="request-title" class="wrap">#${e.seq} ${e.method} ${e.path}</h2>
<dl class="facts">
<dt>At</dt><dd>${e.at}</dd>
<dt>Query</dt><dd class="mono wrap">${e.query || '(none)'}</dd>
<dt>Status</dt><dd>${e.status ?? 'none (the connection was dropped)'}</dd>
<dt>Outcome</dt><dd>${e.outcome}${e.fault ? html` (fault rule <code>${e.fault}</code>)` : ''}</dd>
<dt>Took</dt><dd>${e.durationMs} ms</dd>
<dt>Key of</dt><dd>${publication ? `${publication.name} (@${publication.slug})` : e.publicationId ?? 'no key, or a key the server did not know'}</dd>
<dt>Error</dt><dd class="wrap">${e.msg ?? '(none)'}</dd>
</dl>
<h3>As curl</h3>
<pre id="curl">${curlOf(state, baseUrl, e)}</pre>
<div class="actions"><button type="button" data-copy="curl">Copy</button></div>
<p class="muted">The journal keeps no bodies and never the key itself: the command uses the publication's current key, and a write reads its body from <code>body.json</code>.</p>
</section>`;
}

/** A curl command that repeats the request. */
export function curlOf(state: State, baseUrl: string, e: JournalEntry): string {
  const parts = ['curl'];
  if (e.method !== 'GET') parts.push('-X', e.method);
  parts.push(shellQuote(`${baseUrl}${e.path}${e.query ? `?${e.query}` : ''}`));
  const key = e.publicationId ? state.keys.activeKeysOf(e.publicationId)[0] : undefined;
  if (key) parts.push('-H', shellQuote(`Authorization: Bearer ${key}`));
  if (e.method === 'POST' || e.method === 'PUT' || e.method === 'PATCH') parts.push('-H', shellQuote('Content-Type: application/json'), '--data', '@body.json');
  return parts.join(' ');
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
