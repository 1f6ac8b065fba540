/**
 * The Mail page: every email in the outbox, newest first, filtered, and one
 * opened in full (its HTML in a sandboxed frame, its text, its headers and
 * links). The list refreshes itself when mail arrives (script.ts polls the
 * stamp). The email's HTML is its own document (emailBody), served with a
 * policy that allows no script at all, inside a frame that allows none
 * either.
 */
import { Html, html } from '../html.js';
import { badRequest, notFound } from '../errors.js';
import type { Reply, RequestContext } from '../http/types.js';
import type { OutboxFilter, OutboxRecord } from '../emails/outbox.js';
import type { State } from '../state.js';
import { EMAIL_KINDS, type EmailKind } from '../../../schemas/outbox.js';
import { INSPECTOR_PATH } from './access.js';
import { INSPECTOR_HEADERS, page, utc, type Frame } from './layout.js';
import { publicationOptions, withQuery } from './parts.js';

/** Emails listed at once; the filters narrow a longer outbox. */
const SHOWN = 200;
const MAIL_PATH = `${INSPECTOR_PATH}/mail`;

/** The outbox's filters the page offers, and `q`: words in the subject, an address or the text. */
type MailFilter = Pick<OutboxFilter, 'to' | 'kind' | 'postId' | 'publicationId'> & { q?: string };

export function mailFilterOf(query: URLSearchParams): MailFilter {
  const given = (name: string) => query.get(name)?.trim() || undefined;
  const kind = given('kind');
  if (kind !== undefined && !(EMAIL_KINDS as readonly string[]).includes(kind)) throw badRequest(`kind must be one of ${EMAIL_KINDS.join(', ')}`);
  return { to: given('to'), kind: kind as EmailKind | undefined, postId: given('post'), publicationId: given('publication'), q: given('q')?.toLowerCase() };
}

export function matchingMail(state: State, filter: MailFilter): OutboxRecord[] {
  const { q, ...exact } = filter;
  const items = state.emails.outbox.list(exact);
  return q === undefined ? items : items.filter((r) => [r.subject, r.to, r.from, r.text].some((field) => field.toLowerCase().includes(q)));
}

/** Changes whenever an email is queued, delivered or the outbox emptied: the page's script compares it. */
export function mailStamp(state: State): string {
  const newest = state.emails.outbox.list()[0];
  return `${state.emails.outbox.size}:${newest?.id ?? ''}:${state.emails.outbox.list({ status: 'queued' }).length}`;
}

export function mailPage(ctx: RequestContext, frame: Frame): Reply {
  const { state, query } = ctx;
  const filter = mailFilterOf(query);
  const items = matchingMail(state, filter);
  const openId = query.get('open');
  const opened = openId ? state.emails.outbox.get(openId) : undefined;
  if (openId && !opened) throw notFound(`no email ${openId} in the outbox (emptied, or the state was reset?)`);
  const slugOf = (id: string) => state.publications.get(id)?.slug ?? id;
  const rows = items.slice(0, SHOWN).map(
    (r) => html`<li><a href="${withQuery(MAIL_PATH, query, { open: r.id })}#message"${r.id === openId ? html` aria-current="true"` : ''}>
<span class="subject">${r.subject}</span>
<span class="meta">${r.to} · <span class="badge${r.kind === 'newsletter' ? ' info' : ''}">${r.kind}</span> · @${slugOf(r.publicationId)} · ${utc(r.createdAt)}${r.status === 'queued' ? ' · queued' : ''}</span></a></li>`,
  );
  const kinds = EMAIL_KINDS.map((k) => html`<option value="${k}"${filter.kind === k ? html` selected` : ''}>${k}</option>`);
  const body = html`<h1>Mail</h1>
<p class="muted">Every email the server would have sent, newest first. The list updates itself when mail arrives. <span id="live-status" role="status" aria-live="polite"></span></p>
<form class="filters card" method="get" action="${MAIL_PATH}" role="search" aria-label="Filter emails">
<label for="f-to">To<input id="f-to" name="to" type="email" value="${filter.to ?? ''}" placeholder="reader@example.com"></label>
<label for="f-kind">Kind<select id="f-kind" name="kind"><option value="">any</option>${kinds}</select></label>
<label for="f-publication">Publication<select id="f-publication" name="publication"><option value="">any</option>${publicationOptions(state, filter.publicationId)}</select></label>
<label for="f-post">Post id<input id="f-post" name="post" value="${filter.postId ?? ''}"></label>
<label for="f-q">Search<input id="f-q" name="q" type="search" value="${query.get('q') ?? ''}" placeholder="subject, address, text"></label>
<button type="submit">Filter</button> <a href="${MAIL_PATH}">Clear</a>
</form>
<div class="split">
<section class="card" aria-labelledby="mail-count" id="mail-box" data-live-stamp="${MAIL_PATH}/stamp" data-stamp="${mailStamp(state)}">
<h2 id="mail-count">${items.length} email${items.length === 1 ? '' : 's'}${items.length > SHOWN ? ` (the newest ${SHOWN} shown)` : ''}</h2>
<ul class="mail-list" id="mail-list">${rows}</ul>
${items.length === 0 ? html`<p class="muted">No email yet. Publish a post with <code>sendNewsletter</code>, send a custom email, or add a subscriber to a publication whose owner gets notifications.</p>` : ''}
</section>
${opened ? message(ctx, opened) : html`<section class="card"><p class="muted">Open an email to see it in full.</p></section>`}
</div>`;
  return page(frame, 'mail', opened ? opened.subject : 'Mail', body);
}

