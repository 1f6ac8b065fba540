/** Breakages of the posts rules, as proxy hooks: title limits and isolation between publications. */
import { jsonOf, withJson } from '../json-body.js';
import type { OutgoingRequest, ProxyHooks, Upstream } from '../rewriting-proxy.js';

const TITLE_MAX = 200;
const POST_WRITE = /^\/v1\/posts(\/[^/]+)?$/;
const ONE_POST = /^\/v1\/posts\/[^/]+$/;

/** A title over 200 characters on POST /v1/posts or PUT /v1/posts/{id} is cut to 200 before forwarding: accepted instead of refused. */
export function titlesOver200Accepted(): ProxyHooks {
  return {
    request(request) {
      if ((request.method !== 'POST' && request.method !== 'PUT') || !POST_WRITE.test(request.pathname)) return request;
      const post = jsonOf<Record<string, unknown>>(request.body);
      if (typeof post?.title !== 'string' || post.title.length <= TITLE_MAX) return request;
      return withJson(request, { ...post, title: post.title.slice(0, TITLE_MAX) });
    },
  };
}

/** GET /v1/posts/{id} with A's key that the server refuses is retried with B's key: A reads B's drafts. */
export function foreignDraftsReadable(): ProxyHooks {
  let keys: Promise<{ a: string; b: string }> | undefined;
  return {
    async response(response, request, upstream) {
      if (request.method !== 'GET' || !ONE_POST.test(request.pathname) || request.pathname === '/v1/posts/feed' || response.status === 200) return response;
      keys ??= fixtureKeys(upstream);
      const { a, b } = await keys;
      if (request.headers.authorization !== `Bearer ${a}`) return response;
      const asB = await upstream({ ...request, headers: { ...request.headers, authorization: `Bearer ${b}` } });
      return asB.status === 200 ? asB : response;
    },
  };
}

/** The keys of the fixture publications A (demo) and B (other), asked of the server behind the proxy once. */
async function fixtureKeys(upstream: Upstream): Promise<{ a: string; b: string }> {
  const ask: OutgoingRequest = { method: 'GET', path: '/_control/publications', headers: {}, body: Buffer.alloc(0) };
  const body = jsonOf<{ publications: Array<{ slug: string; apiKeys: string[] }> }>((await upstream(ask)).body);
  const key = (slug: string) => body!.publications.find((p) => p.slug === slug)!.apiKeys[0]!;
  return { a: key('demo'), b: key('other') };
}
