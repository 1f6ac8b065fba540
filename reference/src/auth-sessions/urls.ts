/**
 * The URLs of the approval flow: the page the client opens, and where the
 * browser goes after approval.
 */
import { CALLBACK_SESSION_PARAM } from '../../../schemas/auth-sessions.js';

/** Path pattern of the approval page (router syntax). */
export const PAGE_PATH = '/auth/sessions/:sessionId';

export function pagePath(sessionId: string): string {
  return `/auth/sessions/${encodeURIComponent(sessionId)}`;
}

export function verificationUrl(baseUrl: string, sessionId: string): string {
  return baseUrl + pagePath(sessionId);
}

/**
 * callbackUrl with `session=<id>` added to its query, replacing one already
 * there, fragment kept. The other query pairs are kept byte for byte
 * (URLSearchParams would re-encode them, and a client may sign its URL).
 */
export function callbackTarget(callbackUrl: string, sessionId: string): string {
  const url = new URL(callbackUrl);
  const pairs = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && paramName(pair) !== CALLBACK_SESSION_PARAM);
  pairs.push(`${CALLBACK_SESSION_PARAM}=${encodeURIComponent(sessionId)}`);
  url.search = `?${pairs.join('&')}`;
  return url.toString();
}

function paramName(pair: string): string {
  const raw = pair.split('=')[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
