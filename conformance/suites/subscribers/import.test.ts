/**
 * CSV import (POST /v1/subscribers/import): the path and answer, the
 * recognised columns, skipped rows, merging, and the reference's choices on
 * CSV syntax, dates, refusals and the size limit. Results are read through
 * GET /v1/subscribers (extended), since the import answers no counts.
 */
import { SuccessBody } from '../../../schemas/common.js';
import { expectError, expectOk, expectStatus, fail, rule } from '../../src/authoring/index.js';
import { addSubscriber, findByEmail, findByWallet, holding, listAll, registerImported, removeSubscriber, uploadCsv } from './subscribers.js';

rule(['subscribers.import.path', 'subscribers.import.response'], 'POST /v1/subscribers/import with a CSV in field file answers 200 {success: true}', async (ctx) => {
  const email = ctx.names.email('imp');
  registerImported(ctx, [{ email }]);
  const res = expectOk(await uploadCsv(ctx, `email\n${email}\n`), SuccessBody);
  if (Object.keys(res).length !== 1) fail(`the answer carries more than {success: true}: ${JSON.stringify(res)}`);
});

rule(
  ['subscribers.import.columns', 'subscribers.import.created-columns', 'subscribers.import.invalid-rows-skipped', 'subscribers.list.page'],
  'each recognised column, in any case, is read; rows without a valid email or wallet are skipped',
  async (ctx) => {
    const variants = [
      { header: 'Email,Wallet_Address,Created_At', date: '2021-02-03T04:05:06Z' },
      { header: 'SUBSCRIBEREMAIL,wallet_address,subscription date', date: '2021-02-03T04:05:06Z' },
      { header: 'subscriberEmail,WALLET_ADDRESS,created', date: '2021-02-03T04:05:06Z' },
      { header: 'email,wallet_address,CREATEDAT', date: '2021-02-03T04:05:06Z' },
    ];
    for (const v of variants) {
      const rows = [
        { email: ctx.names.email('col'), wallet: ctx.names.wallet() },
        { email: ctx.names.email('col'), wallet: '' },
        { email: '', wallet: ctx.names.wallet() },
      ];
      const bad = { email: `not-an-address-${ctx.runId}`, wallet: '0x1234' };
      registerImported(ctx, rows.map((r) => (r.email ? { email: r.email } : { wallet: r.wallet })));
      const csv = [v.header, ...rows.map((r) => `${r.email},${r.wallet},${v.date}`), `${bad.email},${bad.wallet},${v.date}`].join('\n');
      expectStatus(await uploadCsv(ctx, csv), 200);
      const items = await listAll(ctx);
      for (const r of rows) {
        const s = r.email ? findByEmail(items, r.email) : findByWallet(items, r.wallet);
        if (!s) fail(`with header "${v.header}" the row ${JSON.stringify(r)} was not imported`);
        if (r.email && r.wallet && s.walletAddress?.toLowerCase() !== r.wallet.toLowerCase()) fail(`with header "${v.header}" ${r.email} did not get its wallet`);
        if (s.createdAt !== Date.parse(v.date)) fail(`with header "${v.header}" the created date was not read (createdAt ${s.createdAt})`);
      }
      if (items.some((s) => s.email === bad.email)) fail('a row without a valid email or wallet was imported');
    }
  },
  { profile: 'extended' },
);

rule(['subscribers.import.no-duplicate', 'subscribers.list.page'], 'importing existing subscribers, or the same row twice, does not duplicate them', async (ctx) => {
  const email = ctx.names.email('again');
  const wallet = ctx.names.wallet();
  expectStatus(await addSubscriber(ctx, { email }), 200);
  const csv = `email,wallet_address\n${email.toUpperCase()},${wallet}\n${email},\n,${wallet}\n`;
  expectStatus(await uploadCsv(ctx, csv), 200);
  expectStatus(await uploadCsv(ctx, csv), 200);
  const found = holding(await listAll(ctx), [email], [wallet]);
  if (found.length !== 1) fail(`expected one subscriber, the list has ${found.length}: ${JSON.stringify(found)}`);
  await removeSubscriber(ctx, { email });
}, { profile: 'extended' });

