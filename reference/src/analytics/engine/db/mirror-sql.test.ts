// The mirror's writes over a recording runner: the statements sent, their
// order, how changes are batched, when ANALYZE runs and what a failure undoes.
// A request reads only the rows that result; the batching, the statistics and
// the rollback of a failed batch never show in a fixture's answer.
import { describe, expect, it } from 'vitest';
import type { BlogRow, MirrorChange, PostViewsDailyRow } from '../mirror-types.js';
import { TABLE_NAMES } from '../schema/tables.js';
import { LOAD_BATCH_ROWS, applyChanges, replaceAll, replaceStep, snapshotBatches, type ReplaceStep } from './mirror-sql.js';
import type { RawResult, SqlRunner } from './runner.js';

class RecordingRunner implements SqlRunner {
  readonly sent: { sql: string; params?: unknown[] }[] = [];

  constructor(private readonly fail: (sql: string) => Error | undefined = () => undefined) {}

  async exec(sql: string): Promise<void> {
    this.sent.push({ sql });
    const error = this.fail(sql);
    if (error) throw error;
  }

  async query(sql: string, params?: unknown[]): Promise<RawResult> {
    this.sent.push({ sql, params });
    const error = this.fail(sql);
    if (error) throw error;
    return { fields: [], rows: [] };
  }

  statements(): string[] {
    return this.sent.map((s) => s.sql);
  }
}

const T0 = '2024-03-01T09:00:00.000Z';
const blog = (id: string, name = `Blog ${id}`): BlogRow => ({ id, name, slug: null, created_at: T0 });
const day = (post_id: string, d: string, views = 1): PostViewsDailyRow => ({ blog_id: 'b1', post_id, day: d, views, unique_visitors: 1 });
const ALL_TABLES = TABLE_NAMES.map((t) => `analytics.${t}`).join(', ');

const BLOGS_INSERT =
  'INSERT INTO analytics.blogs (id, name, slug, created_at) SELECT id, name, slug, created_at FROM jsonb_populate_recordset(NULL::analytics.blogs, $1::jsonb)';
const BLOGS_UPSERT = `${BLOGS_INSERT} ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, slug = EXCLUDED.slug, created_at = EXCLUDED.created_at`;
const BLOGS_DELETE = 'DELETE FROM analytics.blogs AS t USING jsonb_populate_recordset(NULL::analytics.blogs, $1::jsonb) AS k WHERE t.id = k.id';
const DAILY_UPSERT =
  'INSERT INTO analytics.post_views_daily (blog_id, post_id, day, views, unique_visitors) SELECT blog_id, post_id, day, views, unique_visitors ' +
  'FROM jsonb_populate_recordset(NULL::analytics.post_views_daily, $1::jsonb) ' +
  'ON CONFLICT (post_id, day) DO UPDATE SET blog_id = EXCLUDED.blog_id, views = EXCLUDED.views, unique_visitors = EXCLUDED.unique_visitors';
const DAILY_DELETE =
  'DELETE FROM analytics.post_views_daily AS t USING jsonb_populate_recordset(NULL::analytics.post_views_daily, $1::jsonb) AS k WHERE t.post_id = k.post_id AND t.day = k.day';

describe('snapshotBatches', () => {
  it('gives each table in creation order, in batches of at most LOAD_BATCH_ROWS, skipping empty and missing tables', () => {
    expect(LOAD_BATCH_ROWS).toBe(5_000);
    const blogs = Array.from({ length: LOAD_BATCH_ROWS * 2 + 1 }, (_, i) => blog(`b${i}`));
    const batches = [...snapshotBatches({ post_views_daily: [day('p1', '2024-03-01')], subscribers: [], blogs })];
    expect(batches.map((b) => [b.table, b.rows.length])).toEqual([
      ['blogs', 5000],
      ['blogs', 5000],
      ['blogs', 1],
      ['post_views_daily', 1],
    ]);
    expect(batches[1].rows[0]).toBe(blogs[5000]);
    expect(batches[2].rows[0]).toBe(blogs[10000]);
  });

  it('a table of exactly one batch is one batch', () => {
    const blogs = Array.from({ length: LOAD_BATCH_ROWS }, (_, i) => blog(`b${i}`));
    expect([...snapshotBatches({ blogs })].map((b) => b.rows.length)).toEqual([5000]);
  });
});

