/** The request target as a path and a query, as the WHATWG URL parser reads it (normalised). */
import { ApiError, badRequest } from '../errors.js';

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
  let url: URL;
  try {
    url = new URL(raw, 'http://reference.invalid');
  } catch {
    throw badRequest('request URL is not valid');
  }
  return { pathname: servedPath(url.pathname), searchParams: url.searchParams };
}
