/**
 * The analytics engine's figures: how long PGlite takes to start (from
 * nothing, and from the cached data directory), how long loading a million
 * post_views_daily rows takes, and representative aggregate queries over them.
 *
 *   npx tsx bench/analytics.ts [--rows 1000000] [--runs 5] [--database-url postgres://...]
 *
 * Standalone (not part of npm run bench): it needs a minute or two and a few
 * hundred MB of memory in the worker.
 */
import { parseArgs } from 'node:util';
import { createAnalyticsEngine, type AnalyticsEngine } from '../reference/src/analytics/engine/index.js';
import type { MirrorChange, PostRow, PostViewsDailyRow } from '../reference/src/analytics/engine/mirror-types.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
  },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const DATABASE_URL = values['database-url'];
const BLOG = 'bench-blog';
const POSTS = 2_000;
const BATCH = 50_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2023, 0, 1);

const QUERIES: Record<string, string> = {
  'top 10 posts by views': `SELECT p.id, p.title, sum(d.views) AS views
    FROM post_views_daily d JOIN posts p ON p.id = d.post_id
    GROUP BY p.id, p.title ORDER BY views DESC LIMIT 10`,
  'views per month': `SELECT date_trunc('month', day) AS month, sum(views) AS views, sum(unique_visitors) AS visitors
    FROM post_views_daily GROUP BY 1 ORDER BY 1`,
  'count(*)': 'SELECT count(*) FROM post_views_daily',
};

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function post(i: number): PostRow {
  const at = new Date(T0 + (i % 365) * DAY).toISOString();
  return {
    id: `post-${i}`, blog_id: BLOG, draft_of: null, title: `Post ${i}`, subtitle: null, slug: `post-${i}`, status: 'published',
    categories: [], send_newsletter: false, published_at: at, scheduled_at: null, created_at: at, updated_at: at,
  };
}

/** Row n: post n mod POSTS, on consecutive days per post, views skewed towards low post numbers. */
function* dailyRows(count: number): Generator<PostViewsDailyRow> {
  for (let n = 0; n < count; n++) {
    const p = n % POSTS;
    const d = Math.floor(n / POSTS);
    yield {
      blog_id: BLOG, post_id: `post-${p}`, day: new Date(T0 + d * DAY).toISOString().slice(0, 10),
      views: 1 + ((n * 7919) % 97) + Math.floor(5000 / (p + 1)), unique_visitors: 1 + ((n * 104729) % 61),
    };
  }
}

async function startTimes(): Promise<{ cold: number; warm: number }> {
  if (DATABASE_URL) return { cold: NaN, warm: NaN };
  // Cold: initdb and the schema install; warm: from the data directory kept after the first start.
  const cold = createAnalyticsEngine({ dataDirCache: false });
  const [, coldMs] = await timed(() => cold.ready());
  await cold.close();
  // Make sure the data directory cache exists (written in the background by a first start).
  const prime = createAnalyticsEngine();
  await prime.ready();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await prime.close();
  const warm = createAnalyticsEngine();
  const [, warmMs] = await timed(() => warm.ready());
  await warm.close();
  return { cold: coldMs, warm: warmMs };
}

async function load(engine: AnalyticsEngine): Promise<number> {
  const [, ms] = await timed(async () => {
    await engine.reset({ blogs: [{ id: BLOG, name: 'Bench', slug: 'bench', created_at: new Date(T0).toISOString() }], posts: Array.from({ length: POSTS }, (_, i) => post(i)) });
    let batch: MirrorChange[] = [];
    for (const row of dailyRows(ROWS)) {
      batch.push({ op: 'upsert', table: 'post_views_daily', row });
      if (batch.length === BATCH) {
        await engine.apply(batch);
        batch = [];
      }
    }
    if (batch.length) await engine.apply(batch);
  });
  return ms;
}

/** Printed as they come: the whole run takes minutes. */
const print = (line: string) => void process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  print(`analytics bench: ${DATABASE_URL ? 'PostgreSQL server' : 'PGlite (embedded)'}, ${ROWS.toLocaleString('en')} post_views_daily rows over ${POSTS} posts`);
  const starts = await startTimes();
  if (!DATABASE_URL) print(`start: cold (initdb + install) ${seconds(starts.cold)}, warm (cached data directory) ${seconds(starts.warm)}`);

  const engine = createAnalyticsEngine({ databaseUrl: DATABASE_URL, timeoutMs: 600_000 });
  await engine.ready();
  const loadMs = await load(engine);
  print(`load: ${seconds(loadMs)} (${Math.round(ROWS / (loadMs / 1000)).toLocaleString('en')} rows/s, batches of ${BATCH.toLocaleString('en')} through apply())`);

  for (const [name, sql] of Object.entries(QUERIES)) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const [result, ms] = await timed(() => engine.query(BLOG, sql));
      rows = result.rowCount;
      times.push(ms);
    }
    print(`query "${name}": median ${Math.round(median(times))} ms, min ${Math.round(Math.min(...times))} ms over ${RUNS} runs (${rows} rows)`);
  }
  await engine.close();
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
