// runScopedQuery over a scripted runner: the statements it sends, in order, and
// what it makes of their answers (batches, caps, errors), which a request sees
// only in part (the session settings, the fetch batches and a result's byte
// cap never show in a small fixture's answer).
import { describe, expect, it } from 'vitest';
import { buildTypeCatalog } from '../values/to-json.js';
import { RESULT_TOO_LARGE, UserSqlError, type RawResult, type SqlRunner } from './runner.js';
import { MAX_RESULT_BYTES, runScopedQuery, type ScopedQueryOptions } from './scoped-query.js';

const INT4 = 23;
const TEXT = 25;
const types = buildTypeCatalog([['25', 'S', '0', ',']]);

/** A runner that records every statement and answers FETCH from `rows`, other queries from `answer`. */
class ScriptedRunner implements SqlRunner {
  readonly sent: string[] = [];
  readonly params: unknown[][] = [];
  private next = 0;

  constructor(
    private readonly rows: (string | null)[][],
    private readonly fields: RawResult['fields'] = [{ name: 'n', dataTypeID: INT4 }],
    private readonly fail: (sql: string) => unknown = () => undefined,
  ) {}

  async exec(sql: string): Promise<void> {
    this.sent.push(sql);
    const error = this.fail(sql);
    if (error) throw error;
  }

  async query(sql: string, params: unknown[] = []): Promise<RawResult> {
    this.sent.push(sql);
    this.params.push(params);
    const error = this.fail(sql);
    if (error) throw error;
    const fetch = /^FETCH FORWARD (\d+) FROM analytics_result$/.exec(sql);
    if (!fetch) return { fields: [], rows: [] };
    const want = Number(fetch[1]);
    const rows = this.rows.slice(this.next, this.next + want);
    this.next += rows.length;
    return { fields: this.fields, rows };
  }

  fetches(): string[] {
    return this.sent.filter((s) => s.startsWith('FETCH'));
  }
}

const options: ScopedQueryOptions = { maxRows: 100, clock: { at: Date.UTC(2031, 4, 17, 12, 34, 56, 789), frozen: true } };
const numbers = (n: number) => Array.from({ length: n }, (_, i) => [String(i)]);

describe('runScopedQuery: the statements', () => {
  it('begins, writes the scope, sets the session, declares the cursor, fetches, and rolls back', async () => {
    const runner = new ScriptedRunner(numbers(2));
    await runScopedQuery(runner, types, 'b1', 'SELECT 1 -- a comment', options);
    expect(runner.sent).toEqual([
      'BEGIN',
      "INSERT INTO analytics_private.query_scope (blog_id, clock_at, clock_frozen) VALUES ($1, timestamptz 'epoch' + $2 * interval '1 millisecond', $3)",
      [
        'SET LOCAL transaction_read_only = on',
        'SET LOCAL search_path = analytics, analytics_clock, pg_catalog',
        "SET LOCAL TimeZone = 'UTC'",
        "SET LOCAL DateStyle = 'ISO, YMD'",
        "SET LOCAL IntervalStyle = 'postgres'",
        'SET LOCAL extra_float_digits = 1',
        'SET LOCAL cursor_tuple_fraction = 1',
        'SET LOCAL ROLE analytics_reader',
      ].join(';\n'),
      'DECLARE analytics_result NO SCROLL CURSOR FOR\nSELECT 1 -- a comment',
      'FETCH FORWARD 1 FROM analytics_result',
      'FETCH FORWARD 4 FROM analytics_result',
      'ROLLBACK',
    ]);
    expect(runner.params[0]).toEqual(['b1', String(Date.UTC(2031, 4, 17, 12, 34, 56, 789)), true]);
  });

  it('writes the clock reading in whole milliseconds, and whether it is frozen', async () => {
    const runner = new ScriptedRunner([]);
    await runScopedQuery(runner, types, 'b2', 'SELECT 1', { maxRows: 1, clock: { at: 1000.6, frozen: false } });
    expect(runner.params[0]).toEqual(['b2', '1001', false]);
  });

  it('reads the machine clock when given none', async () => {
    const runner = new ScriptedRunner([]);
    await runScopedQuery(runner, types, 'b1', 'SELECT 1', { maxRows: 1 });
    const [, at, frozen] = runner.params[0] as [string, string, boolean];
    expect(Number(at)).toBeGreaterThan(Date.UTC(2020, 0, 1));
    expect(frozen).toBe(false);
  });

  it('sets statement_timeout, in whole milliseconds and at least 1, before the role', async () => {
    for (const [ms, written] of [
      [2500.9, '2500'],
      [0.4, '1'],
      [0, '1'],
    ] as const) {
      const runner = new ScriptedRunner([]);
      await runScopedQuery(runner, types, 'b1', 'SELECT 1', { ...options, statementTimeoutMs: ms });
      const settings = runner.sent[2].split(';\n');
      expect(settings.slice(-2)).toEqual([`SET LOCAL statement_timeout = ${written}`, 'SET LOCAL ROLE analytics_reader']);
      expect(settings).toHaveLength(9);
    }
  });
});

