/**
 * The retry path of custom email, through the fault switches of the control
 * API (capability email-faults): 503 while the publication cannot send, and
 * scheduling_failed for addresses whose queuing failed. Real sends, so the
 * side-effects profile; example.com addresses only.
 */
import { CustomEmailResult } from '../../../schemas/emails.js';
import { expectErrorBody, expectOk, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { outboxTo, realSend } from './emails.js';

const FAULTS = { profile: 'side-effects' as const, needs: ['control:email-faults' as const, 'control:outbox' as const] };

async function withFault(ctx: RuleContext, fault: Record<string, unknown>, fn: () => Promise<void>): Promise<void> {
  await ctx.control.call('POST', '/_control/email-faults', fault);
  try {
    await fn();
  } finally {
    await ctx.control.call('POST', '/_control/email-faults', { emailSend: null });
  }
}

rule(['emails.send.unavailable-503'], 'while the publication cannot send, a send answers 503 and queues nothing; a retry later succeeds', async (ctx) => {
  const to = ctx.names.email('retry');
  const body = { subject: ctx.names.title('retry'), body: 'retry', emails: [to] };
  await withFault(ctx, { emailSend: 'unavailable', remaining: 1 }, async () => {
    expectErrorBody(expectStatus(await realSend(ctx, body), 503));
    if ((await outboxTo(ctx, to)).length > 0) fail('the refused send queued an email');
    const retry = expectOk(await realSend(ctx, body), CustomEmailResult);
    if (retry.accepted !== 1) fail(`the retry accepted ${retry.accepted}`);
  });
}, FAULTS);

rule(['emails.skip.scheduling-failed'], 'an address whose queuing failed is skipped as scheduling_failed, is sent nothing, and can be sent again', async (ctx) => {
  const [ok, failing] = [ctx.names.email('ok'), ctx.names.email('sched')];
  await withFault(ctx, { emailSend: 'scheduling_failed', schedulingFailedAddresses: [failing] }, async () => {
    const res = expectOk(await realSend(ctx, { subject: ctx.names.title('sched'), body: 'b', emails: [ok, failing, 'bad'] }), CustomEmailResult);
    if (res.accepted !== 1) fail(`accepted ${res.accepted}, expected 1`);
    const reasons = Object.fromEntries(res.skipped.map((s) => [s.email, s.reason]));
    if (reasons[failing] !== 'scheduling_failed') fail(`${failing} was ${reasons[failing] ?? 'accepted'}`);
    if (reasons.bad !== 'invalid') fail('a malformed address took precedence over nothing: it must stay invalid');
    if ((await outboxTo(ctx, failing)).length > 0) fail('the address whose queuing failed was sent an email');
  });
  const retry = expectOk(await realSend(ctx, { subject: ctx.names.title('sched'), body: 'b', emails: [failing] }), CustomEmailResult);
  if (retry.accepted !== 1) fail('the retry of the scheduling_failed address was not accepted');
}, FAULTS);
