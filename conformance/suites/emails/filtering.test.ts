/**
 * Custom-email filtering as a property over random address lists, as dry
 * runs: good example.com addresses are accepted, malformed ones and
 * disposable domains are skipped and returned, each address gets one
 * outcome. Suppression and duplicates in their own tests.
 */
import { CustomEmailResult } from '../../../schemas/emails.js';
import { expectOk, expectStatus, fail, fc, rule } from '../../src/authoring/index.js';
import { DISPOSABLE_DOMAINS, dryRun, dryRunSplit, MALFORMED, publicationA } from './emails.js';

type Kind = 'good' | 'malformed' | 'disposable';

rule(
  ['emails.skip.invalid', 'emails.skip.disposable', 'emails.accepted.count', 'emails.send.response'],
  'for any list of good, malformed and disposable addresses the split accepts exactly the good ones and returns the others',
  async (ctx) => {
    const entry = fc.oneof(
      fc.constant<Kind>('good').map((kind) => ({ kind, email: ctx.names.email('f') })),
      fc.constantFrom(...MALFORMED).map((email) => ({ kind: 'malformed' as Kind, email })),
      fc.tuple(fc.constantFrom(...DISPOSABLE_DOMAINS), fc.integer({ min: 0, max: 1_000_000 })).map(([d, n]) => ({ kind: 'disposable' as Kind, email: `${ctx.runId}-${n}@${d}` })),
    );
    await ctx.check(
      fc.uniqueArray(entry, { minLength: 1, maxLength: 40, selector: (e) => e.email.toLowerCase() }),
      async (entries) => {
        const split = await dryRunSplit(ctx, entries.map((e) => e.email));
        const good = entries.filter((e) => e.kind === 'good');
        if (split.accepted !== good.length) fail(`accepted ${split.accepted}, expected ${good.length}`);
        const skipped = new Map(split.skipped.map((s) => [s.email, s.reason]));
        if (skipped.size !== split.skipped.length) fail('an address appears twice in skipped');
        for (const e of entries) {
          const reason = skipped.get(e.email);
          if (e.kind === 'good' && reason !== undefined) fail(`${e.email} was skipped as ${reason}`);
          if (e.kind === 'malformed' && reason !== 'invalid') fail(`malformed ${JSON.stringify(e.email)} was ${reason ? `skipped as ${reason}` : 'not skipped'}`);
          if (e.kind === 'disposable' && reason === undefined) fail(`disposable ${e.email} was not skipped`);
        }
        if (split.skipped.length !== entries.length - good.length) fail(`skipped has ${split.skipped.length} entries, expected ${entries.length - good.length}`);
      },
    );
  },
);

rule(['emails.skip.disposable-as-invalid'], 'a disposable domain is skipped with the reason invalid', async (ctx) => {
  const emails = DISPOSABLE_DOMAINS.map((d) => `${ctx.runId}@${d}`);
  const split = await dryRunSplit(ctx, emails);
  for (const email of emails) {
    const s = split.skipped.find((x) => x.email === email);
    if (s?.reason !== 'invalid') fail(`${email} was ${s ? `skipped as ${s.reason}` : 'not skipped'}`);
  }
});

rule(['emails.skip.duplicates-once'], 'an address repeated in one request, in any case, counts once', async (ctx) => {
  const email = ctx.names.email('dup');
  const split = await dryRunSplit(ctx, [email, email.toUpperCase(), ` ${email} `, 'bad', 'bad']);
  if (split.accepted !== 1) fail(`accepted ${split.accepted}, expected 1`);
  if (split.skipped.length !== 1) fail(`skipped ${JSON.stringify(split.skipped)}, expected only one "bad"`);
});

rule(['emails.skip.suppressed'], 'an address that unsubscribed is skipped as suppressed, in any case', async (ctx) => {
  const publicationId = publicationA(ctx);
  const email = ctx.names.email('gone');
  await ctx.control.call('POST', '/_control/unsubscribe', { publicationId, email });
  ctx.created.add(`lift suppression of ${email}`, () => ctx.control.call('DELETE', '/_control/suppressions', { publicationId, email }));
  const split = await dryRunSplit(ctx, [email.toUpperCase(), ctx.names.email('stays')]);
  if (split.accepted !== 1) fail(`accepted ${split.accepted}, expected 1`);
  const s = split.skipped.find((x) => x.email === email.toUpperCase());
  if (s?.reason !== 'suppressed') fail(`the unsubscribed address was ${s ? `skipped as ${s.reason}` : 'accepted'}`);
}, { needs: ['publicationIds', 'control:unsubscribe'] });

