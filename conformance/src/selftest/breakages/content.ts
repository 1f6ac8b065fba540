/** Breakages of the content and buckets rules, as proxy hooks. */
import { jsonOf, withJson } from '../json-body.js';
import type { ProxiedRequest, ProxyHooks } from '../rewriting-proxy.js';

const TWEET_MAX = 280;
const PIECE = /^\/v1\/content\/([^/]+)$/;

/** The same path read with GET: the piece as it is now. */
const readAgain = (request: ProxiedRequest) => ({ ...request, method: 'GET', body: Buffer.alloc(0) });

/** A thread entry over 280 characters is cut to 280 before forwarding: accepted instead of refused. */
export function threadEntriesOver280Accepted(): ProxyHooks {
  const tooLong = (tweet: unknown) => typeof tweet === 'string' && [...tweet].length > TWEET_MAX;
  return {
    request(request) {
      const piece = jsonOf<{ body?: { tweets?: unknown } }>(request.body);
      const tweets = piece?.body?.tweets;
      if (request.method !== 'POST' || request.pathname !== '/v1/content' || !Array.isArray(tweets) || !tweets.some(tooLong)) return request;
      const cut = tweets.map((t) => (typeof t === 'string' ? [...t].slice(0, TWEET_MAX).join('') : t));
      return withJson(request, { ...piece, body: { ...piece!.body, tweets: cut } });
    },
  };
}

/** Pieces archived through the proxy (and not restored) are added to the first page of status=all. */
export function archivedDraftsListedUnderAll(): ProxyHooks {
  const archived = new Map<string, { auth: string; summary: Record<string, unknown> }>();
  return {
    response(response, request) {
      const auth = request.headers.authorization ?? '';
      const action = /^\/v1\/content\/([^/]+)\/(archive|restore)$/.exec(request.pathname);
      if (request.method === 'POST' && action && response.status === 200) {
        const piece = jsonOf<Record<string, unknown>>(response.body);
        if (action[2] === 'restore' || !piece || piece.publishedAt) {
          archived.delete(action[1]!);
        } else {
          const { body: _body, ...summary } = piece;
          archived.set(action[1]!, { auth, summary });
        }
      }
      const { query } = request;
      if (request.method !== 'GET' || request.pathname !== '/v1/content' || query.get('status') !== 'all' || query.get('cursor') || response.status !== 200) return response;
      const page = jsonOf<{ items: Array<{ id: string; updatedAt: string }>; pagination?: { hasMore?: boolean } }>(response.body);
      if (!page || !Array.isArray(page.items)) return response;
      const kind = query.get('kind');
      const last = page.items[page.items.length - 1];
      // In its place in the order (newest activity first), so that a client reading down to a date still meets it.
      const extra = [...archived.entries()]
        .filter(([id, a]) => a.auth === auth && !page.items.some((i) => i.id === id) && (!kind || a.summary.kind === kind))
        .map(([, a]) => a.summary as { id: string; updatedAt: string })
        .filter((p) => !page.pagination?.hasMore || !last || p.updatedAt >= last.updatedAt);
      if (extra.length === 0) return response;
      const items = [...extra, ...page.items].sort((x, y) => (x.updatedAt === y.updatedAt ? (x.id < y.id ? -1 : 1) : x.updatedAt > y.updatedAt ? -1 : 1));
      return withJson(response, { ...page, items });
    },
  };
}

/** A PATCH with a body refused because the piece is locked answers 200 with the piece instead. */
export function lockedBodyEditAccepted(): ProxyHooks {
  return {
    async response(response, request, upstream) {
      const patch = jsonOf<Record<string, unknown>>(request.body);
      if (request.method !== 'PATCH' || !PIECE.test(request.pathname) || response.status !== 400 || !patch || !('body' in patch)) return response;
      const now = await upstream(readAgain(request));
      const piece = jsonOf<{ lockedReason?: unknown }>(now.body);
      if (now.status !== 200 || !piece || piece.lockedReason === null || piece.lockedReason === undefined) return response;
      return { ...withJson(now, piece), status: 200 };
    },
  };
}

/** A PATCH bucketId answered 409 (grouped elsewhere) answers 200, and the piece reads as moved from then on. */
export function piecesMovedBetweenGroups(): ProxyHooks {
  const moved = new Map<string, string>();
  return {
    async response(response, request, upstream) {
      const id = PIECE.exec(request.pathname)?.[1];
      if (id === undefined) return response;
      if (request.method === 'PATCH' && response.status === 409) {
        const bucketId = jsonOf<{ bucketId?: unknown }>(request.body)?.bucketId;
        if (typeof bucketId !== 'string') return response;
        const now = await upstream(readAgain(request));
        if (now.status !== 200) return response;
        moved.set(id, bucketId);
        return { ...withJson(now, { ...jsonOf<Record<string, unknown>>(now.body), bucketId }), status: 200 };
      }
      const to = moved.get(id);
      if (request.method === 'GET' && to && response.status === 200) return withJson(response, { ...jsonOf<Record<string, unknown>>(response.body), bucketId: to });
      return response;
    },
  };
}