describe('replaceStep', () => {
  it('begin empties every table in one transaction; rows insert a batch as one JSON parameter; commit analyzes every table', async () => {
    const runner = new RecordingRunner();
    await replaceStep(runner, { step: 'begin' });
    await replaceStep(runner, { step: 'rows', table: 'blogs', rows: [blog('b1'), blog('b2')] });
    await replaceStep(runner, { step: 'commit' });
    expect(runner.sent).toEqual([
      { sql: 'BEGIN' },
      { sql: `TRUNCATE ${ALL_TABLES}` },
      { sql: BLOGS_INSERT, params: [JSON.stringify([blog('b1'), blog('b2')])] },
      { sql: 'COMMIT' },
      { sql: `ANALYZE ${ALL_TABLES}` },
    ]);
  });

  it('abort rolls back, and a failed rollback is swallowed', async () => {
    const runner = new RecordingRunner(() => new Error('connection gone'));
    await replaceStep(runner, { step: 'abort' });
    expect(runner.statements()).toEqual(['ROLLBACK']);
  });
});

describe('replaceAll', () => {
  const steps = (fail?: (step: ReplaceStep) => boolean) => {
    const seen: string[] = [];
    const run = async (step: ReplaceStep) => {
      seen.push(step.step === 'rows' ? `rows ${step.table} ${step.rows.length}` : step.step);
      if (fail?.(step)) throw new Error(`${step.step} failed`);
    };
    return { seen, run };
  };

  it('begins, hands over every batch, then commits', async () => {
    const { seen, run } = steps();
    await replaceAll({ blogs: [blog('b1')], post_views_daily: [day('p1', '2024-03-01'), day('p1', '2024-03-02')] }, run);
    expect(seen).toEqual(['begin', 'rows blogs 1', 'rows post_views_daily 2', 'commit']);
  });

  it('a failed batch aborts and its error is thrown, without commit', async () => {
    const { seen, run } = steps((s) => s.step === 'rows');
    await expect(replaceAll({ blogs: [blog('b1')], posts: [] }, run)).rejects.toThrow('rows failed');
    expect(seen).toEqual(['begin', 'rows blogs 1', 'abort']);
  });

  it('a failed abort does not hide the batch error', async () => {
    const { seen, run } = steps((s) => s.step === 'rows' || s.step === 'abort');
    await expect(replaceAll({ blogs: [blog('b1')] }, run)).rejects.toThrow('rows failed');
    expect(seen).toEqual(['begin', 'rows blogs 1', 'abort']);
  });

  it('a failed begin or commit is thrown as it is, with no abort', async () => {
    const begin = steps((s) => s.step === 'begin');
    await expect(replaceAll({ blogs: [blog('b1')] }, begin.run)).rejects.toThrow('begin failed');
    expect(begin.seen).toEqual(['begin']);
    const commit = steps((s) => s.step === 'commit');
    await expect(replaceAll({}, commit.run)).rejects.toThrow('commit failed');
    expect(commit.seen).toEqual(['begin', 'commit']);
  });
});

