/**
 * Cross-site request forgery protection of the reference's HTML forms (the
 * CLI sign-in's approval form, the site's subscribe form; the inspector and
 * the unsubscribe pages use the origin check): a signed double-submit token
 * plus origin checks.
 *
 * The threat, for the approval form, is device-code phishing: an attacker starts a session, then gets
 * the victim's browser to POST "approve" for it, so the victim's key lands in
 * the attacker's poll. Three independent checks, each enough on its own
 * against a cross-site form:
 * 1. the browser must send the per-session cookie set when the page was shown
 *    (SameSite=Strict: never sent on a request started by another site;
 *    HttpOnly: not readable by a script on another port of the same host);
 * 2. the hidden form field must be HMAC(secret, sessionId + cookie nonce), so
 *    a token read from the attacker's own page view does not fit the victim's
 *    cookie;
 * 3. Origin (and Sec-Fetch-Site), when the browser sends them, must name this
 *    server: this catches a same-site page on another port that tossed its
 *    own cookie/token pair into the victim's browser.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { secretAlphanumeric, secretHex } from '../random.js';
import type { RequestContext } from './types.js';

/**
 * The HMAC key comes from the OS, not from the seeded source, on purpose: the
 * seed is public (GET /_control shows it), and a secret derived from it would
 * let anyone compute valid tokens. It only changes the hidden field of the
 * HTML page, never a JSON answer, so runs with the same seed still give the
 * same ids and the same API responses. One per process: a reset keeps it.
 */
const SECRET = secretHex(32);

export const CSRF_COOKIE = 'auth_session_csrf';
export const CSRF_FIELD = 'csrf_token';
/** The cookie outlives any session (5 minutes + the retention hour). */
const COOKIE_MAX_AGE_S = 2 * 60 * 60;

export function tokenFor(sessionId: string, nonce: string): string {
  return createHmac('sha256', SECRET).update(`${sessionId}\n${nonce}`).digest('base64url');
}

/**
 * The nonce of this browser for this session: the one its cookie already
 * holds (so two tabs both work), else a new one from the OS CSPRNG (showing
 * the page then draws nothing from the seeded source, whose sequence stays
 * the same whoever looks at pages).
 */
export function nonceFor(headers: IncomingHttpHeaders): { nonce: string; isNew: boolean } {
  const existing = readCookie(headers, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9]{24}$/.test(existing)) return { nonce: existing, isNew: false };
  return { nonce: secretAlphanumeric(24), isNew: true };
}

export function setCookieHeader(nonce: string, path: string, secure: boolean): string {
  return [
    `${CSRF_COOKIE}=${nonce}`,
    `Path=${path}`,
    `Max-Age=${COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Strict',
    // Secure only when served over https: on http://127.0.0.1 the browser would drop it.
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * Origins a legitimate form post comes from: the public base URL, and the
 * host the browser actually used (a reference reached as localhost while its
 * base URL says 127.0.0.1). Host is set by the victim's own browser, so an
 * attacker cannot use it to widen this list.
 */
export function allowedOrigins(ctx: RequestContext): string[] {
  const base = new URL(ctx.baseUrl);
  const origins = [base.origin];
  if (ctx.headers.host) origins.push(`${base.protocol}//${ctx.headers.host}`);
  return origins;
}

export type CsrfVerdict = { ok: true } | { ok: false; reason: string };

/** Check a form POST for the session; the reason is shown on the 403 page. */
export function verify(
  headers: IncomingHttpHeaders,
  sessionId: string,
  submitted: string | null,
  allowedOrigins: readonly string[],
): CsrfVerdict {
  const foreign = crossSiteReason(headers, allowedOrigins);
  if (foreign) return { ok: false, reason: foreign };
  const nonce = readCookie(headers, CSRF_COOKIE);
  if (!nonce) return { ok: false, reason: 'the browser did not send the cookie of this page (are cookies blocked?)' };
  if (!submitted) return { ok: false, reason: 'the form has no security token' };
  const expected = Buffer.from(tokenFor(sessionId, nonce));
  const given = Buffer.from(submitted);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'the security token does not match this browser' };
  return { ok: true };
}

/**
 * Why the browser says a request came from another site, or null. Origin must
 * be one of ours; Sec-Fetch-Site same-origin (or none: typed in, a bookmark).
 * A missing header passes (curl, old browsers): the other checks still apply.
 */
export function crossSiteReason(headers: IncomingHttpHeaders, allowedOrigins: readonly string[]): string | null {
  const origin = headers.origin;
  if (origin !== undefined && !allowedOrigins.includes(origin)) return `the form was sent from another site (${origin})`;
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `the form was sent from another site (Sec-Fetch-Site: ${site})`;
  return null;
}

export function readCookie(headers: IncomingHttpHeaders, name: string): string | undefined {
  const header = headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
