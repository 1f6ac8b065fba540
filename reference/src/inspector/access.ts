/**
 * Who may use the inspector, and proof that a form came from it.
 *
 * The inspector is a browser's view of the control API, so it follows the
 * same rules (the Host check happens before any route, in app.ts) plus what a
 * browser needs:
 * - A session cookie (`inspector_session`: HttpOnly, SameSite=Strict, path
 *   /_inspector, random from the OS CSPRNG). Without a control token any
 *   visitor the Host check admits gets one on the first page; with one, only
 *   the sign-in form hands it out, after the token was typed in. The browser
 *   never holds the token itself, and a script cannot read the cookie.
 * - Every state change is a form POST that must carry the session's CSRF
 *   token (a second random value, in a hidden field) and, when the browser
 *   says where it comes from (Origin, Sec-Fetch-Site), come from this server.
 *   SameSite=Strict keeps the cookie off requests other sites start; the
 *   token and the origin check also stop a page on another port of the same
 *   host (the same "site" for cookies).
 * Sessions live in memory and end with the process or on sign-out; a reset
 * keeps them (they are the harness's, not the state's).
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { secretAlphanumeric } from '../random.js';
import { readCookie } from '../http/csrf.js';

export const SESSION_COOKIE = 'inspector_session';
export const CSRF_FIELD = 'csrf_token';
export const INSPECTOR_PATH = '/_inspector';
/** Sessions kept at once; the oldest is dropped past it (each costs a few dozen bytes). */
const MAX_SESSIONS = 1000;
/** The cookie's life in the browser; the server forgets a session on sign-out or restart. */
const COOKIE_MAX_AGE_S = 12 * 60 * 60;

export interface InspectorSession {
  id: string;
  csrf: string;
  /** A message for the next page shown (what an action did), then cleared. */
  flash: { text: string; error: boolean } | null;
}

export class InspectorSessions {
  private readonly sessions = new Map<string, InspectorSession>();

  /** The session the browser's cookie names, if this process handed it out. */
  find(headers: IncomingHttpHeaders): InspectorSession | undefined {
    const id = readCookie(headers, SESSION_COOKIE);
    return id === undefined ? undefined : this.sessions.get(id);
  }

  open(): InspectorSession {
    if (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    const session: InspectorSession = { id: secretAlphanumeric(32), csrf: secretAlphanumeric(32), flash: null };
    this.sessions.set(session.id, session);
    return session;
  }

  close(session: InspectorSession): void {
    this.sessions.delete(session.id);
  }
}

export function sessionCookie(session: InspectorSession, secure: boolean): string {
  return [`${SESSION_COOKIE}=${session.id}`, `Path=${INSPECTOR_PATH}`, `Max-Age=${COOKIE_MAX_AGE_S}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}

export function clearedCookie(): string {
  return `${SESSION_COOKIE}=; Path=${INSPECTOR_PATH}; Max-Age=0; HttpOnly; SameSite=Strict`;
}

/** Why a form POST is refused, or null when its CSRF token is the session's. */
export function csrfProblem(session: InspectorSession | undefined, submitted: string | null): string | null {
  if (!session) return 'the browser did not send the inspector session cookie (are cookies blocked, or was the server restarted?)';
  if (!submitted) return 'the form has no security token';
  const expected = Buffer.from(session.csrf);
  const given = Buffer.from(submitted);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'the security token does not match this browser session';
  return null;
}
