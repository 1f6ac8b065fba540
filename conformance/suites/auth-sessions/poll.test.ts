/**
 * CLI auth session, polling and DELETE without approval: unknown ids,
 * denial by the client, and the answers of DELETE.
 */
import { ErrorBody } from '../../../schemas/common.js';
import { expectError, expectStatus, fail, fc, rule, type ApiResponse } from '../../src/authoring/index.js';
import { createSession, discard, poll, sessionPath } from './sessions.js';

/** SILENT.md: the production service answers {message} on this 404; ours answers {success: false, msg}; both pass. */
function expectSessionNotFoundBody(res: ApiResponse): void {
  const body = res.body as { message?: unknown } | undefined;
  if (ErrorBody.safeParse(body).success) return;
  if (typeof body?.message === 'string' && body.message.trim() !== '') return;
  fail(`${res.label} answered 404 with neither {success: false, msg} nor {message}: ${res.text.slice(0, 200)}`);
}

rule(
  ['auth-sessions.poll.unknown-404'],
  'GET of a session id that was never handed out answers 404',
  async (ctx) => {
    await ctx.check(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), async (id) => {
      expectStatus(await ctx.api.anonymous.get(sessionPath(`${ctx.runId}-${id}`)), 404);
    }, { runs: Math.min(ctx.runs, 20) });
  },
);

rule(
  ['auth-sessions.poll.unknown-error-shape'],
  'the 404 of an unknown session has the error body',
  async (ctx) => {
    const res = expectStatus(await ctx.api.anonymous.get(sessionPath(`${ctx.runId}-unknown`)), 404);
    expectSessionNotFoundBody(res);
  },
);

rule(
  ['auth-sessions.poll.unknown-message'],
  'the 404 of an unknown session says why in `message`, as production documents',
  async (ctx) => {
    const res = expectStatus(await ctx.api.anonymous.get(sessionPath(`${ctx.runId}-unknown`)), 404);
    const message = (res.body as { message?: unknown } | undefined)?.message;
    if (typeof message !== 'string' || message.trim() === '') fail(`${res.label} answered 404 without a message string: ${res.text.slice(0, 200)}`);
  },
);

rule(
  ['auth-sessions.delete.deny'],
  'DELETE on a pending session denies it: GET then answers 404',
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    expectStatus(await poll(ctx, sessionId), 200);
    expectStatus(await discard(ctx, sessionId), '2xx');
    expectStatus(await poll(ctx, sessionId), 404);
  },
);

rule(
  ['auth-sessions.delete.answer'],
  'DELETE answers 200 {success: true} on a pending session and 404 with the error body once it is gone or unknown',
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    const first = expectStatus(await discard(ctx, sessionId), 200);
    if (JSON.stringify(first.body) !== JSON.stringify({ success: true })) fail(`DELETE answered ${first.text}, expected {"success":true}`);
    expectError(await discard(ctx, sessionId), 404);
    expectError(await discard(ctx, `${ctx.runId}-unknown`), 404);
  },
);
