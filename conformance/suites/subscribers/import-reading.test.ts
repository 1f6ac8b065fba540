/**
 * How a CSV import reads its file (the reference's choices in
 * docs/spec-gaps-subscribers-emails.md): which of several matching columns
 * wins, trimming, rows shorter or longer than the header, blank lines before
 * the header, and the files refused with 400 (empty, not valid CSV, too many
 * columns), each importing nothing.
 */
import { expectError, expectStatus, fail, rule } from '../../src/authoring/index.js';
import { expectImported, findByEmail, findByWallet, listAll, registerImported, uploadCsv } from './subscribers.js';

rule(
  ['subscribers.import.columns', 'subscribers.import.created-columns'],
  'with several email or date columns the first valid value is read, email before subscriberEmail and created_at before the other date columns',
  async (ctx) => {
    const [first, second, fallback, dated, fellBack] = ['email-first', 'subscriber-email-second', 'fallback', 'dated', 'fell-back'].map((l) => ctx.names.email(l));
    registerImported(ctx, [{ email: first }, { email: second }, { email: fallback }, { email: dated }, { email: fellBack }]);
    expectStatus(await uploadCsv(ctx, `subscriberEmail,email\n${second},${first}\n`), 200);
    expectStatus(await uploadCsv(ctx, `email,subscriberEmail\nnot-an-address,${fallback}\n`), 200);
    await expectImported(ctx, { [first]: true, [second]: false, [fallback]: true }, 'the email column comes first, then subscriberEmail when the email is not valid');
    expectStatus(await uploadCsv(ctx, `createdAt,email,created_at\n2021-01-01,${dated},2020-01-01\n`), 200);
    expectStatus(await uploadCsv(ctx, `email,created_at,created\n${fellBack},not a date,2021-01-01\n`), 200);
    const items = await listAll(ctx);
    const expected: [string, number][] = [[dated, Date.UTC(2020, 0, 1)], [fellBack, Date.UTC(2021, 0, 1)]];
    for (const [email, at] of expected) {
      const createdAt = findByEmail(items, email)?.createdAt;
      if (createdAt !== at) fail(`${email} was created at ${createdAt}, expected ${new Date(at).toISOString()} (the first readable date column in the order created_at, subscription date, created, createdAt)`);
    }
  },
  { profile: 'extended' },
);

rule(
  ['subscribers.import.columns', 'subscribers.import.csv-syntax'],
  'headers and values are trimmed, a wallet column alone is enough, and rows shorter or longer than the header are read as far as they go',
  async (ctx) => {
    const [spaced, short, long, handWritten] = ['spaced', 'short', 'long', 'hand-written'].map((l) => ctx.names.email(l));
    const wallet = ctx.names.wallet();
    registerImported(ctx, [{ email: spaced }, { email: short }, { email: long }, { email: handWritten }, { wallet }]);
    // Spaces inside quotes reach the reader; hand-written files put spaces around quoted fields.
    expectStatus(await uploadCsv(ctx, `" Email ",name\n" ${spaced} ",Ann\n${handWritten} , "Bob"\n`), 200);
    expectStatus(await uploadCsv(ctx, `email,wallet_address,created_at\n${short}\n${long},,,extra,fields\n`), 200);
    expectStatus(await uploadCsv(ctx, `wallet_address\n${wallet}\n`), 200);
    await expectImported(ctx, { [spaced]: true, [handWritten]: true, [short]: true, [long]: true }, 'trimmed headers and values, short and long rows');
    if (!findByWallet(await listAll(ctx), wallet)) fail(`a file with a wallet_address column alone did not import ${wallet}`);
  },
  { profile: 'extended' },
);

rule(['subscribers.import.csv-syntax'], 'lines of blank fields before the header are skipped like empty lines', async (ctx) => {
  const email = ctx.names.email('after-blanks');
  registerImported(ctx, [{ email }]);
  expectStatus(await uploadCsv(ctx, `\n" "," "\n,,\nemail\n${email}\n`), 200);
  await expectImported(ctx, { [email]: true }, 'the header follows lines of blank fields');
}, { profile: 'extended' });

rule(
  ['subscribers.import.no-columns-400'],
  'an empty file, one of empty lines only, or one whose first row has no recognised column even if a later row has, is refused with 400 naming the columns',
  async (ctx) => {
    const later = ctx.names.email('later-header');
    registerImported(ctx, [{ email: later }]);
    for (const csv of ['', '\n\r\n,\n', `name,e-mail\nemail\n${later}\n`]) {
      const refused = expectError(await uploadCsv(ctx, csv), 400);
      if (!/email/.test(refused.msg) || !/wallet_address/.test(refused.msg))
        fail(`the refusal of ${JSON.stringify(csv.slice(0, 40))} does not name the expected columns: ${JSON.stringify(refused.msg)}`);
    }
    await expectImported(ctx, { [later]: false }, 'a file whose first row has no recognised column was refused');
  },
  { profile: 'extended' },
);

rule(
  ['subscribers.import.malformed-400'],
  'an unclosed quote or a record over 64 KiB is refused with 400, importing nothing',
  async (ctx) => {
    const [before, unclosed, after, huge] = ['before-quote', 'unclosed', 'after-quote', 'huge-record'].map((l) => ctx.names.email(l));
    registerImported(ctx, [{ email: before }, { email: unclosed }, { email: after }, { email: huge }]);
    expectError(await uploadCsv(ctx, `email,name\n${before},Ann\n${unclosed},"Bob\n${after},Carl\n`), 400);
    expectError(await uploadCsv(ctx, `email,name\n${huge},"${'x'.repeat(70 * 1024)}"\n`), 400);
    await expectImported(ctx, { [before]: false, [unclosed]: false, [after]: false, [huge]: false }, 'the file was refused');
  },
  { profile: 'extended' },
);

rule(
  ['subscribers.import.malformed-400'],
  'a row of more than 1,000 columns is refused with 400 naming its line; 1,000 columns, and commas inside quotes, are read',
  async (ctx) => {
    const [wide, widest, quoted] = ['too-wide', 'widest', 'quoted-commas'].map((l) => ctx.names.email(l));
    registerImported(ctx, [{ email: wide }, { email: widest }, { email: quoted }]);
    const refused = expectError(await uploadCsv(ctx, `email,name\r\n${wide},Ann\r\n${wide}${',x'.repeat(1000)}\r\n`), 400);
    if (!/\b3\b/.test(refused.msg)) fail(`the refusal of the row at line 3 does not name its line: ${JSON.stringify(refused.msg)}`);
    // Header and row each of exactly 1,000 columns; a quoted field of 1,500 commas (and a doubled quote) is one column.
    expectStatus(await uploadCsv(ctx, `email${',x'.repeat(999)}\n${widest}${','.repeat(999)}\n`), 200);
    expectStatus(await uploadCsv(ctx, `email,name\n${quoted},"a ""quoted"" ${','.repeat(1500)}"\n`), 200);
    await expectImported(ctx, { [wide]: false, [widest]: true, [quoted]: true }, 'only the file with a row of 1,001 columns is refused');
  },
  { profile: 'extended' },
);