describe('runScopedQuery: fetching', () => {
  it('fetches in batches of 1, 4, 16, ... up to 1024, never more than maxRows + 1 in all', async () => {
    const runner = new ScriptedRunner(numbers(3000));
    const result = await runScopedQuery(runner, types, 'b1', 'SELECT n', { ...options, maxRows: 2500 });
    expect(runner.fetches().map((s) => Number(s.split(' ')[2]))).toEqual([1, 4, 16, 64, 256, 1024, 1024, 112]);
    expect(result.rowCount).toBe(2500);
    expect(result.rows).toHaveLength(2500);
    expect(result.rows[2499]).toEqual({ n: 2499 });
    expect(result.truncated).toBe(true);
  });

  it('stops at the first batch that comes back short', async () => {
    const runner = new ScriptedRunner(numbers(6));
    const result = await runScopedQuery(runner, types, 'b1', 'SELECT n', options);
    expect(runner.fetches()).toEqual(['FETCH FORWARD 1 FROM analytics_result', 'FETCH FORWARD 4 FROM analytics_result', 'FETCH FORWARD 16 FROM analytics_result']);
    expect(result).toEqual({ rows: numbers(6).map(([n]) => ({ n: Number(n) })), rowCount: 6, fields: [{ name: 'n' }], truncated: false });
  });

  it('exactly maxRows rows are not truncated; one more is, and is dropped', async () => {
    const exact = await runScopedQuery(new ScriptedRunner(numbers(5)), types, 'b1', 'SELECT n', { ...options, maxRows: 5 });
    expect(exact.truncated).toBe(false);
    expect(exact.rowCount).toBe(5);
    const more = await runScopedQuery(new ScriptedRunner(numbers(6)), types, 'b1', 'SELECT n', { ...options, maxRows: 5 });
    expect(more.truncated).toBe(true);
    expect(more.rows).toEqual(numbers(5).map(([n]) => ({ n: Number(n) })));
  });

  it('an empty result still names its columns', async () => {
    const result = await runScopedQuery(new ScriptedRunner([]), types, 'b1', 'SELECT n', options);
    expect(result).toEqual({ rows: [], rowCount: 0, fields: [{ name: 'n' }], truncated: false });
  });

  it('maps each value by its column type; a repeated column name keeps the later value, in the first place', async () => {
    const fields = [
      { name: 'a', dataTypeID: INT4 },
      { name: 'b', dataTypeID: TEXT },
      { name: 'a', dataTypeID: TEXT },
    ];
    const result = await runScopedQuery(new ScriptedRunner([['1', '2', 'x'], [null, null, null]], fields), types, 'b1', 'SELECT', options);
    expect(result.fields).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'a' }]);
    expect(result.rows).toEqual([
      { a: 'x', b: '2' },
      { a: null, b: null },
    ]);
    expect(Object.keys(result.rows[0])).toEqual(['a', 'b']);
    const row = result.rows[0];
    row.a = 'changed';
    delete row.b;
    expect(row).toEqual({ a: 'changed' });
  });

  it('a column named like an object property is an own, enumerable value', async () => {
    const result = await runScopedQuery(new ScriptedRunner([['1']], [{ name: '__proto__', dataTypeID: INT4 }]), types, 'b1', 'SELECT', options);
    expect(Object.keys(result.rows[0])).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(result.rows[0], '__proto__')?.value).toBe(1);
  });
});