describe('applyChanges', () => {
  const upsert = (row: BlogRow): MirrorChange => ({ op: 'upsert', table: 'blogs', row });
  const remove = (id: string): MirrorChange => ({ op: 'delete', table: 'blogs', key: { id } });

  it('runs in one transaction, one statement per run of changes of one kind on one table, in order', async () => {
    const runner = new RecordingRunner();
    await applyChanges(runner, [
      upsert(blog('b1')),
      upsert(blog('b2')),
      remove('b3'),
      { op: 'upsert', table: 'post_views_daily', row: day('p1', '2024-03-01') },
      { op: 'delete', table: 'post_views_daily', key: { post_id: 'p1', day: '2024-03-02' } },
      upsert(blog('b4')),
    ]);
    expect(runner.sent).toEqual([
      { sql: 'BEGIN' },
      { sql: BLOGS_UPSERT, params: [JSON.stringify([blog('b1'), blog('b2')])] },
      { sql: BLOGS_DELETE, params: [JSON.stringify([{ id: 'b3' }])] },
      { sql: DAILY_UPSERT, params: [JSON.stringify([day('p1', '2024-03-01')])] },
      { sql: DAILY_DELETE, params: [JSON.stringify([{ post_id: 'p1', day: '2024-03-02' }])] },
      { sql: BLOGS_UPSERT, params: [JSON.stringify([blog('b4')])] },
      { sql: 'COMMIT' },
    ]);
  });

  it('within a batch the last row of a key wins, in the place of its first', async () => {
    const runner = new RecordingRunner();
    await applyChanges(runner, [upsert(blog('b1', 'first')), upsert(blog('b2')), upsert(blog('b1', 'last'))]);
    expect(runner.sent[1].params).toEqual([JSON.stringify([blog('b1', 'last'), blog('b2')])]);
    const daily = new RecordingRunner();
    await applyChanges(daily, [
      { op: 'upsert', table: 'post_views_daily', row: day('p1', '2024-03-01', 1) },
      { op: 'upsert', table: 'post_views_daily', row: day('p1', '2024-03-02', 2) },
      { op: 'upsert', table: 'post_views_daily', row: day('p1', '2024-03-01', 3) },
    ]);
    expect(daily.sent[1].params).toEqual([JSON.stringify([day('p1', '2024-03-01', 3), day('p1', '2024-03-02', 2)])]);
  });

  it('no changes: an empty transaction, no statement and no ANALYZE', async () => {
    const runner = new RecordingRunner();
    await applyChanges(runner, []);
    expect(runner.statements()).toEqual(['BEGIN', 'COMMIT']);
  });

  it('a failed statement rolls everything back and is thrown; a failed rollback does not hide it', async () => {
    const runner = new RecordingRunner((sql) => (sql.startsWith('DELETE') ? new Error('delete failed') : undefined));
    await expect(applyChanges(runner, [upsert(blog('b1')), remove('b1')])).rejects.toThrow('delete failed');
    expect(runner.statements()).toEqual(['BEGIN', BLOGS_UPSERT, BLOGS_DELETE, 'ROLLBACK']);
    const both = new RecordingRunner((sql) => (sql.startsWith('DELETE') ? new Error('delete failed') : sql === 'ROLLBACK' ? new Error('gone') : undefined));
    await expect(applyChanges(both, [remove('b1')])).rejects.toThrow('delete failed');
  });

  it('a failed COMMIT rolls back too, and no ANALYZE follows', async () => {
    const runner = new RecordingRunner((sql) => (sql === 'COMMIT' ? new Error('commit failed') : undefined));
    const many = Array.from({ length: 5000 }, (_, i) => upsert(blog(`b${i}`)));
    await expect(applyChanges(runner, many)).rejects.toThrow('commit failed');
    expect(runner.statements()).toEqual(['BEGIN', BLOGS_UPSERT, 'COMMIT', 'ROLLBACK']);
  });

  it('analyzes, after the commit, each table with at least 5,000 changes of any kind, once', async () => {
    const blogs = Array.from({ length: 2500 }, (_, i) => [upsert(blog(`b${i}`)), remove(`b${i}`)]).flat();
    const days = Array.from({ length: 4999 }, (_, i) => ({ op: 'upsert', table: 'post_views_daily', row: day(`p${i}`, '2024-03-01') }) as MirrorChange);
    const runner = new RecordingRunner();
    await applyChanges(runner, [...blogs, ...days]);
    expect(runner.statements().slice(-2)).toEqual(['COMMIT', 'ANALYZE analytics.blogs']);

    const both = new RecordingRunner();
    const posts = Array.from({ length: 5000 }, (_, i) => ({ op: 'delete', table: 'posts', key: { id: `p${i}` } }) as MirrorChange);
    await applyChanges(both, [...days, ...posts, { op: 'upsert', table: 'post_views_daily', row: day('px', '2024-03-01') }]);
    expect(both.statements().slice(-2)).toEqual(['COMMIT', 'ANALYZE analytics.post_views_daily, analytics.posts']);

    const fewer = new RecordingRunner();
    await applyChanges(fewer, days);
    expect(fewer.statements().at(-1)).toBe('COMMIT');
  });
});
