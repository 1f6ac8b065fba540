/**
 * The created dates of a CSV import, format by format (the reference's
 * choices in docs/spec-gaps-subscribers-emails.md): each accepted form with
 * its edges (one or two digits, seconds and fractions optional, every zone
 * form, AM and PM), and the texts that are no date and so are read as now
 * (impossible dates, numbers out of range, text around a date).
 */
import { expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { findByEmail, listAll, registerImported, uploadCsv } from './subscribers.js';

/** A date the row must be created at, or NOW: no date, so the import's time. */
const NOW = 'now';
type Expected = number | typeof NOW;

const UTC = Date.UTC;

/**
 * Imports one row per date (quoted, so that a comma or spaces inside reach
 * the date reader as written) and fails naming every date read otherwise.
 */
async function expectDates(ctx: RuleContext, cases: readonly (readonly [string, Expected])[]): Promise<void> {
  const rows = cases.map(([date, expected]) => ({ email: ctx.names.email('date'), date, expected }));
  registerImported(ctx, rows);
  // The target's clock, not ours: other tests move a test target's clock.
  const before = ctx.target.control.available ? (await ctx.control.clock()).now : Date.now();
  const csv = ['email,created_at', ...rows.map((r) => `${r.email},"${r.date}"`)].join('\n');
  expectStatus(await uploadCsv(ctx, csv), 200);
  const items = await listAll(ctx);
  const wrong: string[] = [];
  for (const r of rows) {
    const createdAt = findByEmail(items, r.email)?.createdAt;
    if (createdAt === undefined) wrong.push(`the row dated "${r.date}" was not imported`);
    // A remote clock drifts: now is within a day.
    else if (r.expected === NOW ? Math.abs(createdAt - before) > 86_400_000 : createdAt !== r.expected)
      wrong.push(`"${r.date}" was read as ${createdAt} (${new Date(createdAt).toISOString()}), expected ${r.expected === NOW ? 'now' : new Date(r.expected).toISOString()}`);
  }
  if (wrong.length > 0) fail(wrong.join('; '));
}

rule(['subscribers.import.date-formats'], 'ISO 8601 and YYYY-MM-DD dates are read with their optional time, fraction and zone', async (ctx) => {
  await expectDates(ctx, [
    ['2020-05-06T07:08:09Z', UTC(2020, 4, 6, 7, 8, 9)],
    ['2020-05-06T07:08:09z', UTC(2020, 4, 6, 7, 8, 9)],
    ['2020-05-06T07:08:09+02:00', UTC(2020, 4, 6, 5, 8, 9)],
    ['2020-05-06T07:08:09-05:30', UTC(2020, 4, 6, 12, 38, 9)],
    ['2020-05-06T07:08:09+0200', UTC(2020, 4, 6, 5, 8, 9)],
    ['2020-05-06 07:08:09 UTC', UTC(2020, 4, 6, 7, 8, 9)],
    ['2020-05-06 07:08:09GMT', UTC(2020, 4, 6, 7, 8, 9)],
    ['2020-05-06 07:08', UTC(2020, 4, 6, 7, 8)],
    ['2020-05-06 7:08', UTC(2020, 4, 6, 7, 8)],
    ['2020-05-06T07:08:09.123Z', UTC(2020, 4, 6, 7, 8, 9, 123)],
    ['2020-05-06T07:08:09.5Z', UTC(2020, 4, 6, 7, 8, 9, 500)],
    ['2020-05-06T07:08:09.123456Z', UTC(2020, 4, 6, 7, 8, 9, 123)],
    ['2020/05/06', UTC(2020, 4, 6)],
    ['2020-5-6', UTC(2020, 4, 6)],
    ['2020-01-01', UTC(2020, 0, 1)],
    ['2020-12-31 23:59:59', UTC(2020, 11, 31, 23, 59, 59)],
    ['2020-02-29', UTC(2020, 1, 29)],
    [' 2020-05-06 ', UTC(2020, 4, 6)],
  ]);
}, { profile: 'extended' });

rule(['subscribers.import.date-formats'], 'US dates (MM/DD/YYYY) are read with their optional time and AM or PM', async (ctx) => {
  await expectDates(ctx, [
    ['05/06/2020', UTC(2020, 4, 6)],
    ['5/6/2020', UTC(2020, 4, 6)],
    ['05/06/2020 07:08:09', UTC(2020, 4, 6, 7, 8, 9)],
    ['5/6/2020, 7:08', UTC(2020, 4, 6, 7, 8)],
    ['5/6/2020  7:08', UTC(2020, 4, 6, 7, 8)],
    ['5/6/2020 1:02 PM', UTC(2020, 4, 6, 13, 2)],
    ['5/6/2020 1:02pm', UTC(2020, 4, 6, 13, 2)],
    ['5/6/2020 12:00 AM', UTC(2020, 4, 6, 0, 0)],
    ['5/6/2020 12:30 PM', UTC(2020, 4, 6, 12, 30)],
    ['5/6/2020 1:00 am', UTC(2020, 4, 6, 1, 0)],
    ['12/31/2019 11:59:59 PM', UTC(2019, 11, 31, 23, 59, 59)],
  ]);
}, { profile: 'extended' });

rule(['subscribers.import.date-formats'], 'Unix seconds (up to 11 digits, decimals allowed) and Unix milliseconds (12 digits or more) are read', async (ctx) => {
  await expectDates(ctx, [
    ['1588748889', 1588748889000],
    ['1588748889.5', 1588748889500],
    ['1588748889.25', 1588748889250],
    ['1588748889123', 1588748889123],
    ['5', 5000],
    // Leading zeros count as digits: 11 are seconds, 12 and up to 16 milliseconds.
    ['01588748889', 1588748889000],
    ['001588748889', 1588748889],
    ['0001588748889123', 1588748889123],
  ]);
}, { profile: 'extended' });

rule(
  ['subscribers.import.date-formats', 'subscribers.import.created-columns'],
  'impossible dates, numbers out of range and text around a date are no date: the row is created now',
  async (ctx) => {
    await expectDates(ctx, [
      ['2021-02-30', NOW],
      ['0050-05-06', NOW],
      ['2020-05-06 07:60', NOW],
      ['2020-05-06 07:08:60', NOW],
      ['2020-05-06T07', NOW],
      ['2020-005-06', NOW],
      ['2020-05-006', NOW],
      ['2020-05-06T07:08:09.1234567890Z', NOW],
      ['x2020-05-06', NOW],
      ['2020-05-06x', NOW],
      ['5/6/2020 13:00 PM', NOW],
      ['5/6/2020 0:30 AM', NOW],
      ['005/06/2020', NOW],
      ['05/06/20', NOW],
      ['x5/6/2020', NOW],
      ['5/6/2020x', NOW],
      ['x1588748889', NOW],
      ['1588748889x', NOW],
      ['1588748889.', NOW],
      ['00000001588748889', NOW],
    ]);
  },
  { profile: 'extended' },
);
