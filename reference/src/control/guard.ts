/**
 * What every /_control request must show before its handler runs.
 *
 * - A write (POST, PUT, PATCH) must be sent as `Content-Type: application/json`,
 *   even with no body. A web page can send a "simple" cross-site request
 *   (text/plain, a form, or no body at all) without asking first; with JSON
 *   the browser must ask first (a preflight), and the control API grants no
 *   other origin. DELETE always needs a preflight, so it needs no type.
 * - With a control token (--control-token, REFERENCE_CONTROL_TOKEN), every
 *   request must carry `Authorization: Bearer <token>`: for a control API
 *   reachable from other machines.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, unsupportedMediaType } from '../errors.js';
import { bearerToken } from '../http/auth.js';
import { isJsonContentType } from '../http/body.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

export function checkControlRequest(method: string, headers: IncomingHttpHeaders, controlToken: string | undefined): void {
  if (controlToken !== undefined && !sameSecret(bearerToken(headers.authorization), controlToken))
    throw new ApiError(401, 'the test-control API needs Authorization: Bearer <control token> (this server was started with --control-token)', {
      'WWW-Authenticate': 'Bearer realm="_control"',
    });
  if (WRITES.has(method) && !isJsonContentType(headers['content-type']))
    throw unsupportedMediaType(
      `test-control writes must be sent with Content-Type: application/json, even without a body (so that no web page can send one); got ${headers['content-type'] === undefined ? 'none' : JSON.stringify(headers['content-type'].slice(0, 100))}`,
    );
}

/** Compared by digest: the time taken says nothing about the token's length or its first differing byte. */
export function sameSecret(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
