/**
 * CLI auth session, after the writer's decision: the hand-over of the key,
 * with and without delivery acknowledgement, and denial. The writer's
 * decision is made through the test-control API, so every test here needs
 * the control capability `auth-sessions` and is skipped without it.
 */
import { AuthSessionCompleted, ControlApiKeys, ControlAuthSessions } from '../../../schemas/auth-sessions.js';
import { Me } from '../../../schemas/publications.js';
import { expectError, expectOk, expectSchema, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { approve, createSession, deny, discard, poll, revokeKey } from './sessions.js';

const NEEDS = { needs: ['control:auth-sessions' as const] };

/** Polls once and checks the completed answer; answers the key. */
async function collect(ctx: RuleContext, sessionId: string): Promise<string> {
  return expectOk(await poll(ctx, sessionId), AuthSessionCompleted).apiKey;
}

rule(
  ['auth-sessions.poll.completed', 'auth-sessions.control.approve'],
  'after approval the session answers {status: "completed", apiKey} with the key the writer approved',
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    const approved = await approve(ctx, sessionId);
    const apiKey = await collect(ctx, sessionId);
    if (approved.apiKey !== undefined && approved.apiKey !== apiKey) fail('the polled key is not the key the approval minted');
    await revokeKey(ctx, apiKey);
  },
  NEEDS,
);

rule(
  ['auth-sessions.poll.no-store'],
  'the pending and completed poll answers are never cached (Cache-Control: no-store)',
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    const pending = expectStatus(await poll(ctx, sessionId), 200);
    if (pending.headers['cache-control'] !== 'no-store') fail(`the pending answer has Cache-Control ${pending.headers['cache-control']}`);
    await approve(ctx, sessionId);
    const completed = expectStatus(await poll(ctx, sessionId), 200);
    if (completed.headers['cache-control'] !== 'no-store') fail(`the completed answer, with the key, has Cache-Control ${completed.headers['cache-control']}`);
    await revokeKey(ctx, expectSchema(completed, AuthSessionCompleted).apiKey);
  },
  NEEDS,
);

rule(
  ['auth-sessions.key.works', 'auth.bearer.accepted'],
  "the handed-over key authenticates as the approving writer's publication",
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    await approve(ctx, sessionId);
    const apiKey = await collect(ctx, sessionId);
    const as = ctx.api.withAuthorization(`Bearer ${apiKey}`);
    expectStatus(await as.get('/v1/posts'), 200);
    const me = expectOk(await as.get('/v1/me'), Me);
    const expected = ctx.target.publications.a?.id;
    if (expected && me.id !== expected) fail(`the key authenticates as publication ${me.id}, approved for ${expected}`);
    await revokeKey(ctx, apiKey);
  },
  { ...NEEDS, profile: 'extended' },
);

rule(
  ['auth-sessions.key.form'],
  "the handed-over key is para_ and 32 letters and digits, production's form",
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    await approve(ctx, sessionId);
    const apiKey = await collect(ctx, sessionId);
    await revokeKey(ctx, apiKey);
    if (!/^para_[A-Za-z0-9]{32}$/.test(apiKey)) fail(`the handed-over key ${JSON.stringify(apiKey)} is not para_ and 32 letters and digits`);
  },
  NEEDS,
);

rule(
  ['auth-sessions.key.once'],
  'without delivery acknowledgement, no answer after the first completed one carries the key',
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    await approve(ctx, sessionId);
    const apiKey = await collect(ctx, sessionId);
    for (let i = 0; i < 2; i++) {
      const again = await poll(ctx, sessionId);
      if (again.text.includes(apiKey)) fail(`poll ${i + 2} answered ${again.status} with the key again`);
    }
    await revokeKey(ctx, apiKey);
  },
  NEEDS,
);

rule(
  ['auth-sessions.ack.without-once'],
  'without delivery acknowledgement the session answers 404 right after the first completed answer',
  async (ctx) => {
    const { sessionId } = await createSession(ctx, { supportsDeliveryAcknowledgement: false });
    await approve(ctx, sessionId);
    const apiKey = await collect(ctx, sessionId);
    expectStatus(await poll(ctx, sessionId), 404);
    await revokeKey(ctx, apiKey);
  },
  NEEDS,
);

rule(
  ['auth-sessions.ack.keeps-completed', 'auth-sessions.delete.answer'],
  'with delivery acknowledgement the key repeats until DELETE, then 404, and the key stays valid',
  async (ctx) => {
    const { sessionId } = await createSession(ctx, { supportsDeliveryAcknowledgement: true });
    await approve(ctx, sessionId);
    const apiKey = await collect(ctx, sessionId);
    for (let i = 0; i < 2; i++) {
      if ((await collect(ctx, sessionId)) !== apiKey) fail(`poll ${i + 2} answered another key`);
    }
    const ack = expectStatus(await discard(ctx, sessionId), 200);
    if (JSON.stringify(ack.body) !== JSON.stringify({ success: true })) fail(`DELETE answered ${ack.text}, expected {"success":true}`);
    expectStatus(await poll(ctx, sessionId), 404);
    expectStatus(await discard(ctx, sessionId), 404);
    expectStatus(await ctx.api.withAuthorization(`Bearer ${apiKey}`).get('/v1/posts'), 200);
    await revokeKey(ctx, apiKey);
  },
  NEEDS,
);

