/**
 * POST and DELETE /v1/subscribers: answers, validation, and identity by
 * email and wallet. Checks that need to see the subscribers read
 * GET /v1/subscribers and so belong to the extended profile as well.
 */
import { SuccessBody } from '../../../schemas/common.js';
import { expectError, expectOk, expectStatus, fail, rule } from '../../src/authoring/index.js';
import { withFrozenClock } from '../posts/support/server-time.js';
import { addSubscriber, findByEmail, findByWallet, holding, listAll, removeSubscriber } from './subscribers.js';

rule(['subscribers.add.response', 'subscribers.delete.response'], 'adding and deleting a subscriber answer 200 {success: true}', async (ctx) => {
  const email = ctx.names.email('add');
  expectOk(await addSubscriber(ctx, { email }), SuccessBody);
  expectOk(await removeSubscriber(ctx, { email }), SuccessBody);
});

rule(['subscribers.add.email-or-wallet', 'subscribers.delete.email-or-wallet'], 'a body with neither email nor wallet is refused with 400', async (ctx) => {
  expectError(await ctx.api.post('/v1/subscribers', {}), 400);
  expectError(await ctx.api.post('/v1/subscribers', { createdAt: 1_600_000_000_000 }), 400);
  expectError(await ctx.api.delete('/v1/subscribers', {}), 400);
});

rule(['subscribers.add.email-format'], 'an email that is not an email address is refused with 400', async (ctx) => {
  for (const email of ['not-an-email', 'two@@example.com', '@example.com', 'spaces in@example.com', 'trailing@', 42]) {
    expectError(await ctx.api.post('/v1/subscribers', { email }), 400);
  }
});

rule(['subscribers.add.wallet-format'], 'a wallet that is not 0x and 40 hex digits is refused with 400', async (ctx) => {
  const good = ctx.names.wallet();
  for (const wallet of [good.slice(0, -1), `${good}0`, good.slice(2), `0x${'g'.repeat(40)}`, `0X${good.slice(2)}`, '']) {
    expectError(await ctx.api.post('/v1/subscribers', { wallet }), 400);
  }
});

rule(['subscribers.add.created-at', 'subscribers.list.page'], 'createdAt (Unix ms) is kept, and defaults to about now', async (ctx) => {
  const given = ctx.names.email('dated');
  const defaulted = ctx.names.email('undated');
  const createdAt = 1_600_000_000_000;
  expectStatus(await addSubscriber(ctx, { email: given, createdAt }), 200);
  // The target's clock, not ours: other tests move a test target's clock.
  const before = ctx.target.control.available ? (await ctx.control.clock()).now : Date.now();
  expectStatus(await addSubscriber(ctx, { email: defaulted }), 200);
  const items = await listAll(ctx);
  const dated = findByEmail(items, given);
  if (dated?.createdAt !== createdAt) fail(`createdAt ${createdAt} was given, the list shows ${dated?.createdAt}`);
  const undated = findByEmail(items, defaulted);
  if (!undated) fail('the subscriber added without createdAt is not listed');
  // A remote clock drifts: allow a day.
  if (Math.abs(undated.createdAt - before) > 86_400_000) fail(`createdAt defaulted to ${undated.createdAt}, far from now (${before})`);
  await removeSubscriber(ctx, { email: given });
  await removeSubscriber(ctx, { email: defaulted });
});

rule(['subscribers.add.no-duplicate', 'subscribers.list.page'], 'adding an existing subscriber again, by email or by wallet, does not duplicate it', async (ctx) => {
  const email = ctx.names.email('dup');
  const wallet = ctx.names.wallet();
  expectStatus(await addSubscriber(ctx, { email }), 200);
  expectStatus(await addSubscriber(ctx, { email }), 200);
  expectStatus(await addSubscriber(ctx, { wallet }), 200);
  expectStatus(await addSubscriber(ctx, { wallet }), 200);
  const found = holding(await listAll(ctx), [email], [wallet]);
  if (found.length !== 2) fail(`expected 2 subscribers (one by email, one by wallet), the list has ${found.length}: ${JSON.stringify(found)}`);
  await removeSubscriber(ctx, { email });
  await removeSubscriber(ctx, { wallet });
});

