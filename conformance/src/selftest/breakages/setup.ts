/**
 * Breakages that hit the suite's setup rather than one rule: the kind of
 * target an implementer first points the suite at (a mock, a half-built
 * server), where the suite must stay bounded and name the one root cause.
 */
import { jsonOf, withJson } from '../json-body.js';
import type { ProxiedRequest, ProxyHooks } from '../rewriting-proxy.js';

/** POST /v1/posts with status draft answers 500: every test that starts from a draft is blocked. */
export function draftCreationBroken(): ProxyHooks {
  return {
    response(response, request) {
      if (request.method !== 'POST' || request.pathname !== '/v1/posts') return response;
      if (jsonOf<{ status?: unknown }>(request.body)?.status !== 'draft') return response;
      return withJson({ ...response, status: 500 }, { success: false, msg: 'internal error' });
    },
  };
}

/**
 * Like a stateless mock: GET /v1/subscribers always answers the first page
 * again with hasMore true and the same cursor. `requests` counts the pages
 * asked for, to show the walks stop.
 */
export function subscriberListNeverEnds(): ProxyHooks & { requests: () => number } {
  let requests = 0;
  const isList = (request: ProxiedRequest) => request.method === 'GET' && request.pathname === '/v1/subscribers';
  return {
    requests: () => requests,
    request(request) {
      if (!isList(request)) return request;
      requests++;
      // Every page is the first one, whatever cursor was sent.
      const query = new URLSearchParams(request.query);
      query.delete('cursor');
      return { ...request, path: `${request.pathname}?${query}` };
    },
    response(response, request) {
      if (!isList(request) || response.status !== 200) return response;
      const page = jsonOf<{ items: unknown[]; pagination: Record<string, unknown> }>(response.body);
      if (!page?.pagination) return response;
      return withJson(response, { ...page, pagination: { ...page.pagination, hasMore: true, cursor: 'next-page' } });
    },
  };
}