rule(['subscribers.import.text-csv'], 'a file declared as text/csv is accepted', async (ctx) => {
  const email = ctx.names.email('type');
  registerImported(ctx, [{ email }]);
  expectStatus(await uploadCsv(ctx, `email\n${email}\n`, { type: 'text/csv' }), 200);
});

rule(['subscribers.import.no-columns-400'], 'a file without a recognised column, or a body without the file field, is refused with 400', async (ctx) => {
  const email = ctx.names.email('nocol');
  expectError(await uploadCsv(ctx, `name,e-mail\nAnn,${email}\n`), 400);
  expectError(await uploadCsv(ctx, `${email}\n`), 400);
  expectError(await uploadCsv(ctx, `email\n${email}\n`, { field: 'csv' }), 400);
  if (findByEmail(await listAll(ctx), email)) fail('a refused file imported a subscriber');
}, { profile: 'extended' });

rule(['subscribers.import.csv-syntax'], 'a BOM, CRLF, quoted fields and empty lines are read as CSV', async (ctx) => {
  const [a, b, c] = ['quoted', 'crlf', 'after-empty'].map((l) => ctx.names.email(l));
  registerImported(ctx, [{ email: a }, { email: b }, { email: c }]);
  const csv = `\uFEFFName,Email\r\n"Smith, ""Ann""\r\nsecond line","${a}"\r\nBob,${b}\r\n\r\n,\r\nCarl,${c}\r\n`;
  expectStatus(await uploadCsv(ctx, csv), 200);
  const items = await listAll(ctx);
  for (const e of [a, b, c]) if (!findByEmail(items, e)) fail(`${e} was not imported`);
}, { profile: 'extended' });

rule(['subscribers.import.date-formats'], 'created dates in the usual export formats are read, in UTC', async (ctx) => {
  const cases: [string, number][] = [
    ['2020-05-06T07:08:09Z', Date.UTC(2020, 4, 6, 7, 8, 9)],
    ['2020-05-06T07:08:09+02:00', Date.UTC(2020, 4, 6, 5, 8, 9)],
    ['2020-05-06', Date.UTC(2020, 4, 6)],
    ['2020-05-06 07:08:09', Date.UTC(2020, 4, 6, 7, 8, 9)],
    ['05/06/2020', Date.UTC(2020, 4, 6)],
    ['1588748889', 1588748889000],
    ['1588748889123', 1588748889123],
  ];
  const rows = cases.map(([date, expected]) => ({ email: ctx.names.email('date'), date, expected }));
  registerImported(ctx, rows);
  expectStatus(await uploadCsv(ctx, ['email,created_at', ...rows.map((r) => `${r.email},${r.date}`)].join('\n')), 200);
  const items = await listAll(ctx);
  for (const r of rows) {
    const s = findByEmail(items, r.email);
    if (s?.createdAt !== r.expected) fail(`"${r.date}" was read as ${s?.createdAt}, expected ${r.expected}`);
  }
}, { profile: 'extended' });

rule(['subscribers.import.max-10mb', 'subscribers.import.oversize-413'], 'a file over 10 MB is refused with 413 and imports nothing', async (ctx) => {
  const marker = ctx.names.email('big');
  const row = `${'x'.repeat(60)}-filler@example.com\n`;
  const csv = `email\n${marker}\n${row.repeat(Math.ceil((10 * 1024 * 1024 + 1024) / row.length))}`;
  expectError(await uploadCsv(ctx, csv), 413);
  if (findByEmail(await listAll(ctx), marker)) fail('part of the refused file was imported');
  // 10 MB read on a loaded machine (mutation runs) can take longer than the default limit.
}, { profile: ['robustness', 'extended'], timeout: 180_000 });

