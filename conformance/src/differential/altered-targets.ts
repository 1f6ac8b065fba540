/**
 * Targets that differ from the reference in exactly one behaviour, as
 * rewriting-proxy hooks, for the tests of differential mode: a status code,
 * a body field, an order and a state transition. None of them breaks a rule
 * the differential run knows about by itself: the run must find each by
 * comparing with the reference.
 */
import { jsonOf, withJson } from '../selftest/json-body.js';
import type { ProxyHooks } from '../selftest/rewriting-proxy.js';

const ONE_POST = /^\/v1\/posts\/[^/]+$/;
const ONE_PIECE = /^\/v1\/content\/[^/]+$/;

/** Status code: a PUT /v1/posts/{id} the server refuses with 400 answers 422 instead. */
export function refusedUpdatesAnswer422(): ProxyHooks {
  return {
    response(response, request) {
      if (request.method !== 'PUT' || !ONE_POST.test(request.pathname) || response.status !== 400) return response;
      return { ...response, status: 422 };
    },
  };
}

/** Body field: GET /v1/content/{id} answers the excerpt cut to 5 characters. */
export function excerptCutShort(): ProxyHooks {
  return {
    response(response, request) {
      if (request.method !== 'GET' || !ONE_PIECE.test(request.pathname) || response.status !== 200) return response;
      const piece = jsonOf<Record<string, unknown>>(response.body);
      if (typeof piece?.excerpt !== 'string') return response;
      return withJson(response, { ...piece, excerpt: piece.excerpt.slice(0, 5) });
    },
  };
}

/** Order: GET /v1/content lists oldest activity first (SPEC.md: newest first). */
export function contentListedOldestFirst(): ProxyHooks {
  return {
    response(response, request) {
      if (request.method !== 'GET' || request.pathname !== '/v1/content' || response.status !== 200) return response;
      const page = jsonOf<{ items?: unknown[] }>(response.body);
      if (!Array.isArray(page?.items)) return response;
      return withJson(response, { ...page, items: [...page.items].reverse() });
    },
  };
}

/**
 * State transition: archiving a draft post is accepted ({success: true}) but
 * the post stays a draft. The PUT is first sent on as a harmless GET of the
 * post (the original body kept aside in a header): a draft's answer becomes
 * the success body; any other post gets the original PUT after all.
 */
export function draftsNotArchived(): ProxyHooks {
  const ORIGINAL = 'x-differential-original-body';
  return {
    request(request) {
      if (request.method !== 'PUT' || !ONE_POST.test(request.pathname)) return request;
      if (jsonOf<Record<string, unknown>>(request.body)?.status !== 'archived') return request;
      const headers: Record<string, string> = { ...request.headers, [ORIGINAL]: request.body.toString('base64') };
      delete headers['content-type'];
      return { ...request, method: 'GET', body: Buffer.alloc(0), headers };
    },
    async response(response, request, upstream) {
      const original = request.headers[ORIGINAL];
      if (original === undefined) return response;
      if (response.status === 200 && jsonOf<{ status?: string }>(response.body)?.status === 'draft') return withJson(response, { success: true });
      const headers: Record<string, string> = { ...request.headers, 'content-type': 'application/json' };
      delete headers[ORIGINAL];
      return upstream({ method: 'PUT', path: request.path, headers, body: Buffer.from(original, 'base64') });
    },
  };
}

const OPEN_ORDER_LISTS = [/^\/v1\/posts$/, /^\/v1\/posts\/feed$/, /^\/v1\/posts\/tag\/[^/]+$/, /^\/v1\/publications\/[^/]+\/posts$/, /^\/v1\/buckets$/];

/**
 * Differs from the reference only where the spec allows it: other ids for
 * the posts it creates (each id reversed, consistently in both directions),
 * other error wording, and lists of open order reversed. A differential run
 * against it must find nothing.
 */
export function onlyLegitimateDifferences(): ProxyHooks {
  const aliases = new Map<string, string>();
  const swap = (text: string, from: 'real' | 'alias') => {
    let out = text;
    for (const [real, alias] of aliases) out = from === 'real' ? out.split(real).join(alias) : out.split(alias).join(real);
    return out;
  };
  return {
    request(request) {
      return { ...request, path: swap(request.path, 'alias'), body: Buffer.from(swap(request.body.toString('utf8'), 'alias')) };
    },
    response(response, request) {
      let json = jsonOf<Record<string, unknown>>(response.body);
      if (json === undefined) return response;
      if (request.method === 'POST' && request.pathname === '/v1/posts' && typeof json.id === 'string') aliases.set(json.id, [...json.id].reverse().join(''));
      if (json.success === false && typeof json.msg === 'string') json = { ...json, msg: `Refused (${json.msg.length} characters of reason)` };
      if (request.method === 'GET' && OPEN_ORDER_LISTS.some((list) => list.test(request.pathname)) && Array.isArray(json.items)) {
        json = { ...json, items: [...(json.items as unknown[])].reverse() };
      }
      return withJson(response, JSON.parse(swap(JSON.stringify(json), 'real')));
    },
  };
}
