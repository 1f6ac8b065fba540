/**
 * The State page: pending CLI sign-ins (approve or deny here), then one
 * publication at a time: its settings and keys, posts by status (a link to
 * the page readers see), content pieces and groups, subscribers (counts and
 * search), suppressions, and an analytics query box that calls the SQL
 * endpoint with the publication's key (script.ts).
 */
import { Html, html } from '../html.js';
import { displayName } from '../auth-sessions/store.js';
import { badRequest, notFound } from '../errors.js';
import type { Reply, RequestContext } from '../http/types.js';
import type { PostRecord, PostStatus } from '../posts/record.js';
import type { PublicationRecord } from '../publications/store.js';
import { postUrl } from '../emails/newsletter.js';
import type { State } from '../state.js';
import { INSPECTOR_PATH } from './access.js';
import type { ActionDone } from './gate.js';
import { csrfInput, page, utc, type Frame } from './layout.js';
import { publicationOptions, withQuery } from './parts.js';

const STATE_PATH = `${INSPECTOR_PATH}/state`;
const STATUSES: PostStatus[] = ['published', 'scheduled', 'draft', 'archived'];
/** Rows of one list shown at once (the counts are always whole). */
const SHOWN = 50;
const SAMPLE_SQL = 'SELECT title, total_views, unique_viewers FROM post_analytics_summary ORDER BY total_views DESC LIMIT 10';

export function statePage(ctx: RequestContext, frame: Frame): Reply {
  const { state, query } = ctx;
  const publications = state.publications.all();
  const chosen = query.get('publication') ? state.publications.get(query.get('publication')!) : (publications.find((p) => p.slug === 'demo') ?? publications[0]);
  if (!chosen) throw notFound(query.get('publication') ? `no publication ${query.get('publication')}` : 'there is no publication (an empty state?)');
  const tabs = publications.map((p) => html`<a href="${withQuery(STATE_PATH, new URLSearchParams(), { publication: p.id })}"${p.id === chosen.id ? html` aria-current="page"` : ''}>@${p.slug}</a>`);
  const body = html`<h1>State</h1>
${signIns(state, frame)}
<nav class="actions card" aria-label="Publications"><span class="muted">Publication:</span> ${tabs}</nav>
${settings(state, chosen)}
${posts(state, chosen)}
${content(state, chosen)}
${subscribers(state, chosen, query.get('q')?.trim() ?? '')}
${analytics(state, chosen)}`;
  return page(frame, 'state', `State of @${chosen.slug}`, body);
}

function signIns(state: State, frame: Frame): Html {
  const pending = state.authSessions.list().filter((s) => state.authSessions.statusOf(s) === 'pending');
  const rows = pending.map(
    (s) => html`<tr><td class="wrap">${displayName(s)}</td><td class="mono">${utc(s.createdAt)}</td><td class="mono">${utc(s.expiresAt)}</td><td>
<form method="post" action="${STATE_PATH}/sign-ins/${s.id}" class="actions">${csrfInput(frame.session)}
<label for="grant-${s.id}" class="muted">Give access to</label>
<select id="grant-${s.id}" name="publicationId">${publicationOptions(state, state.publications.all().find((p) => p.slug === 'demo')?.id)}</select>
<button type="submit" class="primary" name="decision" value="approve">Approve</button>
<button type="submit" class="danger" name="decision" value="deny">Deny</button>
</form></td></tr>`,
  );
  return html`<section class="card" aria-labelledby="sign-ins">
<h2 id="sign-ins">Pending CLI sign-ins (${pending.length})</h2>
${pending.length ? html`<div class="table-wrap"><table id="pending-sign-ins"><thead><tr><th scope="col">device</th><th scope="col">started</th><th scope="col">expires</th><th scope="col">decide</th></tr></thead><tbody>${rows}</tbody></table></div>` : html`<p class="muted">None. A CLI starts one with <code>POST /v1/api/auth/sessions</code>.</p>`}
</section>`;
}