rule(['subscribers.import.created-columns', 'subscribers.list.page'], 'a row without a created date, or with one that is no date, is created now', async (ctx) => {
  const [missing, unreadable] = ['no-date', 'bad-date'].map((l) => ctx.names.email(l));
  registerImported(ctx, [{ email: missing }, { email: unreadable }]);
  // The target's clock, not ours: other tests move a test target's clock.
  const before = ctx.target.control.available ? (await ctx.control.clock()).now : Date.now();
  expectStatus(await uploadCsv(ctx, `email,created_at\n${missing},\n${unreadable},not a date\n`), 200);
  const items = await listAll(ctx);
  for (const email of [missing, unreadable]) {
    const found = findByEmail(items, email);
    if (!found) fail(`${email} was not imported`);
    // A remote clock drifts: allow a day.
    if (Math.abs(found.createdAt - before) > 86_400_000) fail(`${email} was created at ${found.createdAt}, far from now (${before})`);
  }
}, { profile: 'extended' });

rule(['subscribers.import.file-types'], 'the CSV types, and application/octet-stream named .csv, are read; any other file is refused with 415 and imports nothing', async (ctx) => {
  const upload = async (type: string, filename: string) => {
    const email = ctx.names.email('type');
    registerImported(ctx, [{ email }]);
    return { email, res: await uploadCsv(ctx, `email\n${email}\n`, { type, filename }) };
  };
  const read: string[] = [];
  for (const type of ['text/csv', 'application/csv', 'text/x-csv', 'application/vnd.ms-excel', 'text/plain', 'Text/CSV; charset=utf-8'])
    read.push((await upload(type, 'list.txt')).email);
  read.push((await upload('application/octet-stream', 'LIST.CSV')).email);
  const refused: string[] = [];
  for (const [type, filename] of [['application/octet-stream', 'list.txt'], ['application/octet-stream', 'list.csv.txt'], ['application/pdf', 'list.csv'], ['image/png', 'list.png']]) {
    const { email, res } = await upload(type, filename);
    expectError(res, 415);
    refused.push(email);
  }
  const items = await listAll(ctx);
  for (const email of read) if (!findByEmail(items, email)) fail(`the file with ${email}, of a CSV type, was not imported`);
  for (const email of refused) if (findByEmail(items, email)) fail(`the refused file with ${email} was imported`);
}, { profile: 'extended' });

rule(['subscribers.import.summary-header'], 'X-Import-Summary counts the data rows and what each did', async (ctx) => {
  const [created, unchanged, attached, conflicting] = ['sum-new', 'sum-same', 'sum-attach', 'sum-conflict'].map((l) => ctx.names.email(l));
  const [newWallet, otherWallet] = [ctx.names.wallet(), ctx.names.wallet()];
  for (const who of [{ email: unchanged }, { email: attached }, { email: conflicting }, { wallet: otherWallet }]) expectStatus(await addSubscriber(ctx, who), 200);
  registerImported(ctx, [{ email: created }]);
  // One created (and met again in another case: unchanged), one unchanged, one attached, one conflict,
  // two invalid; the empty line and the line of bare commas are no data rows.
  const csv = [
    'email,wallet_address',
    `${created},`,
    `${unchanged},`,
    `${created.toUpperCase()},`,
    `${attached},${newWallet}`,
    '',
    `${conflicting},${otherWallet}`,
    ',',
    'not-an-address,0x1234',
    `also-not-an-address-${ctx.runId},`,
  ].join('\n');
  const res = expectStatus(await uploadCsv(ctx, csv), 200);
  const expected = 'rows=7; created=1; attached=1; unchanged=2; invalid=2; conflicts=1';
  if (res.headers['x-import-summary'] !== expected) fail(`X-Import-Summary is ${JSON.stringify(res.headers['x-import-summary'])}, expected "${expected}"`);
}, { profile: 'reference-choices' });