rule(['emails.dry-run.no-delivery'], 'a dry run queues nothing', async (ctx) => {
  const email = ctx.names.email('dry');
  expectOk(await dryRun(ctx, { emails: [email] }), CustomEmailResult);
  const queued = await ctx.control.outbox({ to: email });
  if (queued.length > 0) fail(`the dry run queued ${queued.length} email(s) to ${email}`);
}, { needs: ['control:outbox'] });

rule(['emails.send.not-approved-403'], 'a publication not approved for custom emails gets 403', async (ctx) => {
  const publicationId = publicationA(ctx);
  const wasApproved = ctx.target.publications.a?.customEmailApproved ?? true;
  await ctx.control.call('POST', `/_control/publications/${publicationId}/custom-email`, { approved: false });
  try {
    const res = await ctx.api.post('/v1/emails/send', { subject: 's', body: 'b', emails: [ctx.names.email()], dryRun: true });
    expectStatus(res, 403);
  } finally {
    await ctx.control.call('POST', `/_control/publications/${publicationId}/custom-email`, { approved: wasApproved });
  }
}, { needs: ['publicationIds', 'control:custom-email-approval'] });

rule(['emails.skip.invalid-pattern'], 'an address of 254 characters is accepted, one of 255 is skipped as invalid, and so is a lookalike in Unicode case', async (ctx) => {
  const ofLength = (n: number, tag: string) => `${`${ctx.runId}-${tag}-`.padEnd(n - '@example.com'.length, 'x')}@example.com`;
  const longest = ofLength(254, 'longest');
  const tooLong = ofLength(255, 'toolong');
  const rest = ctx.names.email('kelvin');
  const ascii = `k${rest}`;
  // U+212A KELVIN SIGN lowercases to the letter k: a key that folds Unicode case would take it for the address above.
  const kelvin = `\u212A${rest}`;
  const split = await dryRunSplit(ctx, [longest, tooLong, ascii, kelvin]);
  const reasonOf = (email: string) => split.skipped.find((s) => s.email === email)?.reason;
  if (reasonOf(longest) !== undefined) fail(`the address of 254 characters was skipped as ${reasonOf(longest)}`);
  if (reasonOf(tooLong) !== 'invalid') fail(`the address of 255 characters was ${reasonOf(tooLong) ? `skipped as ${reasonOf(tooLong)}` : 'not skipped'}`);
  if (reasonOf(kelvin) !== 'invalid') fail(`${JSON.stringify(kelvin)} (a Kelvin sign for its k) was ${reasonOf(kelvin) ? `skipped as ${reasonOf(kelvin)}` : 'neither accepted nor skipped'}`);
  if (split.accepted !== 2) fail(`accepted ${split.accepted}, expected 2 (the longest address and ${ascii})`);
});

rule(['emails.skip.disposable-subdomains'], 'a subdomain of a wildcard disposable domain is skipped as invalid; a domain only ending in its letters is accepted', async (ctx) => {
  // anonaddy.com is on the package's wildcard list and not on its list of exact domains.
  const subdomain = `${ctx.runId}@mail.anonaddy.com`;
  const lookalike = `${ctx.runId}@xanonaddy.com`;
  const split = await dryRunSplit(ctx, [subdomain, lookalike]);
  const reasonOf = (email: string) => split.skipped.find((s) => s.email === email)?.reason;
  if (reasonOf(subdomain) !== 'invalid') fail(`${subdomain} was ${reasonOf(subdomain) ? `skipped as ${reasonOf(subdomain)}` : 'not skipped'}`);
  if (reasonOf(lookalike) !== undefined) fail(`${lookalike} was skipped as ${reasonOf(lookalike)}`);
  if (split.accepted !== 1) fail(`accepted ${split.accepted}, expected 1`);
});
