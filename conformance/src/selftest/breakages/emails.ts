/** Breakages of the emails rules, as proxy hooks. */
import { jsonOf, withJson } from '../json-body.js';
import type { ProxyHooks } from '../rewriting-proxy.js';

type Email = { kind?: unknown };

/** GET /_control/outbox lists every newsletter email twice, as if each was sent twice. */
export function newslettersSentTwice(): ProxyHooks {
  const twice = (list: Email[]) => list.flatMap((e) => (e.kind === 'newsletter' ? [e, e] : [e]));
  return {
    response(response, request) {
      if (request.method !== 'GET' || request.pathname !== '/_control/outbox' || response.status !== 200) return response;
      const body = jsonOf<unknown>(response.body);
      if (Array.isArray(body)) return withJson(response, twice(body));
      const wrapped = body as { emails?: Email[]; items?: Email[] } | undefined;
      if (wrapped?.emails) return withJson(response, { ...wrapped, emails: twice(wrapped.emails) });
      if (wrapped?.items) return withJson(response, { ...wrapped, items: twice(wrapped.items) });
      return response;
    },
  };
}

/** POST /v1/emails/send answers suppressed addresses as accepted: gone from skipped, one more accepted each. */
export function suppressedAddressesAccepted(): ProxyHooks {
  return {
    response(response, request) {
      if (request.method !== 'POST' || request.pathname !== '/v1/emails/send' || response.status !== 200) return response;
      const result = jsonOf<{ accepted?: number; skipped?: Array<{ reason?: unknown }> }>(response.body);
      if (!result || typeof result.accepted !== 'number' || !Array.isArray(result.skipped)) return response;
      const kept = result.skipped.filter((s) => s.reason !== 'suppressed');
      return withJson(response, { ...result, accepted: result.accepted + result.skipped.length - kept.length, skipped: kept });
    },
  };
}
