/**
 * CSV import as a property: for generated files (random column order and
 * header case, extra columns, quoting, CRLF or LF, a BOM, bad rows, repeated
 * rows) the subscribers that appear are exactly the valid rows, each once.
 * Validity comes from the generator (rows are made good or bad on purpose).
 */
import { expectStatus, fail, fc, rule, type RuleContext } from '../../src/authoring/index.js';
import { holding, listAll, registerImported, removeSubscriber, uploadCsv, type Who } from './subscribers.js';

interface Row {
  email: { text: string; ok: boolean };
  wallet: { text: string; ok: boolean };
  name: string;
}

const BAD_EMAILS = ['', 'not-an-email', 'two@@example.com', '@example.com', 'spaces in@example.com'];
const BAD_WALLETS = ['', '0x1234', `0x${'z'.repeat(40)}`, 'wallet'];

function rowArbitrary(ctx: RuleContext): fc.Arbitrary<Row> {
  const email = fc.oneof(
    fc.constant(null).map(() => ({ text: ctx.names.email('prop'), ok: true })),
    fc.constantFrom(...BAD_EMAILS).map((text) => ({ text, ok: false })),
  );
  const wallet = fc.oneof(
    fc.constant(null).map(() => ({ text: ctx.names.wallet(), ok: true })),
    fc.constantFrom(...BAD_WALLETS).map((text) => ({ text, ok: false })),
  );
  return fc.record({ email, wallet, name: fc.string({ maxLength: 12 }) });
}

const fileShape = fc.record({
  order: fc.shuffledSubarray(['email', 'wallet', 'name'], { minLength: 3, maxLength: 3 }),
  emailHeader: fc.constantFrom('email', 'EMAIL', 'Email', 'subscriberEmail', 'SubscriberEmail'),
  walletHeader: fc.constantFrom('wallet_address', 'WALLET_ADDRESS', 'Wallet_Address'),
  eol: fc.constantFrom('\n', '\r\n'),
  bom: fc.boolean(),
  quoteAll: fc.boolean(),
  repeatFirst: fc.boolean(),
});

const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;

rule(
  ['subscribers.import.columns', 'subscribers.import.invalid-rows-skipped', 'subscribers.import.no-duplicate', 'subscribers.list.page'],
  'the subscribers a generated CSV adds are exactly its valid rows, each once',
  async (ctx) => {
    await ctx.check(
      fc.tuple(fc.array(rowArbitrary(ctx), { minLength: 1, maxLength: 12 }), fileShape),
      async ([rows, shape]) => {
        const header = shape.order.map((c) => (c === 'email' ? shape.emailHeader : c === 'wallet' ? shape.walletHeader : 'Name'));
        const cell = (r: Row, c: string) => (c === 'email' ? r.email.text : c === 'wallet' ? r.wallet.text : r.name);
        const line = (r: Row) => shape.order.map((c) => (shape.quoteAll || c === 'name' ? quote(cell(r, c)) : cell(r, c))).join(',');
        const body = rows.map(line);
        if (shape.repeatFirst) body.push(line(rows[0]));
        const csv = (shape.bom ? '\uFEFF' : '') + [header.join(','), ...body].join(shape.eol) + shape.eol;

        const valid = rows.filter((r) => r.email.ok || r.wallet.ok);
        const expected: Who[] = valid.map((r) => ({ email: r.email.ok ? r.email.text : undefined, wallet: r.wallet.ok ? r.wallet.text : undefined }));
        registerImported(ctx, expected);
        const emails = rows.filter((r) => r.email.ok).map((r) => r.email.text);
        const wallets = rows.filter((r) => r.wallet.ok).map((r) => r.wallet.text);
        try {
          expectStatus(await uploadCsv(ctx, csv), 200);
          const found = holding(await listAll(ctx), emails, wallets);
          if (found.length !== expected.length)
            fail(`${expected.length} valid rows, ${found.length} subscribers imported: ${JSON.stringify(found)}`);
          for (const e of expected) {
            const s = found.find((f) =>
              e.email ? f.email?.toLowerCase() === e.email.toLowerCase() : f.walletAddress?.toLowerCase() === e.wallet!.toLowerCase(),
            );
            if (!s) fail(`the valid row ${JSON.stringify(e)} was not imported`);
            if ((s.email?.toLowerCase() ?? undefined) !== e.email?.toLowerCase() || (s.walletAddress?.toLowerCase() ?? undefined) !== e.wallet?.toLowerCase())
              fail(`the row ${JSON.stringify(e)} was imported as ${JSON.stringify(s)}`);
          }
        } finally {
          for (const e of expected) await removeSubscriber(ctx, e.email ? { email: e.email } : { wallet: e.wallet });
        }
      },
      { runs: Math.min(ctx.runs, 20) },
    );
  },
  { profile: 'extended', timeout: 180_000 },
);
