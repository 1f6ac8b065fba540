/**
 * Test-control routes for auth sessions and API keys: headless approval and
 * denial (what the writer does in the browser), the session list, and the
 * keys in full. Only under /_control, which is off with --no-control.
 */
import { notFound } from '../errors.js';
import { parseOr400 } from '../http/validate.js';
import type { RouteDef } from '../http/types.js';
import type { State } from '../state.js';
import type { ApiKeyRecord } from '../keys/store.js';
import { ControlAuthSessionApprove, type ControlApiKeyT, type ControlAuthSessionT } from '../../../schemas/auth-sessions.js';
import { displayName, forgetAt, type AuthSessionRecord } from './store.js';
import { verificationUrl } from './urls.js';

export const AUTH_SESSION_CONTROL_CAPABILITIES = ['auth-sessions', 'api-keys'];

export const authSessionControlRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/_control/auth/sessions',
    auth: 'none',
    handler: ({ state }) => ({ json: { sessions: state.authSessions.list().map((s) => sessionView(state, s)) } }),
  },
  {
    method: 'POST',
    path: '/_control/auth/sessions/:sessionId/approve',
    auth: 'none',
    handler: async (ctx) => {
      const body = parseOr400(ControlAuthSessionApprove, await ctx.json());
      const publicationId = body.publicationId ?? demoPublicationId(ctx.state);
      const record = ctx.state.authSessions.approve(ctx.params.sessionId, publicationId);
      return { json: sessionView(ctx.state, record) };
    },
  },
  {
    method: 'POST',
    path: '/_control/auth/sessions/:sessionId/deny',
    auth: 'none',
    handler: (ctx) => ({ json: sessionView(ctx.state, ctx.state.authSessions.deny(ctx.params.sessionId)) }),
  },
  {
    method: 'GET',
    path: '/_control/api-keys',
    auth: 'none',
    handler: ({ state, query }) => ({
      json: { apiKeys: state.keys.list(query.get('publicationId') ?? undefined).map(keyView) },
    }),
  },
  {
    method: 'DELETE',
    path: '/_control/api-keys/:key',
    auth: 'none',
    handler: ({ state, params }) => {
      if (!state.keys.revoke(params.key, state.clock.now())) throw notFound(`no active API key ${params.key}`);
      return { json: keyView(state.keys.list().find((k) => k.key === params.key)!) };
    },
  },
];

function sessionView(state: State, s: AuthSessionRecord): ControlAuthSessionT {
  return {
    sessionId: s.id,
    status: state.authSessions.statusOf(s),
    deviceName: displayName(s),
    callbackUrl: s.callbackUrl,
    supportsDeliveryAcknowledgement: s.supportsDeliveryAcknowledgement,
    verificationUrl: verificationUrl(state.baseUrl(), s.id),
    createdAt: s.createdAt,
    expiresAt: s.expiresAt,
    forgetAt: forgetAt(s),
    publicationId: s.publicationId,
    apiKey: s.apiKey,
    approvedAt: s.approvedAt,
    deniedAt: s.deniedAt,
    deliveredAt: s.deliveredAt,
  };
}

function keyView(k: ApiKeyRecord): ControlApiKeyT {
  return {
    key: k.key,
    publicationId: k.publicationId,
    label: k.label,
    source: k.source,
    createdAt: k.createdAt,
    revokedAt: k.revokedAt,
  };
}

function demoPublicationId(state: State): string {
  const demo = state.publications.all().find((p) => p.slug === 'demo');
  if (!demo) throw notFound('there is no demo publication: give publicationId');
  return demo.id;
}
