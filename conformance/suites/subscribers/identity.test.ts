/**
 * Subscriber identity as a property: any sequence of adds and deletes by
 * email, wallet or both keeps the invariants, seen through GET /v1/subscribers
 * (extended): no email or wallet on two subscribers; after an accepted add
 * every given credential is on one and the same subscriber; after an accepted
 * delete neither is listed; a refused request changes nothing.
 */
import { fail, fc, rule, type RuleContext } from '../../src/authoring/index.js';
import { addSubscriber, holding, listAll, removeSubscriber, type Listed, type Who } from './subscribers.js';

interface Op {
  kind: 'add' | 'remove';
  email: number | null;
  wallet: number | null;
  upper: boolean;
}

const op = fc
  .record({
    kind: fc.constantFrom<'add' | 'remove'>('add', 'add', 'remove'),
    email: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    wallet: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    upper: fc.boolean(),
  })
  .filter((o) => o.email !== null || o.wallet !== null);

/** The pool's subscribers as sorted [email, wallet] pairs, lower-cased. */
function snapshot(items: Listed[], emails: string[], wallets: string[]): string {
  return JSON.stringify(
    holding(items, emails, wallets)
      .map((s) => [s.email?.toLowerCase() ?? null, s.walletAddress?.toLowerCase() ?? null])
      .sort(),
  );
}

async function runSequence(ctx: RuleContext, ops: Op[]): Promise<void> {
  // A fresh pool for every run, so runs never see each other's subscribers.
  const emails = [0, 1, 2].map((i) => ctx.names.email(`id${i}`));
  const wallets = [0, 1, 2].map(() => ctx.names.wallet());
  let items = await listAll(ctx);
  try {
    for (const o of ops) {
      const who: Who = {};
      if (o.email !== null) who.email = o.upper ? emails[o.email].toUpperCase() : emails[o.email];
      if (o.wallet !== null) who.wallet = o.upper ? wallets[o.wallet].replace(/[a-f]/g, (c) => c.toUpperCase()) : wallets[o.wallet];
      const before = snapshot(items, emails, wallets);
      const res = o.kind === 'add' ? await addSubscriber(ctx, who) : await removeSubscriber(ctx, who);
      if (res.status !== 200 && !(res.status >= 400 && res.status < 500))
        fail(`${o.kind} ${JSON.stringify(who)} answered ${res.status}: ${res.text.slice(0, 200)}`);
      items = await listAll(ctx);
      const mine = holding(items, emails, wallets);
      const es = mine.flatMap((s) => (s.email ? [s.email.toLowerCase()] : []));
      const ws = mine.flatMap((s) => (s.walletAddress ? [s.walletAddress.toLowerCase()] : []));
      if (new Set(es).size !== es.length || new Set(ws).size !== ws.length)
        fail(`after ${o.kind} ${JSON.stringify(who)} an email or wallet is on two subscribers: ${JSON.stringify(mine)}`);
      if (res.status !== 200) {
        if (snapshot(items, emails, wallets) !== before) fail(`${o.kind} ${JSON.stringify(who)} was refused (${res.status}) but changed the subscribers`);
        continue;
      }
      const byEmail = who.email ? mine.find((s) => s.email?.toLowerCase() === who.email!.toLowerCase()) : undefined;
      const byWallet = who.wallet ? mine.find((s) => s.walletAddress?.toLowerCase() === who.wallet!.toLowerCase()) : undefined;
      if (o.kind === 'add') {
        if ((who.email && !byEmail) || (who.wallet && !byWallet)) fail(`after adding ${JSON.stringify(who)} a given credential is not listed`);
        if (byEmail && byWallet && byEmail !== byWallet) fail(`after adding ${JSON.stringify(who)} email and wallet are on two subscribers`);
      } else if (byEmail || byWallet) {
        fail(`after deleting ${JSON.stringify(who)} it is still listed: ${JSON.stringify(byEmail ?? byWallet)}`);
      }
    }
  } finally {
    for (const s of holding(items, emails, wallets)) {
      await removeSubscriber(ctx, s.email ? { email: s.email } : { wallet: s.walletAddress });
    }
  }
}

rule(
  ['subscribers.add.no-duplicate', 'subscribers.add.both-credentials', 'subscribers.delete.same-subscriber', 'subscribers.delete.hard', 'subscribers.list.page'],
  'any sequence of adds and deletes by email, wallet or both keeps one subscriber per credential',
  async (ctx) => {
    await ctx.check(fc.array(op, { minLength: 1, maxLength: 8 }), (ops) => runSequence(ctx, ops), { runs: Math.min(ctx.runs, 15) });
  },
  { timeout: 180_000 },
);
