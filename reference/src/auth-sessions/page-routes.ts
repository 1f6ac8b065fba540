/**
 * The approval page the verificationUrl opens: GET shows the session in its
 * current state, POST (an HTML form, no JavaScript) approves or denies.
 * After a decision the browser is redirected (303, so a reload never
 * re-submits): to callbackUrl on approval when the client gave one, else back
 * to the page, which then shows the outcome.
 */
import { ApiError } from '../errors.js';
import { readHtmlForm } from '../http/body.js';
import type { Reply, RequestContext, RouteDef } from '../http/types.js';
import type { State } from '../state.js';
import { allowedOrigins, nonceFor, setCookieHeader, tokenFor, verify, CSRF_FIELD } from '../http/csrf.js';
import { contentSecurityPolicy } from './html.js';
import * as pages from './pages.js';
import { displayName, type AuthSessionRecord } from './store.js';
import { callbackTarget, PAGE_PATH, pagePath } from './urls.js';

/** Two short fields and a token; anything bigger is not our form. */
const FORM_LIMIT = 8 * 1024;

/**
 * Headers of every page and redirect: nothing cached, and the session URL
 * never leaks as a Referer to another origin (the callback). Not
 * `no-referrer`: under it Chromium sends `Origin: null` with the form's own
 * POST, which the origin check must refuse.
 */
const PAGE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' };

function page(status: number, body: string, extra: Record<string, string> = {}): Reply {
  return { status, html: body, headers: { ...PAGE_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(), ...extra } };
}

export const authSessionPageRoutes: RouteDef[] = [
  { method: 'GET', path: PAGE_PATH, auth: 'none', handler: showPage },
  { method: 'POST', path: PAGE_PATH, auth: 'none', bodyLimit: FORM_LIMIT, handler: decide },
];

function showPage(ctx: RequestContext): Reply {
  const { state } = ctx;
  const record = state.authSessions.find(ctx.params.sessionId);
  if (!record) return page(404, pages.notFoundPage());
  if (state.authSessions.statusOf(record) !== 'pending') return outcomePage(state, record, 200);

  const path = pagePath(record.id);
  const { nonce, isNew } = nonceFor(ctx.headers);
  const callbackOrigin = record.callbackUrl ? new URL(record.callbackUrl).origin : null;
  const headers: Record<string, string> = {
    ...PAGE_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy(callbackOrigin ? [callbackOrigin] : []),
  };
  if (isNew) headers['Set-Cookie'] = setCookieHeader(nonce, path, ctx.baseUrl.startsWith('https:'));
  const demoId = defaultPublicationId(state);
  return {
    status: 200,
    headers,
    html: pages.pendingPage({
      device: displayName(record),
      formAction: path,
      csrfToken: tokenFor(record.id, nonce),
      callbackOrigin,
      expiresAt: record.expiresAt,
      now: state.clock.now(),
      publications: state.publications.all().map((p) => ({
        id: p.id,
        name: p.name,
        slug: p.slug,
        ownerName: state.users.get(p.ownerUserId)?.name ?? 'unknown',
        selected: p.id === demoId,
      })),
    }),
  };
}

async function decide(ctx: RequestContext): Promise<Reply> {
  const { state } = ctx;
  const retry = pagePath(ctx.params.sessionId);
  const form = await readHtmlForm(ctx.req, FORM_LIMIT);
  if (!form) return page(415, pages.badFormPage('The approval form must be sent as an HTML form', retry));

  const record = state.authSessions.find(ctx.params.sessionId);
  if (!record) return page(404, pages.notFoundPage());

  const verdict = verify(ctx.headers, record.id, form.get(CSRF_FIELD), allowedOrigins(ctx));
  if (!verdict.ok) return page(403, pages.refusedPage(verdict.reason, retry));

  const decision = form.get('decision');
  if (decision !== 'approve' && decision !== 'deny')
    return page(400, pages.badFormPage('Choose Approve or Deny', retry));
  const publicationId = form.get('publication_id') || defaultPublicationId(state);
  if (decision === 'approve' && (!publicationId || !state.publications.get(publicationId)))
    return page(400, pages.badFormPage('Choose one of the listed publications', retry));
  // A second tab, the control API or the client may have decided meanwhile.
  if (state.authSessions.statusOf(record) !== 'pending') return outcomePage(state, record, 409);

  try {
    if (decision === 'deny') state.authSessions.deny(record.id);
    else state.authSessions.approve(record.id, publicationId!);
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) return outcomePage(state, record, 409);
    throw err;
  }
  const to = decision === 'approve' && record.callbackUrl ? callbackTarget(record.callbackUrl, record.id) : retry;
  return { status: 303, redirect: to, headers: PAGE_HEADERS };
}

/** The page of a session that is no longer pending. */
function outcomePage(state: State, record: AuthSessionRecord, status: number): Reply {
  const device = displayName(record);
  switch (state.authSessions.statusOf(record)) {
    case 'completed':
      return page(status, pages.approvedPage(device, state.publications.get(record.publicationId!)?.name ?? 'your publication'));
    case 'delivered':
      return page(status, pages.deliveredPage(device));
    case 'denied':
      return page(status, pages.deniedPage(device));
    default:
      return page(status, pages.expiredPage(device));
  }
}

/** The page acts for the demo publication's owner unless the select says otherwise. */
function defaultPublicationId(state: State): string | undefined {
  return state.publications.all().find((p) => p.slug === 'demo')?.id ?? state.publications.all()[0]?.id;
}
