/**
 * Analytics at scale: the embedded engine's first query on a server holding
 * the scale data set (that query starts the database workers and copies the
 * whole state into each of them, in batches), a second query, and the
 * server's memory before and after (one process: the workers' databases
 * included). Both answers are checked against the server's own counts: a
 * copy that failed part way answers 503, never a wrong count.
 */
import type { ScaleOptions } from '../fixtures/scale.js';
import { AUTH, getJson, startReference, type MemoryFigures } from './reference-child.js';
import { SCALE_NODE_FLAGS } from './scale-section.js';

export interface ScaleAnalyticsReport {
  scale: ScaleOptions;
  /** The first query: workers' start-up and the copy of the state included. */
  firstQueryMs: number;
  secondQueryMs: number;
  subscribers: number;
  posts: number;
  /** The answers equal the server's own counts (active subscribers, published posts of publication demo). */
  correct: boolean;
  before: MemoryFigures;
  after: MemoryFigures;
}

async function timedQuery(url: string, sql: string): Promise<{ ms: number; n: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/v1/analytics/query`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ sql }) });
  const ms = performance.now() - started;
  const body = (await res.json()) as { rows?: { n: number }[]; msg?: string };
  if (res.status !== 200) throw new Error(`analytics query answered ${res.status}: ${body.msg}`);
  return { ms, n: Number(body.rows![0].n) };
}

export async function runScaleAnalytics(scale: ScaleOptions, log: (line: string) => void): Promise<ScaleAnalyticsReport> {
  log(`  start-up with ${scale.posts} posts and ${scale.subscribers} subscribers ...`);
  const server = await startReference({ scale, nodeFlags: SCALE_NODE_FLAGS });
  try {
    const url = server.ready.url;
    const before = (await server.ask<{ memory: MemoryFigures }>('memory')).memory;
    log('  first analytics query (starts the engine and copies the state) ...');
    const first = await timedQuery(url, "SELECT count(*) AS n FROM subscribers WHERE status = 'active'");
    const second = await timedQuery(url, "SELECT count(*) AS n FROM posts WHERE draft_of IS NULL AND status = 'published'");
    const after = (await server.ask<{ memory: MemoryFigures }>('memory')).memory;
    const demo = await getJson<{ id: string }>(url, '/v1/publications/slug/demo');
    const { count } = await getJson<{ count: number }>(url, `/v1/publications/${demo.id}/subscribers/count`, { headers: AUTH });
    const { pagination } = await getJson<{ pagination: { total: number } }>(url, '/v1/posts?limit=1', { headers: AUTH });
    const report = {
      scale, firstQueryMs: first.ms, secondQueryMs: second.ms, subscribers: first.n, posts: second.n,
      correct: first.n === count && second.n === pagination.total, before, after,
    };
    log(`  first query ${(first.ms / 1000).toFixed(1)} s (${first.n} subscribers), second ${Math.round(second.ms)} ms (${second.n} posts); rss ${Math.round(before.rss / 1e6)} MB -> ${Math.round(after.rss / 1e6)} MB`);
    return report;
  } finally {
    await server.stop();
  }
}