export function signInAction(ctx: RequestContext, form: URLSearchParams): ActionDone {
  const { state } = ctx;
  const id = ctx.params.sessionId;
  const record = state.authSessions.find(id);
  if (!record) throw notFound('no such sign-in session (it ended more than an hour ago, or the state was reset)');
  const decision = form.get('decision');
  if (decision === 'deny') {
    state.authSessions.deny(id);
    return { notice: `Denied the sign-in of ${displayName(record)}.`, next: STATE_PATH };
  }
  if (decision !== 'approve') throw badRequest('choose Approve or Deny');
  const publication = state.publications.require(form.get('publicationId') ?? '');
  state.authSessions.approve(id, publication.id);
  return { notice: `Approved the sign-in of ${displayName(record)}: it gets a new key for @${publication.slug}.`, next: withQuery(STATE_PATH, new URLSearchParams(), { publication: publication.id }) };
}

function settings(state: State, p: PublicationRecord): Html {
  const { team, communities, ...fields } = p;
  const facts = Object.entries(fields).map(([name, value]) => html`<dt>${name}</dt><dd class="mono">${typeof value === 'string' ? value : JSON.stringify(value)}</dd>`);
  const keys = state.keys.list(p.id).map(
    (k) => html`<tr><td class="mono wrap">${k.key}</td><td>${k.label}</td><td>${k.source}</td><td>${k.revokedAt === null ? html`<span class="badge ok">active</span>` : html`<span class="badge bad">revoked ${utc(k.revokedAt)}</span>`}</td></tr>`,
  );
  const members = team.map((m) => html`<li>${state.users.get(m.userId)?.name ?? m.userId} <span class="muted">${m.status}</span></li>`);
  const segments = communities.map((c) => html`<li>${c.id}${c.available ? '' : html` <span class="muted">(unavailable)</span>`}</li>`);
  return html`<section class="card" aria-labelledby="publication-name">
<h2 id="publication-name">${p.name} <span class="muted">@${p.slug}</span></h2>
<h3>API keys</h3>
<div class="table-wrap"><table id="keys"><thead><tr><th scope="col">key</th><th scope="col">label</th><th scope="col">from</th><th scope="col">state</th></tr></thead><tbody>${keys}</tbody></table></div>
<details><summary>Settings</summary><dl class="facts" id="settings">${facts}</dl></details>
<details><summary>Team (${team.length}) and segments (${communities.length})</summary><ul>${members}</ul><ul>${segments}</ul></details>
</section>`;
}

function posts(state: State, p: PublicationRecord): Html {
  const own = state.posts.all().filter((post) => post.publicationId === p.id);
  const groups = STATUSES.map((status) => {
    const list = own.filter((post) => post.status === status).sort((a, b) => b.updatedAt - a.updatedAt);
    const rows = list.slice(0, SHOWN).map((post) => postRow(state, p, post));
    return html`<details${status === 'published' || status === 'scheduled' ? html` open` : ''}><summary>${status} (${list.length})</summary>
${list.length ? html`<div class="table-wrap"><table><thead><tr><th scope="col">title</th><th scope="col">when</th><th scope="col">newsletter</th><th scope="col">id</th></tr></thead><tbody>${rows}</tbody></table></div>` : html`<p class="muted">None.</p>`}
</details>`;
  });
  return html`<section class="card" aria-labelledby="posts-heading" id="posts"><h2 id="posts-heading">Posts (${own.length})</h2>${groups}</section>`;
}

function postRow(state: State, p: PublicationRecord, post: PostRecord): Html {
  const readable = post.status === 'published' && post.publishOnline;
  const when = post.status === 'scheduled' && post.scheduledAt !== null ? `due ${utc(post.scheduledAt)}` : post.publishedAt !== null ? utc(post.publishedAt) : `edited ${utc(post.updatedAt)}`;
  return html`<tr data-post="${post.id}"><td class="wrap">${readable ? html`<a href="${postUrl(state, p, post)}" target="_blank" rel="noopener">${post.title}</a>` : post.title}${post.publishOnline ? '' : html` <span class="badge">newsletter only</span>`}</td><td class="mono">${when}</td><td>${post.sendNewsletter ? 'yes' : ''}</td><td class="mono muted">${post.id}</td></tr>`;
}

