/**
 * CLI auth session, expiry: five minutes after creation (public), then an
 * hour of `expired` before 404 (ours). Moves the target's clock, so it needs
 * the control capability `clock`. Margins of a second keep the tests right
 * on a clock that runs in real time between requests.
 */
import { AuthSessionCompleted, AuthSessionExpired, AuthSessionPending } from '../../../schemas/auth-sessions.js';
import { expectError, expectOk, expectStatus, fail, rule } from '../../src/authoring/index.js';
import { approve, createSession, HOUR, MINUTE, poll, revokeKey } from './sessions.js';

const SECOND = 1000;

rule(
  ['auth-sessions.poll.expired'],
  'a session not approved within five minutes answers {status: "expired"}',
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    await ctx.control.advanceClock(5 * MINUTE - 5 * SECOND);
    expectOk(await poll(ctx, sessionId), AuthSessionPending);
    await ctx.control.advanceClock(6 * SECOND);
    expectOk(await poll(ctx, sessionId), AuthSessionExpired);
  },
  { needs: ['control:clock'] },
);

rule(
  ['auth-sessions.poll.expired-one-hour'],
  'an expired session answers expired for one more hour of clock time, then 404',
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    await ctx.control.advanceClock(5 * MINUTE + SECOND);
    expectOk(await poll(ctx, sessionId), AuthSessionExpired);
    await ctx.control.advanceClock(HOUR - 3 * SECOND);
    expectOk(await poll(ctx, sessionId), AuthSessionExpired);
    await ctx.control.advanceClock(3 * SECOND);
    expectStatus(await poll(ctx, sessionId), 404);
  },
  { needs: ['control:clock'] },
);

rule(
  ['auth-sessions.delete.answer'],
  'DELETE of an expired session answers 404 and leaves it expired',
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    await ctx.control.advanceClock(5 * MINUTE + SECOND);
    expectError(await ctx.api.anonymous.delete(`/v1/api/auth/sessions/${encodeURIComponent(sessionId)}`), 404);
    expectOk(await poll(ctx, sessionId), AuthSessionExpired);
  },
  { needs: ['control:clock'] },
);

rule(
  ['auth-sessions.poll.completed-until-forgotten'],
  'an approved key not yet collected can be collected past the expiry, until an hour after it',
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    const { apiKey } = await approve(ctx, sessionId);
    await ctx.control.advanceClock(5 * MINUTE + HOUR - 3 * SECOND);
    const completed = expectOk(await poll(ctx, sessionId), AuthSessionCompleted);
    if (apiKey !== undefined && completed.apiKey !== apiKey) fail('the key collected late is not the key approved');
    await revokeKey(ctx, completed.apiKey);

    const late = (await createSession(ctx)).sessionId;
    const { apiKey: lost } = await approve(ctx, late);
    await ctx.control.advanceClock(5 * MINUTE + HOUR);
    expectStatus(await poll(ctx, late), 404);
    if (lost) await revokeKey(ctx, lost);
  },
  { needs: ['control:clock', 'control:auth-sessions'] },
);
