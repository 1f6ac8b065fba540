/**
 * SQL's current time is the target's controllable clock (DESIGN.md: the
 * clock is the only source of "now"): after POST /_control/clock, now() and
 * every other form SQL has of asking the time answer the moved clock, so
 * "the last 30 days" means the 30 days before it. The clock goes back in
 * time (nothing falls due there) and is restored when the test ends.
 */
import { fail, rule } from '../../src/authoring/index.js';
import { select } from './support.js';

const DAY = 86_400_000;

/** A timestamp answer as epoch ms: ISO 8601 or PostgreSQL's text ('2024-05-01 12:00:00.123+00'); no zone is UTC (the session's). */
function epochMs(value: unknown, what: string): number {
  let text = String(value).trim().replace(' ', 'T');
  if (/[+-]\d\d$/.test(text)) text += ':00';
  else if (!/(Z|[+-]\d\d:\d\d)$/i.test(text)) text += 'Z';
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) fail(`${what} answered ${JSON.stringify(value)}, not a timestamp`);
  return ms;
}

rule(
  ['analytics.control.sql-clock'],
  "now(), CURRENT_DATE and the other forms of SQL time answer the controllable clock's time, frozen or moved",
  async ({ api, control, vitest }) => {
    const before = await control.clock();
    const started = Date.now();
    vitest.onTestFinished(async () => {
      // Forward to where the clock would be had it not been touched, then as frozen as it was.
      await control.setClock(before.now + (before.frozen ? 0 : Date.now() - started));
      await control.freezeClock(before.frozen);
    });
    // 23:59:59.999 of a day more than a year back: far from the database's own clock, and a millisecond before midnight.
    const at = Math.floor((before.now - 400 * DAY) / DAY) * DAY + DAY - 1;
    const day = new Date(at).toISOString().slice(0, 10);
    const nextDay = new Date(at + 1).toISOString().slice(0, 10);
    await control.freezeClock(true);
    await control.setClock(at);

    const result = await select(
      api,
      `SELECT now() AS now, current_timestamp AS current_timestamp, transaction_timestamp() AS transaction_timestamp,
              statement_timestamp() AS statement_timestamp, clock_timestamp() AS clock_timestamp, localtimestamp AS localtimestamp,
              now()::date AS now_date, current_date AS current_date, (current_date - 30)::text AS thirty_days_before`,
    );
    const row = result.rows[0] ?? fail('the query answered no row');
    for (const name of ['now', 'current_timestamp', 'transaction_timestamp', 'statement_timestamp', 'clock_timestamp']) {
      const ms = epochMs(row[name], name);
      if (ms !== at) fail(`${name} answered ${JSON.stringify(row[name])}, the clock is at ${new Date(at).toISOString()}`);
    }
    if (epochMs(row.localtimestamp, 'localtimestamp') !== at) {
      fail(`localtimestamp answered ${JSON.stringify(row.localtimestamp)}, the clock is at ${new Date(at).toISOString()} (UTC)`);
    }
    for (const name of ['now_date', 'current_date']) {
      if (String(row[name]).slice(0, 10) !== day) fail(`${name} answered ${JSON.stringify(row[name])}, the clock's date is ${day}`);
    }
    const thirty = new Date(at - 30 * DAY).toISOString().slice(0, 10);
    if (String(row.thirty_days_before).slice(0, 10) !== thirty) fail(`current_date - 30 answered ${JSON.stringify(row.thirty_days_before)}, expected ${thirty}`);

    // One millisecond later it is the next day, for SQL too.
    await control.advanceClock(1);
    const moved = await select(api, 'SELECT now()::date AS today, current_date AS current_date');
    const next = moved.rows[0] ?? fail('the query answered no row');
    if (String(next.today).slice(0, 10) !== nextDay || String(next.current_date).slice(0, 10) !== nextDay) {
      fail(`after advancing the clock to ${new Date(at + 1).toISOString()}, now()::date and current_date answered ${JSON.stringify(next)}`);
    }
  },
  { needs: ['apiKey', 'control:clock'] },
);
