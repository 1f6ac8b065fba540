/**
 * The test-control API of auth sessions (docs/spec-gaps-auth-sessions.md,
 * "Test-control API"): what the session list shows of each session and in
 * which order, what approve and deny refuse, and the keys they mint.
 */
import { AuthSessionCompleted, ControlApiKey, ControlApiKeys, ControlAuthSessions, type ControlAuthSessionT } from '../../../schemas/auth-sessions.js';
import { expectError, expectOk, expectSchema, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { createSession, deviceName, HOUR, MINUTE, poll, revokeKey } from './sessions.js';

const NEEDS = { needs: ['control:auth-sessions' as const, 'control:clock' as const] };

const controlPath = (sessionId: string, verb: 'approve' | 'deny') => `/_control/auth/sessions/${encodeURIComponent(sessionId)}/${verb}`;

async function sessions(ctx: RuleContext): Promise<ControlAuthSessionT[]> {
  return expectSchema(await ctx.api.anonymous.get('/_control/auth/sessions'), ControlAuthSessions).sessions;
}

async function listed(ctx: RuleContext, sessionId: string): Promise<ControlAuthSessionT> {
  const session = (await sessions(ctx)).find((s) => s.sessionId === sessionId);
  if (!session) fail(`session ${sessionId} is not in /_control/auth/sessions`);
  return session;
}

/** Runs `step` and answers the clock's readings around it: what the target stamps lies between. */
async function timed<T>(ctx: RuleContext, step: () => Promise<T>): Promise<{ result: T; from: number; to: number }> {
  const from = (await ctx.control.clock()).now;
  const result = await step();
  const to = (await ctx.control.clock()).now;
  return { result, from, to };
}

function expectWithin(what: string, value: number | null, from: number, to: number): void {
  if (value === null || value < from || value > to) fail(`${what} is ${value}, expected the clock's time of the step (${from} .. ${to})`);
}

rule(
  ['auth-sessions.control.list'],
  "the list shows each session's fields and the times of its steps, newest first",
  async (ctx) => {
    const callbackUrl = 'https://callback.example.com/done';
    const name = deviceName(ctx, 'listed');
    const created = await timed(ctx, () => createSession(ctx, { deviceName: name, callbackUrl, supportsDeliveryAcknowledgement: true }));
    const { sessionId, verificationUrl } = created.result;
    const newer = (await createSession(ctx, {})).sessionId;
    const order = (await sessions(ctx)).map((s) => s.sessionId);
    if (!(order.indexOf(newer) < order.indexOf(sessionId))) fail(`the newer session ${newer} is not listed before ${sessionId}`);

    const pending = await listed(ctx, sessionId);
    const fields = { status: 'pending', deviceName: name, callbackUrl, supportsDeliveryAcknowledgement: true, verificationUrl, publicationId: null, apiKey: null };
    for (const [field, value] of Object.entries(fields)) {
      if (pending[field as keyof ControlAuthSessionT] !== value) fail(`a pending session lists ${field} ${JSON.stringify(pending[field as keyof ControlAuthSessionT])}, expected ${JSON.stringify(value)}`);
    }
    expectWithin('createdAt', pending.createdAt, created.from, created.to);
    if (pending.expiresAt !== pending.createdAt + 5 * MINUTE) fail(`expiresAt ${pending.expiresAt} is not five minutes after createdAt ${pending.createdAt}`);
    if (pending.forgetAt !== pending.expiresAt + HOUR) fail(`forgetAt ${pending.forgetAt} is not an hour after expiresAt ${pending.expiresAt}`);
    const unnamed = await listed(ctx, newer);
    if (unnamed.deviceName !== 'Unnamed device' || unnamed.callbackUrl !== null || unnamed.supportsDeliveryAcknowledgement) fail(`a session created with {} lists ${JSON.stringify(unnamed)}`);

    const approved = await timed(ctx, () => ctx.control.call<ControlAuthSessionT>('POST', controlPath(sessionId, 'approve'), {}));
    expectWithin('approvedAt', (await listed(ctx, sessionId)).approvedAt, approved.from, approved.to);
    const { apiKey } = expectOk(await poll(ctx, sessionId), AuthSessionCompleted);
    const delivered = await timed(ctx, () => ctx.api.anonymous.delete(`/v1/api/auth/sessions/${encodeURIComponent(sessionId)}`));
    const done = await listed(ctx, sessionId);
    if (done.status !== 'delivered' || done.apiKey !== apiKey) fail(`after the acknowledgement the session lists ${done.status} with key ${done.apiKey}`);
    expectWithin('deliveredAt', done.deliveredAt, delivered.from, delivered.to);
    await revokeKey(ctx, apiKey);

    const denied = await timed(ctx, () => ctx.control.call('POST', controlPath(newer, 'deny'), {}));
    const gone = await listed(ctx, newer);
    expectWithin('deniedAt', gone.deniedAt, denied.from, denied.to);
    if (gone.approvedAt !== null || gone.deliveredAt !== null) fail(`a denied session lists approvedAt ${gone.approvedAt} and deliveredAt ${gone.deliveredAt}`);
    // The client's DELETE of a pending session denies it too.
    const cancelled = (await createSession(ctx, {})).sessionId;
    const discarded = await timed(ctx, () => ctx.api.anonymous.delete(`/v1/api/auth/sessions/${encodeURIComponent(cancelled)}`));
    const refused = await listed(ctx, cancelled);
    if (refused.status !== 'denied') fail(`a session the client DELETEd while pending is listed ${refused.status}, expected denied`);
    expectWithin("the client's deniedAt", refused.deniedAt, discarded.from, discarded.to);
  },
  NEEDS,
);

rule(
  ['auth-sessions.control.list', 'auth-sessions.poll.expired-one-hour'],
  'an expired session is listed as expired, and no more once it is forgotten',
  async (ctx) => {
    const { sessionId } = await createSession(ctx, { deviceName: deviceName(ctx, 'forgotten') });
    await ctx.control.advanceClock(5 * MINUTE + 1000);
    if ((await listed(ctx, sessionId)).status !== 'expired') fail('a session past its expiry is not listed as expired');
    await ctx.control.advanceClock(HOUR);
    if ((await sessions(ctx)).some((s) => s.sessionId === sessionId)) fail('a session an hour past its expiry is still listed');
  },
  NEEDS,
);

rule(
  ['auth-sessions.control.approve', 'auth-sessions.control.deny'],
  'approve without publicationId grants the demo publication; an unknown session is 404, one no longer pending 409, an unknown publication 404',
  async (ctx) => {
    const { sessionId } = await createSession(ctx, { deviceName: deviceName(ctx, 'control') });
    const unknownPublication = await ctx.api.anonymous.post(controlPath(sessionId, 'approve'), { publicationId: `${ctx.runId}-unknown` });
    expectError(unknownPublication, 404);
    if ((await listed(ctx, sessionId)).status !== 'pending') fail('an approval for an unknown publication changed the session');

    const publications = await ctx.control.publications();
    const demo = publications.find((p) => p.slug === 'demo');
    if (!demo) return ctx.skip('the target has no demo publication');
    const answer = await ctx.control.call<ControlAuthSessionT>('POST', controlPath(sessionId, 'approve'), {});
    if (answer.sessionId !== sessionId || answer.status !== 'completed' || answer.publicationId !== demo.id) fail(`approve without publicationId answered ${JSON.stringify(answer)}, expected completed for ${demo.id}`);
    const keys = expectSchema(await ctx.api.anonymous.get('/_control/api-keys', { query: { publicationId: demo.id } }), ControlApiKeys);
    const key = keys.apiKeys.find((k) => k.key === answer.apiKey);
    if (!key) fail(`the key ${answer.apiKey} is not among the demo publication's keys`);
    const label = `CLI auth session: ${deviceName(ctx, 'control')}`;
    if (key.label !== label || key.source !== 'auth-session') fail(`the minted key is labelled ${JSON.stringify(key.label)} from ${key.source}, expected ${JSON.stringify(label)} from auth-session`);

    for (const verb of ['approve', 'deny'] as const) {
      expectError(await ctx.api.anonymous.post(controlPath(sessionId, verb), {}), 409);
      expectError(await ctx.api.anonymous.post(controlPath(`${ctx.runId}-unknown`, verb), {}), 404);
    }
    const revoked = expectSchema(expectStatus(await ctx.api.anonymous.delete(`/_control/api-keys/${encodeURIComponent(answer.apiKey!)}`), 200), ControlApiKey);
    if (revoked.key !== answer.apiKey || revoked.revokedAt === null) fail(`revoking answered ${JSON.stringify(revoked)}, expected the key with its revokedAt`);
  },
  NEEDS,
);
