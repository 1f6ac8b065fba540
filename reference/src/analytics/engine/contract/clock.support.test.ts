// Contract: SQL's current time is the engine's clock (the reference's
// controllable clock), read when each query starts, in every form SQL has.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../../clock.js';
import { MACHINE_CLOCK } from '../query-clock.js';
import type { AnalyticsEngine } from '../types.js';
import { twoBlogs } from './two-blogs.support.test.js';

/** The reference's clock, set by the tests; it follows the machine's time until set and after release. */
export class TestClock extends Clock {
  set(at: number, frozen: boolean): void {
    this.restore({ offsetMs: 0, frozenAt: frozen ? at : null });
    if (!frozen) this.setTo(at);
  }

  release(): void {
    this.restore({ offsetMs: 0, frozenAt: null });
  }
}

export interface ClockContractOptions {
  /**
   * Whether the database's own clock follows too, so that the date/time input
   * strings ('now', 'today', ...) do: the embedded engine, not a PostgreSQL
   * server (schema/clock.ts).
   */
  databaseClockFollows: boolean;
}

/** Far from the machine's time, with milliseconds that show rounding. */
const T = Date.parse('2031-05-17T12:34:56.789Z');
const DAY = 86_400_000;

export function clockContract(current: () => AnalyticsEngine, clock: TestClock, options: ClockContractOptions): void {
  const query = (sql: string) => current().query('b1', sql);
  const row = async (sql: string) => {
    const result = await query(sql);
    expect(result.rows, sql).toHaveLength(1);
    return result.rows[0];
  };

  describe("SQL's current time is the engine's clock", () => {
    beforeAll(async () => {
      await current().reset(twoBlogs());
    });
    afterEach(() => clock.release());

    it('every function and keyword answers the frozen reading, in its own type and column name', async () => {
      clock.set(T, true);
      const result = await query(
        `SELECT now(), current_timestamp, transaction_timestamp(), statement_timestamp(), clock_timestamp(),
                current_date, current_time, localtime, localtimestamp, timeofday()`,
      );
      expect(result.fields.map((f) => f.name)).toEqual([
        'now', 'current_timestamp', 'transaction_timestamp', 'statement_timestamp', 'clock_timestamp',
        'current_date', 'current_time', 'localtime', 'localtimestamp', 'timeofday',
      ]);
      expect(result.rows[0]).toEqual({
        now: '2031-05-17T12:34:56.789Z',
        current_timestamp: '2031-05-17T12:34:56.789Z',
        transaction_timestamp: '2031-05-17T12:34:56.789Z',
        statement_timestamp: '2031-05-17T12:34:56.789Z',
        clock_timestamp: '2031-05-17T12:34:56.789Z',
        current_date: '2031-05-17',
        current_time: '12:34:56.789+00',
        localtime: '12:34:56.789',
        localtimestamp: '2031-05-17T12:34:56.789',
        timeofday: 'Sat May 17 12:34:56.789000 2031 UTC',
      });
    });

    it('an explicit precision rounds as PostgreSQL does', async () => {
      clock.set(T, true);
      expect(await row('SELECT current_timestamp(1) AS a, current_timestamp(0) AS b, current_time(2) AS c, localtime(0) AS d, localtimestamp(1) AS e')).toEqual({
        a: '2031-05-17T12:34:56.800Z',
        b: '2031-05-17T12:34:57.000Z',
        c: '12:34:56.79+00',
        d: '12:34:57',
        e: '2031-05-17T12:34:56.800',
      });
      expect((await query('SELECT CURRENT_TIMESTAMP(3)')).fields).toEqual([{ name: 'current_timestamp' }]);
    });

    it('pg_catalog-qualified calls follow too', async () => {
      clock.set(T, true);
      expect(
        await row(`SELECT pg_catalog.now() AS a, pg_catalog.clock_timestamp() AS b, pg_catalog.transaction_timestamp() AS c,
                          pg_catalog.statement_timestamp() AS d, pg_catalog.timeofday() AS e, pg_catalog.age(timestamptz '2031-01-01') AS f`),
      ).toEqual({
        a: '2031-05-17T12:34:56.789Z',
        b: '2031-05-17T12:34:56.789Z',
        c: '2031-05-17T12:34:56.789Z',
        d: '2031-05-17T12:34:56.789Z',
        e: 'Sat May 17 12:34:56.789000 2031 UTC',
        f: '4 mons 16 days',
      });
    });

    it('in expressions, filters, subqueries and CTEs, and against the data ("the last 30 days")', async () => {
      // The fixtures' rows are from 2024-03-01: 30 days after that, p1 is within the last 30 days; 31 days after, not.
      clock.set(Date.parse('2024-03-31T00:00:00Z'), true);
      const recent = "SELECT id FROM posts WHERE published_at > now() - interval '30 days' AND draft_of IS NULL ORDER BY id";
      expect((await query(recent)).rows).toEqual([{ id: 'p1' }]);
      expect((await query("SELECT count(*) AS n FROM posts WHERE published_at >= CURRENT_DATE - 30")).rows).toEqual([{ n: 1 }]);
      clock.set(Date.parse('2024-04-01T00:00:00Z'), true);
      expect((await query(recent)).rows).toEqual([]);
      expect(
        await row(`WITH t AS (SELECT date_trunc('month', now()) AS m)
                   SELECT (SELECT m FROM t) AS month, extract(year FROM CURRENT_DATE) AS y, to_char(localtimestamp, 'YYYY-MM-DD') AS s,
                          CURRENT_DATE - date '2024-03-01' AS days, now()::date = CURRENT_DATE AS same,
                          CURRENT_TIMESTAMP AT TIME ZONE 'Europe/Berlin' AS berlin`),
      ).toEqual({ month: '2024-04-01T00:00:00.000Z', y: 2024, s: '2024-04-01', days: 31, same: true, berlin: '2024-04-01T02:00:00.000' });
    });

    it('age(t) counts from midnight of the clock date, for either timestamp type; age(a, b) and age(xid) are untouched', async () => {
      clock.set(T, true);
      expect(
        await row(`SELECT age(timestamptz '2030-05-17 00:00+00') AS a, age(timestamp '2031-05-16 12:00') AS b, age(date '2031-04-17') AS c,
                          age(timestamp '2031-05-18', timestamp '2031-05-17') AS d, pg_typeof(age(xmin)) AS e
                   FROM posts WHERE id = 'p1'`),
      ).toEqual({ a: '1 year', b: '12:00:00', c: '1 mon', d: '1 day', e: 'integer' });
    });

    it('the clock is read when each query starts', async () => {
      clock.set(T, true);
      expect(await row('SELECT now()::date AS d')).toEqual({ d: '2031-05-17' });
      clock.set(T + DAY, true);
      expect(await row('SELECT now()::date AS d')).toEqual({ d: '2031-05-18' });
      clock.set(T - 400 * DAY, true);
      expect(await row('SELECT CURRENT_DATE AS d')).toEqual({ d: '2030-04-12' });
    });

    it('a moving clock: now() is when the query started, clock_timestamp() moves on from there', async () => {
      clock.set(T, false);
      const result = await row(
        'SELECT now() AS started, min(c) AS first, max(c) AS last FROM (SELECT clock_timestamp() AS c FROM generate_series(1, 30000)) g',
      );
      const started = Date.parse(String(result.started));
      expect(started).toBeGreaterThanOrEqual(T);
      expect(started).toBeLessThan(T + 60_000);
      expect(Date.parse(String(result.first))).toBeGreaterThanOrEqual(started);
      expect(Date.parse(String(result.last))).toBeGreaterThan(Date.parse(String(result.first)));
      expect(Date.parse(String(result.last))).toBeLessThan(T + 120_000);
    });

    it('a frozen clock stays put while the query runs', async () => {
      clock.set(T, true);
      expect(await row('SELECT count(DISTINCT clock_timestamp()) AS n, count(DISTINCT timeofday()) AS m FROM generate_series(1, 20000)')).toEqual({
        n: 1,
        m: 1,
      });
    });

    it('without a set clock, SQL tells the machine time', async () => {
      const before = MACHINE_CLOCK.now();
      const { now } = await row('SELECT now()');
      expect(Date.parse(String(now))).toBeGreaterThanOrEqual(before - 5_000);
      expect(Date.parse(String(now))).toBeLessThanOrEqual(MACHINE_CLOCK.now() + 5_000);
    });

    const special = `SELECT 'now'::timestamptz AS now, 'today'::date AS today, date 'tomorrow' AS tomorrow,
                            ('yester' || 'day')::timestamp AS yesterday, '{now}'::timestamptz[] AS list`;
    if (options.databaseClockFollows) {
      it("the date/time input strings 'now', 'today', ... follow too, literal or built at run time", async () => {
        clock.set(T, true);
        expect(await row(special)).toEqual({
          now: '2031-05-17T12:34:56.789Z',
          today: '2031-05-17',
          tomorrow: '2031-05-18',
          yesterday: '2031-05-16T00:00:00.000',
          list: ['2031-05-17T12:34:56.789Z'],
        });
      });
    } else {
      it("the date/time input strings 'now', 'today', ... are the server's own clock (documented in schema/clock.ts)", async () => {
        clock.set(T, true);
        const result = await row(special);
        expect(Date.parse(String(result.now))).toBeLessThan(T - 30 * DAY);
        expect(result.today).not.toBe('2031-05-17');
      });
    }
  });
}
