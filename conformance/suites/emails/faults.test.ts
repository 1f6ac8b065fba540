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

interface FaultsView {
  emailSend: string | null;
  schedulingFailedRate: number;
  schedulingFailedAddresses: string[];
  remaining: number | null;
}

const faultsNow = (ctx: RuleContext) => ctx.control.call<FaultsView>('GET', '/_control/email-faults');

/** The addresses of one real send that were skipped as scheduling_failed. */
async function failedOf(ctx: RuleContext, emails: string[]): Promise<string[]> {
  const res = expectOk(await realSend(ctx, { subject: ctx.names.title('sched'), body: 'b', emails }), CustomEmailResult);
  return res.skipped.filter((s) => s.reason === 'scheduling_failed').map((s) => s.email);
}

rule(
  ['emails.skip.scheduling-failed'],
  'scheduling_failed without addresses fails every address that passed filtering, each send until lifted; listed addresses match in any case; rate 0 fails none',
  async (ctx) => {
    const emails = [ctx.names.email('all-1'), ctx.names.email('all-2')];
    await withFault(ctx, { emailSend: 'scheduling_failed' }, async () => {
      for (const send of ['first', 'second']) if ((await failedOf(ctx, emails)).length !== 2) fail(`the ${send} send did not fail every address`);
      const view = await faultsNow(ctx);
      if (view.emailSend !== 'scheduling_failed' || view.remaining !== null || view.schedulingFailedRate !== 1 || view.schedulingFailedAddresses.length !== 0)
        fail(`GET /_control/email-faults answered ${JSON.stringify(view)}, expected scheduling_failed, rate 1, no addresses, remaining null`);
    });
    const listed = ctx.names.email('listed');
    await withFault(ctx, { emailSend: 'scheduling_failed', schedulingFailedAddresses: [listed.toUpperCase()] }, async () => {
      const failed = await failedOf(ctx, [listed, ...emails]);
      if (failed.length !== 1 || failed[0] !== listed) fail(`the send failed ${JSON.stringify(failed)}, expected only ${listed} (listed in upper case)`);
      const view = await faultsNow(ctx);
      if (view.schedulingFailedAddresses[0] !== listed.toUpperCase()) fail(`GET /_control/email-faults lists ${JSON.stringify(view.schedulingFailedAddresses)}, expected the address as given`);
    });
    await withFault(ctx, { emailSend: 'scheduling_failed', schedulingFailedRate: 0 }, async () => {
      if ((await failedOf(ctx, emails)).length > 0) fail('with schedulingFailedRate 0 an address failed');
    });
    const many = Array.from({ length: 40 }, (_, i) => ctx.names.email(`half-${i}`));
    await withFault(ctx, { emailSend: 'scheduling_failed', schedulingFailedRate: 0.5 }, async () => {
      const failed = (await failedOf(ctx, many)).length;
      if (failed === 0 || failed === many.length) fail(`with schedulingFailedRate 0.5, ${failed} of ${many.length} addresses failed`);
    });
  },
  { ...FAULTS, timeout: 60_000 },
);

rule(
  ['emails.send.unavailable-503'],
  'a fault with remaining 2 applies to the next two real sends, counted down in GET /_control/email-faults, not to dry runs, then lifts itself',
  async (ctx) => {
    const to = ctx.names.email('twice');
    const body = { subject: ctx.names.title('twice'), body: 'twice', emails: [to] };
    await withFault(ctx, { emailSend: 'unavailable', remaining: 2 }, async () => {
      expectOk(await ctx.api.post('/v1/emails/send', { ...body, dryRun: true }), CustomEmailResult);
      expectStatus(await realSend(ctx, body), 503);
      const between = await faultsNow(ctx);
      if (between.emailSend !== 'unavailable' || between.remaining !== 1) fail(`after one refused send the switch is ${JSON.stringify(between)}, expected unavailable with remaining 1`);
      expectStatus(await realSend(ctx, body), 503);
      const after = await faultsNow(ctx);
      if (after.emailSend !== null || after.remaining !== null) fail(`after two refused sends the switch is ${JSON.stringify(after)}, expected lifted`);
      expectOk(await realSend(ctx, body), CustomEmailResult);
    });
  },
  FAULTS,
);