function content(state: State, p: PublicationRecord): Html {
  const pieces = state.content.all().filter((c) => c.publicationId === p.id).sort((a, b) => b.updatedAt - a.updatedAt);
  const groups = state.buckets.listOf(p.id);
  const rows = pieces.slice(0, SHOWN).map(
    (c) => html`<tr><td class="wrap">${c.title}</td><td>${c.kind}</td><td>${c.status}${c.send ? html` <span class="muted">(send ${c.send.state})</span>` : ''}</td><td class="mono muted">${c.id}</td><td class="mono muted">${c.bucketId ?? ''}</td></tr>`,
  );
  const groupRows = groups.map((g) => html`<li><span class="wrap">${g.title}</span> <span class="muted mono">${g.id}</span>: ${g.members.length} piece${g.members.length === 1 ? '' : 's'}</li>`);
  return html`<section class="card" aria-labelledby="content-heading"><h2 id="content-heading">Content pieces (${pieces.length}) and groups (${groups.length})</h2>
${pieces.length ? html`<div class="table-wrap"><table id="content"><thead><tr><th scope="col">title</th><th scope="col">kind</th><th scope="col">status</th><th scope="col">id</th><th scope="col">group</th></tr></thead><tbody>${rows}</tbody></table></div>` : html`<p class="muted">No content piece.</p>`}
${groups.length ? html`<ul>${groupRows}</ul>` : ''}
</section>`;
}

function subscribers(state: State, p: PublicationRecord, q: string): Html {
  const all = state.subscribers.all(p.id);
  const active = state.subscribers.count(p.id);
  const needle = q.toLowerCase();
  const found = needle ? all.filter((s) => (s.email ?? '').toLowerCase().includes(needle) || (s.wallet ?? '').toLowerCase().includes(needle)) : all;
  const rows = found.slice(0, SHOWN).map(
    (s) => html`<tr><td class="wrap">${s.email ?? ''}</td><td class="mono wrap">${s.wallet ?? ''}</td><td>${s.source}</td><td>${state.subscribers.isActive(s) ? 'active' : html`<span class="badge bad">suppressed</span>`}</td><td class="mono">${utc(s.createdAt)}</td></tr>`,
  );
  const suppressions = state.subscribers.suppressions.list(p.id);
  const suppressed = suppressions.slice(0, SHOWN).map((s) => html`<li>${s.email} <span class="muted">since ${utc(s.suppressedAt)}</span></li>`);
  return html`<section class="card" aria-labelledby="subscribers-heading" id="subscribers"><h2 id="subscribers-heading">Subscribers</h2>
<p><strong id="subscriber-count">${active}</strong> active of ${all.length}; ${suppressions.length} suppressed address${suppressions.length === 1 ? '' : 'es'}.</p>
<form method="get" action="${STATE_PATH}#subscribers" class="filters" role="search" aria-label="Search subscribers">
<input type="hidden" name="publication" value="${p.id}">
<label for="s-q">Email or wallet contains<input id="s-q" name="q" type="search" value="${q}"></label>
<button type="submit">Search</button>
</form>
<p class="muted">${found.length} match${found.length === 1 ? '' : 'es'}${found.length > SHOWN ? `, the first ${SHOWN} shown` : ''}.</p>
${found.length ? html`<div class="table-wrap"><table id="subscriber-list"><thead><tr><th scope="col">email</th><th scope="col">wallet</th><th scope="col">from</th><th scope="col">state</th><th scope="col">added</th></tr></thead><tbody>${rows}</tbody></table></div>` : ''}
<h3>Suppressions</h3>
${suppressions.length ? html`<ul id="suppressions">${suppressed}</ul>` : html`<p class="muted">None: nobody has unsubscribed.</p>`}
</section>`;
}

function analytics(state: State, p: PublicationRecord): Html {
  const keys = state.keys.activeKeysOf(p.id).map((k) => html`<option value="${k}">${k}</option>`);
  return html`<section class="card" aria-labelledby="analytics-heading"><h2 id="analytics-heading">Analytics</h2>
<p class="muted">Runs <code>POST /v1/analytics/query</code> with the key you pick (it shows on the Requests page). Needs JavaScript.</p>
<form id="analytics-form" class="stack">
<label for="a-key">Key</label><select id="a-key" name="key">${keys}</select>
<label for="a-sql">SQL</label><textarea id="a-sql" name="sql" rows="4">${SAMPLE_SQL}</textarea>
<div class="actions"><button type="submit" class="primary">Run query</button></div>
</form>
<div id="analytics-result" aria-live="polite"></div>
</section>`;
}
