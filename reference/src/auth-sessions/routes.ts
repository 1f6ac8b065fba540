/**
 * HTTP for CLI auth sessions under /v1/api/auth/sessions: create, poll,
 * deny or acknowledge. None needs an API key: the session id is the secret.
 */
import { alsoAsMessage, badRequest } from '../errors.js';
import { parseOr400 } from '../http/validate.js';
import type { RouteDef } from '../http/types.js';
import { AuthSessionCreate } from '../../../schemas/auth-sessions.js';
import { verificationUrl } from './urls.js';

/** The create body is three small fields; nothing legitimate comes near this. */
const CREATE_BODY_LIMIT = 16 * 1024;

export const authSessionRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/api/auth/sessions',
    auth: 'none',
    bodyLimit: CREATE_BODY_LIMIT,
    handler: async (ctx) => {
      const body = await ctx.json();
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        throw badRequest('body must be a JSON object (all of deviceName, callbackUrl, supportsDeliveryAcknowledgement are optional)');
      const session = ctx.state.authSessions.create(parseOr400(AuthSessionCreate, body));
      return {
        status: 201,
        json: {
          sessionId: session.id,
          verificationUrl: verificationUrl(ctx.baseUrl, session.id),
          expiresAt: new Date(session.expiresAt).toISOString(),
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/v1/api/auth/sessions/:sessionId',
    auth: 'none',
    // The answer may carry an API key: no cache may keep it.
    handler: (ctx) => {
      try {
        return { json: ctx.state.authSessions.poll(ctx.params.sessionId), headers: { 'Cache-Control': 'no-store' } };
      } catch (err) {
        // Production documents this 404 as {message}; the body carries it beside {success, msg}.
        throw alsoAsMessage(err);
      }
    },
  },
  {
    method: 'DELETE',
    path: '/v1/api/auth/sessions/:sessionId',
    auth: 'none',
    handler: (ctx) => {
      ctx.state.authSessions.discard(ctx.params.sessionId);
      return { json: { success: true } };
    },
  },
];
