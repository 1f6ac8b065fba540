/** Breakages of the pagination rules, as proxy hooks. */
import { jsonOf, withJson } from '../json-body.js';
import type { ProxyHooks } from '../rewriting-proxy.js';

/** On every list, the last item of a page is repeated at the head of the next page. */
export function lastItemRepeatedOnNextPage(): ProxyHooks {
  // The last item of each page served, by the cursor that page handed out.
  const lastItemByCursor = new Map<string, unknown>();
  return {
    response(response, request) {
      if (request.method !== 'GET' || response.status !== 200) return response;
      const page = jsonOf<{ items?: unknown; pagination?: { cursor?: unknown } }>(response.body);
      if (!page || !Array.isArray(page.items) || typeof page.pagination?.cursor !== 'string') return response;
      const items: unknown[] = page.items;
      const last = items[items.length - 1];
      if (page.pagination.cursor !== '' && last !== undefined) lastItemByCursor.set(page.pagination.cursor, last);
      const cursor = request.query.get('cursor');
      const repeated = cursor ? lastItemByCursor.get(cursor) : undefined;
      return repeated === undefined ? response : withJson(response, { ...page, items: [repeated, ...items] });
    },
  };
}