describe('runScopedQuery: the size cap', () => {
  const big = 'x'.repeat(MAX_RESULT_BYTES / 4);

  it('is 32 MB of values', () => {
    expect(MAX_RESULT_BYTES).toBe(32 * 1024 * 1024);
  });

  it('refuses a result whose values pass it, after the batch that passed it, and rolls back', async () => {
    const runner = new ScriptedRunner([[big], [big], [big], [big], ['x'], ['y']], [{ name: 't', dataTypeID: TEXT }]);
    const error = await runScopedQuery(runner, types, 'b1', 'SELECT t', options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserSqlError);
    expect((error as UserSqlError).code).toBe(RESULT_TOO_LARGE);
    expect((error as Error).message).toBe(
      "the query's result is larger than 32 MB, the most analytics return: select fewer or smaller columns, fewer rows, or aggregate",
    );
    expect(runner.fetches()).toHaveLength(2);
    expect(runner.sent.at(-1)).toBe('ROLLBACK');
  });

  it('takes exactly 32 MB, and counts NULL as nothing', async () => {
    const runner = new ScriptedRunner([[big], [big], [big], [big, null]], [{ name: 't', dataTypeID: TEXT }]);
    const result = await runScopedQuery(runner, types, 'b1', 'SELECT t', options);
    expect(result.rowCount).toBe(4);
  });

  it('counts every column of a row', async () => {
    const fields = [
      { name: 'a', dataTypeID: TEXT },
      { name: 'b', dataTypeID: TEXT },
    ];
    const runner = new ScriptedRunner([[big, big], [big, big], ['x', 'y']], fields);
    await expect(runScopedQuery(runner, types, 'b1', 'SELECT', options)).rejects.toThrow(/larger than 32 MB/);
  });
});

describe("runScopedQuery: PostgreSQL's errors", () => {
  const failing = (where: RegExp, error: unknown) => new ScriptedRunner([], undefined, (sql) => (where.test(sql) ? error : undefined));

  it("an error with a SQLSTATE on the user's statement becomes a UserSqlError with its message and code", async () => {
    const runner = failing(/^DECLARE/, Object.assign(new Error('division by zero'), { code: '22012' }));
    const error = await runScopedQuery(runner, types, 'b1', 'SELECT 1/0', options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserSqlError);
    expect(error).toMatchObject({ message: 'division by zero', code: '22012' });
    expect(runner.sent.at(-1)).toBe('ROLLBACK');
  });

  it('and so on a fetch', async () => {
    const runner = failing(/^FETCH/, Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }));
    await expect(runScopedQuery(runner, types, 'b1', 'SELECT 1', options)).rejects.toMatchObject({ name: 'UserSqlError', code: '57014' });
  });

  it('hides a message that names the scoping machinery, and words one without a message', async () => {
    for (const name of ['analytics_private', 'query_scope', 'current_blog_id', 'analytics_result']) {
      const runner = failing(/^DECLARE/, Object.assign(new Error(`permission denied for ${name}`), { code: '42501' }));
      await expect(runScopedQuery(runner, types, 'b1', 'SELECT 1', options)).rejects.toMatchObject({ message: 'query failed', code: '42501' });
    }
    await expect(runScopedQuery(failing(/^DECLARE/, { code: 'XX000' }), types, 'b1', 'SELECT 1', options)).rejects.toMatchObject({ message: 'query failed', code: 'XX000' });
  });

  it('leaves an error without a five-character SQLSTATE as it is (the engine fails, not the query)', async () => {
    for (const code of [undefined, 57014, 'ECONNRESET', '5701', '570144', 'x57014', '57014x', '5701a']) {
      const thrown = Object.assign(new Error('connection lost'), { code });
      const error = await runScopedQuery(failing(/^DECLARE/, thrown), types, 'b1', 'SELECT 1', options).catch((e: unknown) => e);
      expect(error).toBe(thrown);
    }
  });

  it('the privileged steps are not the user\'s: their errors pass as they are', async () => {
    const thrown = Object.assign(new Error('relation "analytics_private.query_scope" does not exist'), { code: '42P01' });
    const runner = failing(/^INSERT/, thrown);
    await expect(runScopedQuery(runner, types, 'b1', 'SELECT 1', options)).rejects.toBe(thrown);
    expect(runner.sent.at(-1)).toBe('ROLLBACK');
  });

  it('a failed ROLLBACK is swallowed: the answer stands', async () => {
    const runner = failing(/^ROLLBACK/, new Error('connection gone'));
    const result = await runScopedQuery(runner, types, 'b1', 'SELECT 1', options);
    expect(result.rowCount).toBe(0);
  });
});
