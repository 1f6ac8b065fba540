/**
 * Soak: mixed reads and writes from many connections against one reference
 * child for a minute (two halves), with the targets of the issue: no 5xx and
 * no socket errors or timeouts over the whole run, and memory after the
 * second half (after a full GC) no more than 10% above memory after the first.
 *
 * Each connection repeats one sequence (autocannon's `requests` array):
 *
 *   GET  /v1/posts/{id}                    a published post, with the key
 *   GET  /v1/posts?limit=10                first page
 *   GET  /v1/posts?limit=10&cursor=...     second page (a cursor taken before the run)
 *   GET  /v1/publications/slug/demo
 *   PUT  /v1/posts/{draft}                 new title and small markdown body; drafts made before the run, in rotation
 *   POST /v1/posts                         a new draft (small markdown body) ...
 *   DELETE /v1/posts/{that id}             ... deleted again, so the state keeps its size
 *
 * A warm-up run of the same load comes first (--soak-warmup, 15 s): a fresh
 * server's rss grows for the first 15-30 s of load (JIT code, V8's spaces,
 * the allocator's arenas of the HTTP thread and the conversion workers) and
 * then levels off (three 15 s runs of PUTs: 257, 284, 287 MB). After a 3 s
 * warm-up the first half still held part of that growth, and the halves
 * differed by 1.07-1.13x in rss with heapUsed flat; after 15 s, 1.005-1.02x.
 * The halves are two autocannon runs after it; after each half the child does a full GC and
 * reports heapUsed and rss. Drafts whose DELETE a run's end cut off are
 * deleted before each measurement. The warm-up's responses count for the
 * requirements like the halves'.
 */
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { markdown } from './throughput.js';
import { AUTH, getJson, observed, type MemoryFigures, type ReferenceChild } from './reference-child.js';

/** Drafts updated in rotation by the PUTs. */
const DRAFTS = 20;
/** Memory after the second half may be at most this times memory after the first. */
export const MAX_GROWTH = 1.1;
const NEW_DRAFT_TITLE = 'Soak new draft';

/** One autocannon run of the sequence. */
export interface SoakRun {
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  maxMs: number;
  /** Socket errors, timeouts included. */
  errors: number;
  timeouts: number;
  fiveXx: number;
  non2xx: number;
  /** POST-then-DELETE sequences whose DELETE could not be built (the POST gave no id). */
  skippedDeletes: number;
  serverCpuUsPerRequest: number;
  serverGcUsPerRequest: number;
  /** Drafts left by POSTs whose DELETE the end of the run cut off (deleted before measuring). */
  leftoverDrafts: number;
}

export interface SoakHalf extends SoakRun {
  /** The child's memory after a full GC, after this half. */
  memory: MemoryFigures;
}

export interface SoakReport {
  seconds: number;
  connections: number;
  sequence: string[];
  draftsUpdated: number;
  /** After a full GC, before any load. */
  memoryAtStart: MemoryFigures;
  /** The run before the halves (--soak-warmup); its responses count for the requirements too. */
  warmup: SoakRun | null;
  halves: SoakHalf[];
  /** Responses by request of the sequence and status code, whole run. */
  responses: Record<string, Record<string, number>>;
  /** Draft count (GET /v1/posts?status=draft) before and after the run. */
  draftsBefore: number;
  draftsAfter: number;
  growth: { heapUsed: number; rss: number };
  met: { no5xx: boolean; noSocketErrors: boolean; heapUsed: boolean; rss: boolean; all: boolean };
}

/** Two GCs in a row (the second collects what the first's finalizers let go), then the figures. */
async function settledMemory(reference: ReferenceChild): Promise<MemoryFigures> {
  await reference.ask('memory');
  return (await reference.ask<{ memory: MemoryFigures }>('memory')).memory;
}

async function draftCount(url: string): Promise<number> {
  return (await getJson<{ pagination: { total: number } }>(url, '/v1/posts?status=draft&limit=1')).pagination.total;
}

/**
 * Delete the drafts of POSTs whose DELETE never went out; returns how many.
 * The server may still be working through requests sent just before the run
 * stopped: look again until a pass a little later finds none.
 */
async function deleteLeftovers(url: string): Promise<number> {
  let total = 0;
  for (let pass = 0; pass < 20; pass++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const n = await deleteLeftoversOnce(url);
    total += n;
    if (n === 0) break;
  }
  return total;
}

