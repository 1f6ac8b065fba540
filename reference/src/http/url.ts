/**
 * The request target as a path and a query. Most targets are plain (letters,
 * digits, a few marks) and are split directly; anything else goes through the
 * WHATWG URL parser, which normalises it. Both give the same answer for plain
 * targets (url.test.ts checks it), so the shortcut changes nothing but cost.
 */
import { ApiError, badRequest } from '../errors.js';

// A path of plain segments and a query of printable ASCII: what the WHATWG
// parser would return unchanged (no dot segments, nothing to percent-encode,
// no fragment), so it can be split without building a URL.
// A leading "//" is excluded: the parser reads it as a host.
const PLAIN_TARGET = /^(?!\/\/)(\/[A-Za-z0-9_~!$&'()*+,;=:@-]*)+(\?[\x21-\x22\x24-\x7e]*)?$/;

/** The production service's base path: a client pointed at production's layout works unchanged. */
const PRODUCTION_BASE = '/api/v1';

/** /api/v1/posts is served as /v1/posts; any other path as it is. */
export function servedPath(pathname: string): string {
  return pathname.startsWith(PRODUCTION_BASE) && (pathname.length === PRODUCTION_BASE.length || pathname.charCodeAt(PRODUCTION_BASE.length) === 47)
    ? pathname.slice('/api'.length)
    : pathname;
}

/** The path to route (production's base path served as /v1) and the query. */
export function parseUrl(raw: string): { pathname: string; searchParams: URLSearchParams } {
  if (raw.length > 8192) throw new ApiError(414, 'request URL is longer than 8192 characters');
  if (PLAIN_TARGET.test(raw)) {
    const q = raw.indexOf('?');
    return q < 0
      ? { pathname: servedPath(raw), searchParams: new URLSearchParams() }
      : // The "?" goes along: URLSearchParams drops one leading "?", and only one.
        { pathname: servedPath(raw.slice(0, q)), searchParams: new URLSearchParams(raw.slice(q)) };
  }
  let url: URL;
  try {
    url = new URL(raw, 'http://reference.invalid');
  } catch {
    throw badRequest('request URL is not valid');
  }
  return { pathname: servedPath(url.pathname), searchParams: url.searchParams };
}