function message(ctx: RequestContext, r: OutboxRecord): Html {
  const { state } = ctx;
  const publication = state.publications.get(r.publicationId);
  const post = r.postId ? state.posts.get(r.postId) : undefined;
  const headers = Object.entries(r.headers).map(([name, value]) => html`<tr><th scope="row">${name}</th><td class="mono wrap">${value}</td></tr>`);
  const links = linksIn(r.html).map((href) => html`<li><a href="${href}" target="_blank" rel="noopener">${href}</a></li>`);
  return html`<section class="card" id="message" aria-labelledby="message-subject">
<h2 id="message-subject" class="wrap">${r.subject}</h2>
<dl class="facts">
<dt>From</dt><dd>${r.from}</dd>
<dt>To</dt><dd>${r.to}</dd>
${r.replyTo ? html`<dt>Reply-To</dt><dd>${r.replyTo}</dd>` : ''}
<dt>Kind</dt><dd>${r.kind}</dd>
<dt>Publication</dt><dd>${publication ? `${publication.name} (@${publication.slug})` : r.publicationId}</dd>
${post ? html`<dt>Post</dt><dd>${post.title} <span class="muted mono">${post.id}</span></dd>` : ''}
<dt>Status</dt><dd>${r.status}${r.deliveredAt !== null ? `, delivered ${utc(r.deliveredAt)}` : ''}</dd>
<dt>Queued</dt><dd>${utc(r.createdAt)}</dd>
<dt>Unsubscribe</dt><dd><a href="${r.unsubscribeUrl}" target="_blank" rel="noopener" id="unsubscribe-link">${r.unsubscribeUrl}</a></dd>
</dl>
<h3>HTML</h3>
<iframe class="email" id="email-frame" title="The email's HTML: ${r.subject}" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" src="${MAIL_PATH}/${r.id}/body"></iframe>
<h3>Links in this email</h3>
${links.length ? html`<ul id="email-links">${links}</ul>` : html`<p class="muted">None.</p>`}
<h3>Text</h3>
<pre id="email-text">${r.text}</pre>
<h3>Headers</h3>
<div class="table-wrap"><table id="email-headers"><tbody>${headers}</tbody></table></div>
</section>`;
}

/** The web links of an email's HTML, in order, each once. */
function linksIn(markup: string): string[] {
  const found = new Set<string>();
  for (const m of markup.matchAll(/href="(https?:[^"]*)"/g)) found.add(m[1].replaceAll('&amp;', '&'));
  return [...found];
}

/**
 * An email's HTML as a document of its own, for the viewer's frame. Its
 * policy forbids every script (and the `sandbox` directive applies even when
 * the document is opened outside the frame); styles inline only, images from
 * this server or data: (the reference never loads anything from elsewhere),
 * links open in a new tab.
 */
export function emailBody(ctx: RequestContext): Reply {
  const email = ctx.state.emails.outbox.get(ctx.params.emailId);
  if (!email) throw notFound(`no email ${ctx.params.emailId} in the outbox`);
  const base = new URL(ctx.baseUrl).origin;
  const policy = [
    "default-src 'none'",
    "script-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src 'self' ${base} data:`,
    "form-action 'none'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
    'sandbox allow-popups allow-popups-to-escape-sandbox',
  ].join('; ');
  const markup = /<head[^>]*>/i.test(email.html) ? email.html.replace(/<head[^>]*>/i, (head) => `${head}<base target="_blank">`) : `<base target="_blank">${email.html}`;
  return {
    status: 200,
    body: markup,
    contentType: 'text/html; charset=utf-8',
    headers: { ...INSPECTOR_HEADERS, 'Content-Security-Policy': policy, 'X-Frame-Options': 'SAMEORIGIN' },
  };
}
