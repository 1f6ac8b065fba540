import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseImportDate } from './csv/dates.js';
import { mapColumns } from './csv/columns.js';
import { parseSubscriberCsv } from './csv/parse.js';

const W = '0x' + '1234567890'.repeat(4);
const parse = (text: string | Buffer, chunk = 7) => {
  const buf = Buffer.isBuffer(text) ? text : Buffer.from(text);
  // Small chunks: records, quotes and the BOM split across reads.
  const parts: Buffer[] = [];
  for (let i = 0; i < buf.length; i += chunk) parts.push(buf.subarray(i, i + chunk));
  return parseSubscriberCsv(Readable.from(parts));
};

describe('parseImportDate', () => {
  it.each([
    ['2024-03-05T10:20:30Z', Date.UTC(2024, 2, 5, 10, 20, 30)],
    ['2024-03-05T10:20:30.123+02:00', Date.UTC(2024, 2, 5, 8, 20, 30, 123)],
    ['2024-03-05', Date.UTC(2024, 2, 5)],
    ['2024-03-05 10:20:30', Date.UTC(2024, 2, 5, 10, 20, 30)],
    ['2024-03-05 10:20:30 UTC', Date.UTC(2024, 2, 5, 10, 20, 30)],
    ['03/05/2024', Date.UTC(2024, 2, 5)],
    ['3/5/2024 1:02 PM', Date.UTC(2024, 2, 5, 13, 2)],
    ['12/31/2023 12:00:00 AM', Date.UTC(2023, 11, 31, 0, 0)],
    ['1709634030', 1709634030000],
    ['1709634030.5', 1709634030500],
    ['1709634030123', 1709634030123],
  ])('reads %s', (text, expected) => {
    expect(parseImportDate(text)).toBe(expected);
  });
  it.each(['', 'yesterday', '2024-02-30', '13/01/2024', '2024-13-01', '25:00', '2024-03-05T25:00'])('refuses %j', (text) => {
    expect(parseImportDate(text)).toBeNull();
  });
});

describe('mapColumns', () => {
  it('matches the spec names case-insensitively and only those', () => {
    expect(mapColumns(['EMAIL', 'Wallet_Address', 'Subscription Date'])).toEqual({ email: [0], wallet: [1], date: [2] });
    expect(mapColumns(['name', 'subscriberEmail', 'createdAt'])).toEqual({ email: [1], wallet: [], date: [2] });
    expect(mapColumns(['name', 'e-mail', 'walletAddress', 'created_at'])).toBeNull();
  });
});

describe('parseSubscriberCsv', () => {
  it('handles a BOM, CRLF, quotes, empty lines and short rows', async () => {
    const csv =
      '\uFEFFName,Email,wallet_address,created_at\r\n' +
      '"Smith, Ann",ann@example.com,,2024-01-02\r\n' +
      '\r\n' +
      '"Bob ""B""",,' + W + ',1704067200\r\n' +
      ',,,\r\n' +
      'Short,carl@example.com\r\n' +
      '"Multi\r\nline",dee@example.com,not-a-wallet,garbage\r\n';
    const out = await parse(csv);
    expect(out.rows).toEqual([
      { email: 'ann@example.com', wallet: null, createdAt: Date.UTC(2024, 0, 2) },
      { email: null, wallet: W, createdAt: 1704067200000 },
      { email: 'carl@example.com', wallet: null, createdAt: null },
      { email: 'dee@example.com', wallet: null, createdAt: null },
    ]);
    expect(out.skippedRows).toBe(0);
  });

  it('skips rows without a valid email or wallet', async () => {
    const out = await parse('email,wallet_address\nnot-an-email,0x12\n,\nok@example.com,\n');
    expect(out.rows).toHaveLength(1);
    expect(out.skippedRows).toBe(1);
    expect(out.dataRows).toBe(2);
  });

  it('refuses a file with no recognised column, or no header at all', async () => {
    await expect(parse('name,phone\nAnn,123\n')).rejects.toThrow(/no recognised column/);
    await expect(parse('')).rejects.toThrow(/no recognised column/);
    await expect(parse('ann@example.com\nbob@example.com\n')).rejects.toThrow(/no recognised column/);
  });

  it('refuses malformed CSV with the line', async () => {
    await expect(parse('email\n"ann@example.com\nbob@example.com\n')).rejects.toThrow(/not valid near line/);
  });

  // The imported rows are exactly the valid rows, whatever the column order,
  // header case, quoting and line endings. Validity comes from the generator
  // (tagged good or bad), not from the code under test.
  it('imports exactly the valid rows of generated files', async () => {
    const local = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}[a-z0-9]$/).filter((l) => !l.includes('..'));
    const goodEmail = fc.tuple(local, fc.constantFrom('example.com', 'example.org', 'mail.example.net')).map(([l, d]) => `${l}@${d}`);
    const email = fc.oneof(
      goodEmail.map((v) => ({ v, ok: true })),
      fc.constantFrom('bad', 'a@b', '', '@example.com', 'x@@example.com').map((v) => ({ v, ok: false })),
    );
    const wallet = fc.oneof(
      fc.stringMatching(/^0x[0-9a-fA-F]{40}$/).map((v) => ({ v, ok: true })),
      fc.constantFrom('', '0x12', 'wallet', '0x' + 'g'.repeat(40)).map((v) => ({ v, ok: false })),
    );
    const row = fc.record({ email, wallet, name: fc.string({ maxLength: 8 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 30 }),
        fc.constantFrom(['email', 'wallet', 'name'], ['name', 'wallet', 'email'], ['wallet', 'name', 'email']),
        fc.constantFrom('email', 'EMAIL', 'Email', 'subscriberEmail', 'SUBSCRIBEREMAIL'),
        fc.constantFrom('wallet_address', 'WALLET_ADDRESS', 'Wallet_Address'),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        async (rows, order, emailHeader, walletHeader, eol, bom) => {
          const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
          const header = order.map((c) => (c === 'email' ? emailHeader : c === 'wallet' ? walletHeader : c));
          const cell = (r: (typeof rows)[number], c: string) => (c === 'name' ? r.name : c === 'email' ? r.email.v : r.wallet.v);
          const lines = [header.join(','), ...rows.map((r) => order.map((c) => quote(cell(r, c))).join(','))];
          const text = (bom ? '\uFEFF' : '') + lines.join(eol) + eol;
          const out = await parse(text, 13);
          const expected = rows
            .filter((r) => r.email.ok || r.wallet.ok)
            .map((r) => ({ email: r.email.ok ? r.email.v : null, wallet: r.wallet.ok ? r.wallet.v : null, createdAt: null }));
          expect(out.rows).toEqual(expected);
          // A row of empty cells reads as an empty line, not as a skipped row.
          const blank = rows.filter((r) => r.name.trim() === '' && r.email.v === '' && r.wallet.v === '').length;
          expect(out.skippedRows).toBe(rows.length - expected.length - blank);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('parseSubscriberCsv, hand-written files', () => {
  it('accepts spaces around fields and quotes', async () => {
    const out = await parse('email , wallet_address\n "ann@example.com" , \n');
    expect(out.rows).toEqual([{ email: 'ann@example.com', wallet: null, createdAt: null }]);
  });
});