rule(['subscribers.add.both-credentials', 'subscribers.list.page'], 'a subscriber given both credentials holds both, also when the second comes later', async (ctx) => {
  const [e1, e2, e3] = [ctx.names.email('both'), ctx.names.email('later'), ctx.names.email('email-later')];
  const [w1, w2, w3] = [ctx.names.wallet(), ctx.names.wallet(), ctx.names.wallet()];
  expectStatus(await addSubscriber(ctx, { email: e1, wallet: w1 }), 200);
  expectStatus(await addSubscriber(ctx, { email: e2 }), 200);
  expectStatus(await addSubscriber(ctx, { email: e2, wallet: w2 }), 200);
  // The wallet first, the email later.
  expectStatus(await addSubscriber(ctx, { wallet: w3 }), 200);
  expectStatus(await addSubscriber(ctx, { email: e3, wallet: w3 }), 200);
  const items = await listAll(ctx);
  for (const [email, wallet] of [[e1, w1], [e2, w2], [e3, w3]]) {
    const s = findByEmail(items, email);
    if (!s || s.walletAddress?.toLowerCase() !== wallet.toLowerCase()) fail(`${email} should hold ${wallet}; the list shows ${JSON.stringify(s)}`);
    if (findByWallet(items, wallet) !== s) fail(`${wallet} is listed on another subscriber than ${email}`);
  }
  await removeSubscriber(ctx, { email: e1 });
  await removeSubscriber(ctx, { email: e2 });
  await removeSubscriber(ctx, { email: e3 });
});

rule(['subscribers.delete.same-subscriber', 'subscribers.delete.mismatch-400'], 'DELETE with the email of one subscriber and the wallet of another is refused and deletes nothing', async (ctx) => {
  const email = ctx.names.email('a');
  const wallet = ctx.names.wallet();
  const both = { email: ctx.names.email('b'), wallet: ctx.names.wallet() };
  expectStatus(await addSubscriber(ctx, { email }), 200);
  expectStatus(await addSubscriber(ctx, { wallet }), 200);
  expectStatus(await addSubscriber(ctx, both), 200);
  expectError(await removeSubscriber(ctx, { email, wallet }), 400);
  expectError(await removeSubscriber(ctx, { email: both.email, wallet }), 400);
  // One of the two unknown: still not the same subscriber.
  expectError(await removeSubscriber(ctx, { email, wallet: ctx.names.wallet() }), 400);
  expectError(await removeSubscriber(ctx, { email: ctx.names.email('unknown'), wallet }), 400);
  // Both of the same subscriber: deleted.
  expectStatus(await removeSubscriber(ctx, both), 200);
  expectStatus(await removeSubscriber(ctx, { email }), 200);
  expectStatus(await removeSubscriber(ctx, { wallet }), 200);
}, { profile: 'reference-choices' });

rule(['subscribers.delete.hard', 'subscribers.list.page'], 'a deleted subscriber is gone: not listed, and adding it again makes a new subscriber', async (ctx) => {
  const email = ctx.names.email('hard');
  const wallet = ctx.names.wallet();
  expectStatus(await addSubscriber(ctx, { email, wallet, createdAt: 1_600_000_000_000 }), 200);
  expectStatus(await removeSubscriber(ctx, { email }), 200);
  if (holding(await listAll(ctx), [email], [wallet]).length > 0) fail('the deleted subscriber is still listed');
  expectStatus(await addSubscriber(ctx, { email }), 200);
  const again = findByEmail(await listAll(ctx), email);
  if (!again) fail('the subscriber added again is not listed');
  if (again.walletAddress) fail(`the re-added subscriber still holds the wallet of the deleted one (${again.walletAddress})`);
  if (again.createdAt === 1_600_000_000_000) fail('the re-added subscriber kept the createdAt of the deleted one');
  // The deleted subscriber's wallet is free again too: added alone, it is a subscriber of its own.
  expectStatus(await addSubscriber(ctx, { wallet }), 200);
  const byWallet = holding(await listAll(ctx), [], [wallet]);
  if (byWallet.length !== 1 || byWallet[0].email) fail(`the wallet of the deleted subscriber, added again alone, is listed as ${JSON.stringify(byWallet)}`);
  await removeSubscriber(ctx, { email });
  await removeSubscriber(ctx, { wallet });
});