rule(
  ['auth-sessions.delete.unseen-key-revoked'],
  'DELETE of an approved session before any poll carried the key revokes the key',
  async (ctx) => {
    const { sessionId } = await createSession(ctx, { supportsDeliveryAcknowledgement: true });
    const { apiKey } = await approve(ctx, sessionId);
    if (typeof apiKey !== 'string') return ctx.skip('the control approval did not answer the minted apiKey');
    expectStatus(await discard(ctx, sessionId), 200);
    expectStatus(await ctx.api.withAuthorization(`Bearer ${apiKey}`).get('/v1/posts'), 401);
  },
  NEEDS,
);

rule(
  ['auth-sessions.approval.deny', 'auth-sessions.control.deny'],
  'a session the writer denies answers 404 on the next poll and cannot be approved any more',
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    await deny(ctx, sessionId);
    expectStatus(await poll(ctx, sessionId), 404);
    const late = await ctx.api.anonymous.post(`/_control/auth/sessions/${encodeURIComponent(sessionId)}/approve`, {});
    if (late.status < 400) fail(`approving a denied session answered ${late.status}`);
    expectStatus(await poll(ctx, sessionId), 404);
  },
  NEEDS,
);

rule(
  ['auth-sessions.control.list'],
  'GET /_control/auth/sessions lists sessions with their status',
  async (ctx) => {
    const pending = (await createSession(ctx)).sessionId;
    const denied = (await createSession(ctx)).sessionId;
    await deny(ctx, denied);
    const list = expectSchema(await ctx.api.anonymous.get('/_control/auth/sessions'), ControlAuthSessions);
    const statusOf = (id: string) => list.sessions.find((s) => s.sessionId === id)?.status;
    if (statusOf(pending) !== 'pending') fail(`session ${pending} is listed as ${statusOf(pending)}, expected pending`);
    if (statusOf(denied) !== 'denied') fail(`session ${denied} is listed as ${statusOf(denied)}, expected denied`);
  },
  NEEDS,
);

rule(
  ['auth-sessions.control.api-keys'],
  'GET /_control/api-keys lists a minted key in full (and /_control/publications among its publication\'s keys); DELETE /_control/api-keys/{key} revokes it',
  async (ctx) => {
    const { sessionId } = await createSession(ctx);
    await approve(ctx, sessionId);
    const apiKey = await collect(ctx, sessionId);
    const keys = expectSchema(await ctx.api.anonymous.get('/_control/api-keys'), ControlApiKeys);
    const listed = keys.apiKeys.find((k) => k.key === apiKey);
    if (!listed) fail('the minted key is not in GET /_control/api-keys');
    if (listed.source !== 'auth-session' || listed.revokedAt !== null) fail(`the minted key is listed as ${JSON.stringify(listed)}`);
    // ?publicationId= lists that publication's keys alone (docs/spec-gaps-auth-sessions.md).
    const own = expectSchema(await ctx.api.anonymous.get('/_control/api-keys', { query: { publicationId: listed.publicationId } }), ControlApiKeys);
    if (!own.apiKeys.some((k) => k.key === apiKey)) fail(`GET /_control/api-keys?publicationId=${listed.publicationId} does not list the minted key`);
    const strangers = own.apiKeys.filter((k) => k.publicationId !== listed.publicationId);
    if (strangers.length > 0) fail(`GET /_control/api-keys?publicationId=${listed.publicationId} lists keys of ${strangers.map((k) => k.publicationId).join(', ')}`);
    const activeKeysOf = async () => (await ctx.control.publications()).find((p) => p.id === listed.publicationId)?.apiKeys ?? [];
    if (!(await activeKeysOf()).includes(apiKey)) fail(`GET /_control/publications does not list the minted key among the keys of ${listed.publicationId}`);
    const path = `/_control/api-keys/${encodeURIComponent(apiKey)}`;
    expectStatus(await ctx.api.anonymous.delete(path), 200);
    expectStatus(await ctx.api.withAuthorization(`Bearer ${apiKey}`).get('/v1/posts'), 401);
    if ((await activeKeysOf()).includes(apiKey)) fail('GET /_control/publications still lists the revoked key');
    // An already revoked key is 404 (docs/spec-gaps-auth-sessions.md).
    expectError(await ctx.api.anonymous.delete(path), 404);
  },
  { needs: ['control:auth-sessions', 'control:api-keys'] },
);
