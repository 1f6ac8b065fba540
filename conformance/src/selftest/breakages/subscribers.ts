/** Breakages of the subscribers rules, as proxy hooks. */
import { jsonOf, withJson } from '../json-body.js';
import type { ProxyHooks } from '../rewriting-proxy.js';

type Who = { email?: unknown; wallet?: unknown; walletAddress?: unknown } | undefined;

/** The lower-cased email and wallet of a subscriber as added (wallet) or listed (walletAddress). */
const keysOf = (who: Who) => [who?.email, who?.wallet ?? who?.walletAddress].filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase());

/** A subscriber added a second time (same email or wallet, any case) is listed twice by GET /v1/subscribers. */
export function repeatedSubscribersListedTwice(): ProxyHooks {
  const seen = new Set<string>();
  const twice = new Set<string>();
  return {
    response(response, request) {
      if (request.pathname !== '/v1/subscribers' || response.status !== 200) return response;
      const who = jsonOf<Who>(request.body);
      if (request.method === 'POST') for (const key of keysOf(who)) (seen.has(key) ? twice : seen).add(key);
      if (request.method === 'DELETE') for (const key of keysOf(who)) (seen.delete(key), twice.delete(key));
      if (request.method !== 'GET') return response;
      const page = jsonOf<{ items: Array<{ email?: string; walletAddress?: string }> }>(response.body);
      if (!page || !Array.isArray(page.items)) return response;
      const items = page.items.flatMap((s) => (keysOf(s).some((k) => twice.has(k)) ? [s, s] : [s]));
      return withJson(response, { ...page, items });
    },
  };
}