rule(['subscribers.add.conflict-400'], 'adding an email and a wallet that belong to two different subscribers is refused with 400', async (ctx) => {
  const email = ctx.names.email('x');
  const wallet = ctx.names.wallet();
  expectStatus(await addSubscriber(ctx, { email }), 200);
  expectStatus(await addSubscriber(ctx, { wallet }), 200);
  expectError(await addSubscriber(ctx, { email, wallet }), 400);
  const found = holding(await listAll(ctx), [email], [wallet]);
  if (found.length !== 2 || found.some((s) => s.email && s.walletAddress)) fail(`the refused add changed the subscribers: ${JSON.stringify(found)}`);
  await removeSubscriber(ctx, { email });
  await removeSubscriber(ctx, { wallet });
}, { profile: 'extended' });

rule(['subscribers.add.other-credential-400'], 'a second wallet for an email, or a second email for a wallet, is refused with 400', async (ctx) => {
  const both = { email: ctx.names.email('held'), wallet: ctx.names.wallet() };
  expectStatus(await addSubscriber(ctx, both), 200);
  const other = { email: ctx.names.email('other'), wallet: ctx.names.wallet() };
  expectError(await addSubscriber(ctx, { email: both.email, wallet: other.wallet }), 400);
  expectError(await addSubscriber(ctx, { email: other.email, wallet: both.wallet }), 400);
  const items = await listAll(ctx);
  const found = holding(items, [both.email, other.email], [both.wallet, other.wallet]);
  if (found.length !== 1 || found[0] !== findByEmail(items, both.email) || found[0].walletAddress?.toLowerCase() !== both.wallet.toLowerCase())
    fail(`the refused adds changed the subscriber: ${JSON.stringify(found)}`);
  await removeSubscriber(ctx, { email: both.email });
}, { profile: 'extended' });

rule(['subscribers.add.created-at-future-400'], 'a createdAt in the future is refused with 400', async (ctx) => {
  const email = ctx.names.email('future');
  // Far ahead: other tests move a test target's clock forward by days.
  expectError(await addSubscriber(ctx, { email, createdAt: Date.now() + 10 * 365 * 86_400_000 }), 400);
});

rule(['subscribers.add.created-at-future-400', 'subscribers.add.created-at'], "a createdAt of the target's very now is accepted, a millisecond later refused", async (ctx) => {
  const [now, later] = [ctx.names.email('now'), ctx.names.email('later')];
  await withFrozenClock(ctx, async (at) => {
    expectError(await addSubscriber(ctx, { email: later, createdAt: at + 1 }), 400);
    expectStatus(await addSubscriber(ctx, { email: now, createdAt: at }), 200);
  });
  const items = await listAll(ctx);
  if (findByEmail(items, later)) fail('the subscriber refused for its future createdAt was added');
  await removeSubscriber(ctx, { email: now });
}, { needs: ['control:clock'], profile: 'extended' });

rule(['subscribers.add.case-insensitive'], 'an email or a wallet in another case finds the same subscriber', async (ctx) => {
  const email = ctx.names.email('case');
  const wallet = ctx.names.wallet().replace(/[a-f]/g, (c) => c.toUpperCase());
  expectStatus(await addSubscriber(ctx, { email: email.toUpperCase(), wallet }), 200);
  expectStatus(await addSubscriber(ctx, { email, wallet: wallet.toLowerCase() }), 200);
  const found = holding(await listAll(ctx), [email], [wallet]);
  if (found.length !== 1) fail(`expected one subscriber, the list has ${found.length}: ${JSON.stringify(found)}`);
  expectStatus(await removeSubscriber(ctx, { email: email.toLowerCase(), wallet: wallet.toLowerCase() }), 200);
}, { profile: 'extended' });

rule(['subscribers.delete.unknown-404'], 'deleting an email or a wallet that no subscriber has answers 404', async (ctx) => {
  expectError(await removeSubscriber(ctx, { email: ctx.names.email('nobody') }), 404);
  expectError(await removeSubscriber(ctx, { wallet: ctx.names.wallet() }), 404);
  expectError(await removeSubscriber(ctx, { email: ctx.names.email('nobody'), wallet: ctx.names.wallet() }), 404);
});
