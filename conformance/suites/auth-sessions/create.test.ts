/**
 * CLI auth session, creation: POST /v1/api/auth/sessions without a key, the
 * 201 answer, the optional fields and their limits.
 */
import { AuthSessionPending } from '../../../schemas/auth-sessions.js';
import { expectError, expectSchema, expectStatus, fail, fc, rule } from '../../src/authoring/index.js';
import { createSession, deviceName, httpsUrlOfLength, poll, SESSIONS, MINUTE } from './sessions.js';

rule(
  ['auth-sessions.create.response', 'auth-sessions.create.no-auth', 'auth-sessions.create.all-optional'],
  'POST /v1/api/auth/sessions without a key and with an empty body answers 201 {sessionId, verificationUrl, expiresAt}',
  async (ctx) => {
    const created = await createSession(ctx, {});
    if (created.sessionId.trim() === '') fail('sessionId is empty');
    const url = new URL(created.verificationUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') fail(`verificationUrl ${created.verificationUrl} is not a web address`);
    // A second session never reuses the id.
    const other = await createSession(ctx, {});
    if (other.sessionId === created.sessionId) fail(`two sessions got the same id ${created.sessionId}`);
  },
);

rule(
  ['auth-sessions.create.fields', 'auth-sessions.create.all-optional', 'auth-sessions.poll.pending'],
  'each create field is accepted alone and together, and the pending poll echoes deviceName and callbackUrl',
  async (ctx) => {
    const name = deviceName(ctx, 'fields');
    const callbackUrl = 'https://callback.example.com/done?state=conformance';
    for (const body of [
      { deviceName: name },
      { callbackUrl },
      { supportsDeliveryAcknowledgement: true },
      { supportsDeliveryAcknowledgement: false },
      { deviceName: name, callbackUrl, supportsDeliveryAcknowledgement: true },
    ]) {
      const { sessionId } = await createSession(ctx, body);
      const pending = expectSchema(expectStatus(await poll(ctx, sessionId), 200), AuthSessionPending);
      if ('deviceName' in body && pending.deviceName !== name) fail(`pending deviceName is ${JSON.stringify(pending.deviceName)}, sent ${JSON.stringify(name)}`);
      if ('callbackUrl' in body && pending.callbackUrl !== callbackUrl) fail(`pending callbackUrl is ${JSON.stringify(pending.callbackUrl)}, sent ${callbackUrl}`);
      if (!('callbackUrl' in body) && pending.callbackUrl !== undefined) fail(`pending has callbackUrl ${pending.callbackUrl} though none was sent`);
    }
  },
);

rule(
  ['auth-sessions.create.device-name-max-100', 'auth-sessions.create.error-shape'],
  'deviceName of up to 100 characters is accepted, 101 or more is refused with 400',
  async (ctx) => {
    expectStatus(await ctx.api.anonymous.post(SESSIONS, { deviceName: 'd'.repeat(100) }), 201);
    expectError(await ctx.api.anonymous.post(SESSIONS, { deviceName: 'd'.repeat(101) }), 400);
    await ctx.check(fc.string({ minLength: 0, maxLength: 140 }), async (name) => {
      const res = await ctx.api.anonymous.post(SESSIONS, { deviceName: name });
      if (name.length <= 100) expectStatus(res, 201);
      else expectError(res, 400);
    }, { runs: Math.min(ctx.runs, 25) });
  },
);

rule(
  ['auth-sessions.create.callback-max-2048', 'auth-sessions.create.error-shape'],
  'callbackUrl of 2048 characters is accepted, 2049 is refused with 400',
  async (ctx) => {
    expectStatus(await ctx.api.anonymous.post(SESSIONS, { callbackUrl: httpsUrlOfLength(2048) }), 201);
    expectError(await ctx.api.anonymous.post(SESSIONS, { callbackUrl: httpsUrlOfLength(2049) }), 400);
  },
);

rule(
  ['auth-sessions.create.callback-https', 'auth-sessions.create.error-shape'],
  'a callbackUrl that is not an HTTPS URL is refused with 400',
  async (ctx) => {
    for (const callbackUrl of [
      'http://callback.example.com/done',
      'http://localhost:8080/callback',
      'ftp://callback.example.com/',
      'javascript:alert(1)',
      'callback.example.com/done',
      '/relative/path',
      '',
    ]) {
      expectError(await ctx.api.anonymous.post(SESSIONS, { callbackUrl }), 400);
    }
    expectStatus(await ctx.api.anonymous.post(SESSIONS, { callbackUrl: 'https://callback.example.com/done?x=1' }), 201);
  },
);

rule(
  ['auth-sessions.create.error-shape'],
  'create fields of the wrong type, or a body that is not an object, are refused with 400 and the error body',
  async (ctx) => {
    for (const body of [{ deviceName: 42 }, { callbackUrl: true }, { supportsDeliveryAcknowledgement: 'yes' }]) {
      expectError(await ctx.api.anonymous.post(SESSIONS, body), 400);
    }
    for (const text of ['[]', '"session"', 'null']) {
      expectError(await ctx.api.anonymous.post(SESSIONS, undefined, { body: text, contentType: 'application/json' }), 400);
    }
  },
);

rule(
  ['auth-sessions.create.unknown-fields-ignored'],
  'unknown fields in the create body are ignored',
  async (ctx) => {
    expectStatus(await ctx.api.anonymous.post(SESSIONS, { deviceName: deviceName(ctx), scopes: ['all'], extra: 1 }), 201);
  },
);

rule(
  ['auth-sessions.poll.expired'],
  'expiresAt is five minutes after creation on the target clock',
  async (ctx) => {
    const before = (await ctx.control.clock()).now;
    const { expiresAt } = await createSession(ctx);
    const after = (await ctx.control.clock()).now;
    const at = Date.parse(expiresAt);
    if (!(at >= before + 5 * MINUTE && at <= after + 5 * MINUTE)) {
      fail(`expiresAt ${expiresAt} is not five minutes after creation (clock read ${new Date(before).toISOString()} .. ${new Date(after).toISOString()})`);
    }
  },
  { needs: ['control:clock'] },
);
