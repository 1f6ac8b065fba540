/**
 * POST /v1/emails/send: the answer and the limits of the body, all as dry
 * runs (nothing is sent), with example.com addresses.
 */
import { CustomEmailResult } from '../../../schemas/emails.js';
import { expectError, expectOk, fail, rule } from '../../src/authoring/index.js';
import { dryRun } from './emails.js';

rule(['emails.send.response', 'emails.accepted.count'], 'a dry run answers 200 {accepted, skipped} with accepted counting the good addresses', async (ctx) => {
  const emails = [ctx.names.email('ok1'), ctx.names.email('ok2'), 'not-an-email'];
  const res = expectOk(await dryRun(ctx, { emails }), CustomEmailResult);
  if (res.accepted !== 2) fail(`accepted is ${res.accepted}, expected 2`);
  if (res.skipped.length !== 1 || res.skipped[0].email !== 'not-an-email') fail(`skipped is ${JSON.stringify(res.skipped)}`);
});

rule(['emails.send.required-fields'], 'subject, body and emails are each required', async (ctx) => {
  const full = { subject: 's', body: 'b', emails: [ctx.names.email()], dryRun: true };
  for (const missing of ['subject', 'body', 'emails'] as const) {
    const { [missing]: _, ...rest } = full;
    expectError(await ctx.api.post('/v1/emails/send', rest), 400);
  }
});

rule(['emails.send.subject-length'], 'a subject of 1 or 998 characters is accepted; empty or 999 is refused with 400', async (ctx) => {
  const emails = [ctx.names.email()];
  expectOk(await dryRun(ctx, { subject: 's', emails }), CustomEmailResult);
  expectOk(await dryRun(ctx, { subject: 's'.repeat(998), emails }), CustomEmailResult);
  expectError(await dryRun(ctx, { subject: '', emails }), 400);
  expectError(await dryRun(ctx, { subject: 's'.repeat(999), emails }), 400);
});

rule(['emails.send.body-length'], 'a body of 1 or 100000 characters is accepted; empty or 100001 is refused with 400', async (ctx) => {
  const emails = [ctx.names.email()];
  expectOk(await dryRun(ctx, { body: 'b', emails }), CustomEmailResult);
  expectOk(await dryRun(ctx, { body: 'b'.repeat(100_000), emails }), CustomEmailResult);
  expectError(await dryRun(ctx, { body: '', emails }), 400);
  expectError(await dryRun(ctx, { body: 'b'.repeat(100_001), emails }), 400);
});

rule(['emails.send.emails-count'], 'one or 10000 addresses are accepted; none or 10001 are refused with 400', async (ctx) => {
  const many = Array.from({ length: 10_000 }, (_, i) => `${ctx.runId}-bulk-${i}@example.com`);
  expectOk(await dryRun(ctx, { emails: many.slice(0, 1) }), CustomEmailResult);
  const all = expectOk(await dryRun(ctx, { emails: many }), CustomEmailResult);
  if (all.accepted + all.skipped.length !== 10_000) fail(`10000 distinct addresses gave accepted ${all.accepted} + skipped ${all.skipped.length}`);
  expectError(await dryRun(ctx, { emails: [] }), 400);
  expectError(await dryRun(ctx, { emails: [...many, `${ctx.runId}-one-more@example.com`] }), 400);
});

rule(['emails.send.unknown-property-400'], 'an unknown property such as a misspelt dryRun is refused with 400', async (ctx) => {
  // dryRun: true stays in the body, so a target that ignores the typo still sends nothing.
  expectError(await dryRun(ctx, { emails: [ctx.names.email()], dryrun: true }), 400);
  expectError(await dryRun(ctx, { emails: [ctx.names.email()], replyTo: ctx.names.email() }), 400);
});
