/**
 * Signing in to the inspector of a server started with a control token: the
 * browser shows a form, the token typed in is checked like the control API's
 * bearer token, and a session cookie replaces it from then on (the browser
 * never keeps the token). Signing out forgets the session.
 */
import { html } from '../html.js';
import { crossSiteReason, allowedOrigins } from '../http/csrf.js';
import { sameSecret } from '../control/guard.js';
import type { Reply, RequestContext } from '../http/types.js';
import { clearedCookie, INSPECTOR_PATH, sessionCookie, type InspectorSession, type InspectorSessions } from './access.js';
import { barePage } from './layout.js';

export function signInPage(next: string, error: string | null, status: number): Reply {
  return barePage(
    'Sign in',
    html`<h1>Sign in to the inspector</h1>
<p>This server was started with a control token (<code>--control-token</code> or <code>REFERENCE_CONTROL_TOKEN</code>). Type it here once; the browser then keeps a session cookie, never the token.</p>
${error ? html`<p class="flash error" role="alert" id="sign-in-error">${error}</p>` : ''}
<form method="post" action="${INSPECTOR_PATH}/sign-in" class="stack card">
<input type="hidden" name="next" value="${next}">
<label for="token">Control token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required>
<div class="actions"><button type="submit" class="primary">Sign in</button></div>
</form>`,
    status,
    { 'WWW-Authenticate': 'Bearer realm="_control"' },
  );
}

export function signIn(ctx: RequestContext, form: URLSearchParams, sessions: InspectorSessions, controlToken: string | undefined): Reply {
  const next = safeNext(form.get('next'));
  if (controlToken === undefined) return { status: 303, redirect: next };
  const foreign = crossSiteReason(ctx.headers, allowedOrigins(ctx));
  if (foreign) return signInPage(next, `Not signed in: ${foreign}`, 403);
  if (!sameSecret(form.get('token'), controlToken)) return signInPage(next, 'That is not the control token this server was started with.', 401);
  // A new session on every sign-in: a session id planted before it is worth nothing.
  const old = sessions.find(ctx.headers);
  if (old) sessions.close(old);
  const session = sessions.open();
  return { status: 303, redirect: next, headers: { 'Set-Cookie': sessionCookie(session, ctx.baseUrl.startsWith('https:')), 'Cache-Control': 'no-store' } };
}

/** An action (gate.ts): the session is forgotten and the browser's cookie cleared. */
export function signOut(sessions: InspectorSessions, session: InspectorSession): { notice: string; next: string; headers: Record<string, string> } {
  sessions.close(session);
  return { notice: 'Signed out.', next: INSPECTOR_PATH, headers: { 'Set-Cookie': clearedCookie() } };
}

/** Only a page of the inspector: never another site (an open redirect). */
function safeNext(next: string | null): string {
  return next && next.startsWith(`${INSPECTOR_PATH}/`) && !next.includes('\\') && !next.startsWith('//') ? next : `${INSPECTOR_PATH}/mail`;
}