async function deleteLeftoversOnce(url: string): Promise<number> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page: { items: { id: string; title: string }[]; pagination: { cursor: string; hasMore: boolean } } = await getJson(
      url,
      `/v1/posts?status=draft&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    for (const post of page.items) if (post.title.startsWith(NEW_DRAFT_TITLE)) ids.push(post.id);
    if (!page.pagination.hasMore) break;
    cursor = page.pagination.cursor;
  }
  for (const id of ids) await getJson(url, `/v1/posts/${id}`, { method: 'DELETE' });
  return ids.length;
}

export async function runSoak(
  reference: ReferenceChild,
  options: { soakSeconds: number; soakWarmup: number; connections: number },
  log: (line: string) => void,
): Promise<SoakReport> {
  const url = reference.ready.url;
  const first = await getJson<{ items: { id: string }[]; pagination: { cursor: string } }>(url, '/v1/posts?limit=10');
  const postId = first.items[0].id;
  const cursor = encodeURIComponent(first.pagination.cursor);
  const drafts: string[] = [];
  for (let i = 0; i < DRAFTS; i++) {
    const draft = await getJson<{ id: string }>(url, '/v1/posts', {
      method: 'POST',
      body: JSON.stringify({ title: `Soak draft ${i}`, markdown: markdown(i), status: 'draft' }),
    });
    drafts.push(draft.id);
  }
  const draftsBefore = await draftCount(url);

  // Responses by request and status; onResponse runs in this process for every connection.
  const responses: Record<string, Record<string, number>> = {};
  const count = (name: string) => (status: number) => {
    const byStatus = (responses[name] ??= {});
    byStatus[status] = (byStatus[status] ?? 0) + 1;
  };
  const json = { 'content-type': 'application/json' };
  let puts = 0;
  let posts = 0;
  const sequence: (RequestSpec & { name: string })[] = [
    { name: 'GET /v1/posts/{id}', method: 'GET', path: `/v1/posts/${postId}` },
    { name: 'GET /v1/posts?limit=10', method: 'GET', path: '/v1/posts?limit=10' },
    { name: 'GET /v1/posts?limit=10&cursor=', method: 'GET', path: `/v1/posts?limit=10&cursor=${cursor}` },
    { name: 'GET /v1/publications/slug/demo', method: 'GET', path: '/v1/publications/slug/demo' },
    {
      name: 'PUT /v1/posts/{draft}',
      method: 'PUT',
      headers: json,
      setupRequest: (req) => {
        const n = puts++;
        return { ...req, path: `/v1/posts/${drafts[n % DRAFTS]}`, body: JSON.stringify({ title: `Soak update ${n}`, markdown: markdown(n) }) };
      },
    },
    {
      name: 'POST /v1/posts (draft)',
      method: 'POST',
      path: '/v1/posts',
      headers: json,
      setupRequest: (req) => {
        const n = posts++;
        return { ...req, body: JSON.stringify({ title: `${NEW_DRAFT_TITLE} ${n}`, markdown: markdown(n), status: 'draft' }) };
      },
    },
    {
      name: 'DELETE /v1/posts/{new draft}',
      method: 'DELETE',
      // No id (the POST failed): skip to the start of the sequence.
      setupRequest: (req, context) => (typeof context.created === 'string' ? { ...req, path: `/v1/posts/${context.created}` } : undefined),
    },
  ];
  for (const request of sequence) {
    const counted = count(request.name);
    request.onResponse =
      request.method === 'POST'
        ? (status, body, context) => {
            counted(status);
            context.created = status === 200 ? (JSON.parse(body) as { id: string }).id : undefined;
          }
        : (status) => counted(status);
  }
  const requests: RequestSpec[] = sequence.map(({ name: _name, ...spec }) => spec);

  const run = async (seconds: number): Promise<SoakRun> => {
    const result = await observed(reference, null, async () => {
      const r: Result = await autocannon({ url, connections: options.connections, duration: seconds, timeout: 10, headers: AUTH, requests });
      return { ...r, requests: r.requests.total, rps: r.requests.average };
    });
    return {
      seconds: result.duration,
      requests: result.requests,
      rps: result.rps,
      p50: result.latency.p50,
      p99: result.latency.p99,
      maxMs: result.latency.max,
      errors: result.errors,
      timeouts: result.timeouts,
      fiveXx: result['5xx'],
      non2xx: result.non2xx,
      skippedDeletes: result.resets,
      serverCpuUsPerRequest: result.serverCpuUsPerRequest,
      serverGcUsPerRequest: result.serverGcUsPerRequest,
      leftoverDrafts: await deleteLeftovers(url),
    };
  };

  const memoryAtStart = await settledMemory(reference);
  let warmup: SoakRun | null = null;
  if (options.soakWarmup > 0) {
    log(`  warm-up (${options.soakWarmup} s) ...`);
    warmup = await run(options.soakWarmup);
  }
  const halfSeconds = options.soakSeconds / 2;
  const halves: SoakHalf[] = [];
  for (const label of ['first', 'second']) {
    log(`  ${label} half (${halfSeconds} s) ...`);
    const figures = await run(halfSeconds);
    halves.push({ ...figures, memory: await settledMemory(reference) });
  }
  const draftsAfter = await draftCount(url);

  const [a, b] = halves;
  const growth = { heapUsed: b.memory.heapUsed / a.memory.heapUsed, rss: b.memory.rss / a.memory.rss };
  const runs: SoakRun[] = warmup ? [warmup, ...halves] : halves;
  const no5xx = runs.every((h) => h.fiveXx === 0);
  const noSocketErrors = runs.every((h) => h.errors === 0 && h.timeouts === 0);
  const heapUsed = growth.heapUsed <= MAX_GROWTH;
  const rss = growth.rss <= MAX_GROWTH;
  return {
    seconds: options.soakSeconds,
    connections: options.connections,
    sequence: sequence.map((s) => s.name),
    draftsUpdated: DRAFTS,
    memoryAtStart,
    warmup,
    halves,
    responses,
    draftsBefore,
    draftsAfter,
    growth,
    met: { no5xx, noSocketErrors, heapUsed, rss, all: no5xx && noSocketErrors && heapUsed && rss },
  };
}
