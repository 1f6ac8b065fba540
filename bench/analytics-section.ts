/**
 * The analytics engine's figures: how long PGlite takes to start (from
 * nothing, and from the cached data directory), how long loading N
 * post_views_daily rows through the mirror's apply() takes, and
 * representative aggregate queries over them.
 *
 * A section of `npm run bench` (default 100,000 rows, under half a minute;
 * --analytics-rows N) and the body of the standalone bench/analytics.ts.
 * The engine runs PGlite in a worker thread of this process.
 */
import { createAnalyticsEngine, type AnalyticsEngine } from '../reference/src/analytics/engine/index.js';
import type { MirrorChange, PostRow, PostViewsDailyRow } from '../reference/src/analytics/engine/mirror-types.js';
import { readCachedDataDir } from '../reference/src/analytics/engine/pglite/datadir-cache.js';

export interface AnalyticsOptions {
  rows: number;
  /** Runs of each query (the median and the minimum are reported). */
  runs: number;
  /** An existing PostgreSQL server instead of PGlite (no start times then). */
  databaseUrl?: string;
}

export interface AnalyticsQueryFigures {
  name: string;
  medianMs: number;
  minMs: number;
  runs: number;
  rows: number;
}

export interface AnalyticsReport {
  engine: 'pglite' | 'postgresql';
  rows: number;
  posts: number;
  batchRows: number;
  /** initdb and the schema install (no data directory cache); null with a PostgreSQL server. */
  startColdMs: number | null;
  /** From the cached data directory (node_modules/.cache), as every start after the first. */
  startWarmMs: number | null;
  /** The warm start had to write the cache first (the first run after a schema change). */
  primedCache: boolean;
  loadMs: number;
  rowsPerSecond: number;
  queries: AnalyticsQueryFigures[];
  totalMs: number;
}

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

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

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

/** Cold start: initdb and the schema install, without the data directory cache. */
async function coldStart(): Promise<number> {
  const cold = createAnalyticsEngine({ dataDirCache: false });
  const [, ms] = await timed(() => cold.ready());
  await cold.close();
  return ms;
}

/**
 * Make sure the data directory cache exists, so that the next start is a warm
 * one. Only the first run after a schema change needs this: a first start
 * writes the cache in the background.
 */
async function ensureCache(): Promise<boolean> {
  if ((await readCachedDataDir()) !== null) return false;
  const prime = createAnalyticsEngine();
  await prime.ready();
  for (let waited = 0; waited < 15_000 && (await readCachedDataDir()) === null; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await prime.close();
  return true;
}

async function load(engine: AnalyticsEngine, rows: number): Promise<number> {
  const [, ms] = await timed(async () => {
    await engine.reset({ blogs: [{ id: BLOG, name: 'Bench', slug: 'bench', created_at: new Date(T0).toISOString() }], posts: Array.from({ length: POSTS }, (_, i) => post(i)) });
    let batch: MirrorChange[] = [];
    for (const row of dailyRows(rows)) {
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

/** Runs the whole measurement; `log` gets each figure as it comes (the run takes a while). */
export async function runAnalytics(options: AnalyticsOptions, log: (line: string) => void): Promise<AnalyticsReport> {
  const started = performance.now();
  const { rows, runs, databaseUrl } = options;
  log(`  ${databaseUrl ? 'PostgreSQL server' : 'PGlite (embedded)'}, ${rows.toLocaleString('en')} post_views_daily rows over ${POSTS} posts`);

  let startColdMs: number | null = null;
  let startWarmMs: number | null = null;
  let primedCache = false;
  if (!databaseUrl) {
    startColdMs = await coldStart();
    primedCache = await ensureCache();
  }
  // The measured engine's own start is the warm start (the cache exists now).
  const engine = createAnalyticsEngine({ databaseUrl, timeoutMs: 600_000 });
  try {
    const [, readyMs] = await timed(() => engine.ready());
    if (!databaseUrl) {
      startWarmMs = readyMs;
      log(`  start: cold (initdb + install) ${seconds(startColdMs!)}, warm (cached data directory) ${seconds(startWarmMs)}${primedCache ? ' (cache written first)' : ''}`);
    }

    const loadMs = await load(engine, rows);
    const rowsPerSecond = rows / (loadMs / 1000);
    log(`  load: ${seconds(loadMs)} (${Math.round(rowsPerSecond).toLocaleString('en')} rows/s, batches of ${BATCH.toLocaleString('en')} through apply())`);

    const queries: AnalyticsQueryFigures[] = [];
    for (const [name, sql] of Object.entries(QUERIES)) {
      const times: number[] = [];
      let resultRows = 0;
      for (let i = 0; i < runs; i++) {
        const [result, ms] = await timed(() => engine.query(BLOG, sql));
        resultRows = result.rowCount;
        times.push(ms);
      }
      const figures = { name, medianMs: median(times), minMs: Math.min(...times), runs, rows: resultRows };
      queries.push(figures);
      log(`  query "${name}": median ${Math.round(figures.medianMs)} ms, min ${Math.round(figures.minMs)} ms over ${runs} runs (${resultRows} rows)`);
    }
    return {
      engine: databaseUrl ? 'postgresql' : 'pglite',
      rows, posts: POSTS, batchRows: BATCH,
      startColdMs, startWarmMs, primedCache,
      loadMs, rowsPerSecond, queries,
      totalMs: performance.now() - started,
    };
  } finally {
    await engine.close();
  }
}
