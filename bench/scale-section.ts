/**
 * Scale: the cost of a page of each list with the default fixtures and with
 * the scale data set (it should stay within 1.2x: cursor lookups into
 * kept-sorted lists, not scans or sorts per request), memory per post and
 * per subscriber, and start-up time with the scale data set.
 *
 * Cost is the server's main-thread time per request (its event loop's busy
 * time, GC pauses on that thread included), read from the server process, so
 * that other work on the machine changes it little. The process's CPU time is
 * shown beside it: it also holds V8's concurrent marking on helper threads,
 * which a 450 MB heap keeps busy without holding any request. Cost is
 * compared two ways, and both must stay within 1.2x:
 *
 * - page cost by list length, in one server: the same kind of list, short
 *   (publication `other`, a rare tag) and long (publication `demo`, a common
 *   tag), both in the scale server, so both pay the same heap and GC;
 * - end to end, default server vs scale server: the same request to two
 *   processes.
 *
 * Memory is measured in the scale server's process after a full GC at three
 * stages of its start-up: default fixtures, + scale posts, + scale
 * subscribers. The differences divided by the counts are the figures a user
 * plans with.
 */
import { DEMO_KEYS } from '../fixtures/keys.js';
import { RARE_TAG, type ScaleOptions } from '../fixtures/scale.js';
import { measure, warmUp } from './load.js';
import { getJson, observed, startReference, type MemoryFigures, type ReferenceChild } from './reference-child.js';

/**
 * Both servers of this section run as the README advises for the scale data
 * set: with a 64 MB young generation, which makes the collections that every
 * request's garbage needs rarer; with V8's default (16 MB on 64-bit) a page
 * of the 450 MB server cost up to 1.4x the default server's, with it within
 * 1.2x.
 */
export const SCALE_NODE_FLAGS = ['--max-semi-space-size=64'];

interface Page {
  items: unknown[];
  pagination: { cursor: string; hasMore: boolean; total: number };
}

/** One list as a request: its path up to `limit=` and the key that reads it (null: public). */
interface ListRef {
  path: string;
  key: string | null;
}

interface ListDef {
  name: string;
  /** The list that grows with the scale data set. */
  long: ListRef;
  /** The same kind of list that stays short with it (null when there is none: the curated feed is one list). */
  short: ListRef | null;
}

interface Measured {
  total: number;
  rps: number;
  p50: number;
  cpu: number;
  gc: number;
  main: number;
}

export interface PageCostRow {
  name: string;
  /** Page size: the second page is full even on the shortest list compared. */
  limit: number;
  /** Same server (the scale one): items in the short and the long list, main-thread and CPU time per request of each, and long / short by main-thread time. */
  sameServer: { shortTotal: number; longTotal: number; shortMainUs: number; longMainUs: number; shortCpuUs: number; longCpuUs: number; ratio: number } | null;
  /** Default server vs scale server, the long list's request. */
  acrossServers: {
    defaultTotal: number; scaleTotal: number; defaultMainUs: number; scaleMainUs: number; defaultCpuUs: number; scaleCpuUs: number;
    defaultGcUs: number; scaleGcUs: number; defaultRps: number; scaleRps: number;
    /** scale / default by main-thread time. */
    ratio: number;
  };
  /**
   * The short list in the scale server against the list in the default server
   * (both small), by main-thread time: what the larger heap alone costs a
   * request, whatever the list's length (null for the curated feed).
   */
  heapRatio: number | null;
  /** The target: both ratios <= 1.2 (the curated feed is one list: it has no short twin, only the end-to-end ratio). */
  met: boolean;
}

export interface ScaleReport {
  scale: ScaleOptions;
  pages: PageCostRow[];
  startup: { defaultMs: number; scaleMs: number; scaleStateMs: number; defaultStateMs: number };
  memory: {
    default: MemoryFigures;
    withPosts: MemoryFigures;
    withPostsAndSubscribers: MemoryFigures;
    perPost: { heapBytes: number; rssBytes: number };
    perSubscriber: { heapBytes: number; rssBytes: number };
  };
}

const TARGET_RATIO = 1.2;

async function lists(url: string): Promise<ListDef[]> {
  const demo = await getJson<{ id: string }>(url, '/v1/publications/slug/demo');
  const other = await getJson<{ id: string }>(url, '/v1/publications/slug/other');
  return [
    { name: 'own published posts', long: { path: '/v1/posts?', key: DEMO_KEYS.demo }, short: { path: '/v1/posts?', key: DEMO_KEYS.other } },
    { name: 'own drafts', long: { path: '/v1/posts?status=draft&', key: DEMO_KEYS.demo }, short: { path: '/v1/posts?status=draft&', key: DEMO_KEYS.other } },
    { name: 'publication feed', long: { path: `/v1/publications/${demo.id}/posts?`, key: null }, short: { path: `/v1/publications/${other.id}/posts?`, key: null } },
    { name: 'tag', long: { path: '/v1/posts/tag/culture?', key: null }, short: { path: `/v1/posts/tag/${RARE_TAG}?`, key: null } },
    { name: 'curated feed', long: { path: '/v1/posts/feed?', key: null }, short: null },
    { name: 'subscribers', long: { path: '/v1/subscribers?', key: DEMO_KEYS.demo }, short: { path: '/v1/subscribers?', key: DEMO_KEYS.other } },
  ];
}

const headersOf = (key: string | null): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});

async function totalOf(reference: ReferenceChild, list: ListRef): Promise<number> {
  return (await getJson<Page>(reference.ready.url, `${list.path}limit=1`, { headers: headersOf(list.key) })).pagination.total;
}

/** One measurement of the second page (a cursor lookup) of a list. */
async function measurePage(reference: ReferenceChild, list: ListRef, limit: number, options: { seconds: number; connections: number }, warm: boolean): Promise<Measured> {
  const url = reference.ready.url;
  const headers = headersOf(list.key);
  const first = await getJson<Page>(url, `${list.path}limit=${limit}`, { headers });
  const path = `${list.path}limit=${limit}${first.pagination.cursor ? `&cursor=${encodeURIComponent(first.pagination.cursor)}` : ''}`;
  const spec = { url, path, headers };
  if (warm) await warmUp(spec, { connections: options.connections, seconds: Math.min(0.5, options.seconds) });
  const r = await observed(reference, null, () => measure(spec, options));
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { total: first.pagination.total, rps: r.rps, p50: r.p50, cpu: r.serverCpuUsPerRequest, gc: r.serverGcUsPerRequest, main: r.serverMainUsPerRequest };
}

/** Alternate a and b `rounds` times (so drifting load touches both alike); the best time per request and the medians of the rest. */
async function paired(rounds: number, a: () => Promise<Measured>, b: (first: boolean) => Promise<Measured>, aFirst: (first: boolean) => Promise<Measured> = () => a()) {
  const as: Measured[] = [];
  const bs: Measured[] = [];
  for (let round = 0; round < rounds; round++) {
    as.push(await (round === 0 ? aFirst(true) : a()));
    bs.push(await b(round === 0));
  }
  const med = (xs: Measured[], f: (m: Measured) => number) => median(xs.map(f));
  // Time per request: the best round. Noise (a major GC landing in one run, other work on the machine) only adds.
  const best = (xs: Measured[], f: (m: Measured) => number) => Math.min(...xs.map(f));
  const summary = (xs: Measured[]): Measured => ({
    total: xs[0].total, rps: med(xs, (m) => m.rps), p50: med(xs, (m) => m.p50), cpu: best(xs, (m) => m.cpu), gc: med(xs, (m) => m.gc), main: best(xs, (m) => m.main),
  });
  return { a: summary(as), b: summary(bs) };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const delta = (a: MemoryFigures, b: MemoryFigures, n: number) => ({
  heapBytes: n > 0 ? (a.heapUsed - b.heapUsed) / n : 0,
  rssBytes: n > 0 ? (a.rss - b.rss) / n : 0,
});

/** Idle time after both servers have started, before the first page is measured. */
const SETTLE_MS = 10_000;

export async function runScale(
  /** rounds: measurements per side of each comparison; the medians are compared. */
  options: { scale: ScaleOptions; seconds: number; connections: number; rounds: number },
  log: (line: string) => void,
): Promise<ScaleReport> {
  const { scale } = options;
  log('  start-up with the default fixtures ...');
  const small = await startReference({ nodeFlags: SCALE_NODE_FLAGS });
  log(`  start-up with ${scale.posts} posts and ${scale.subscribers} subscribers ...`);
  const full = await startReference({ scale, nodeFlags: SCALE_NODE_FLAGS }).catch(async (err) => {
    await small.stop();
    throw err;
  });
  try {
    // Steady state, not the seconds after start-up: right after building 450 MB, V8 is still sweeping and
    // settling where to allocate, and requests measured then paid ten times the steady scavenge cost
    // (30-45 ms scavenges with 10-20 MB surviving each, the heap growing by 100 MB a round, against
    // 3 ms and a flat heap once settled).
    log(`  both servers idle ${SETTLE_MS / 1000} s after start-up ...`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const pages: PageCostRow[] = [];
    for (const def of await lists(small.ready.url)) {
      log(`  page cost: ${def.name} ...`);
      // A full second page on the shortest list compared.
      const shortest = Math.min(await totalOf(small, def.long), def.short ? await totalOf(full, def.short) : Infinity);
      const limit = Math.max(1, Math.min(10, Math.floor(shortest / 2)));
      const page = (ref: ReferenceChild, list: ListRef) => (warm: boolean) => measurePage(ref, list, limit, options, warm);

      let sameServer: PageCostRow['sameServer'] = null;
      if (def.short) {
        const { a: short, b: long } = await paired(options.rounds, () => page(full, def.short!)(false), page(full, def.long), page(full, def.short));
        sameServer = {
          shortTotal: short.total, longTotal: long.total, shortMainUs: short.main, longMainUs: long.main, shortCpuUs: short.cpu, longCpuUs: long.cpu,
          ratio: long.main / short.main,
        };
      }
      const { a: d, b: s } = await paired(options.rounds, () => page(small, def.long)(false), page(full, def.long), page(small, def.long));
      const acrossServers = {
        defaultTotal: d.total, scaleTotal: s.total, defaultMainUs: d.main, scaleMainUs: s.main, defaultCpuUs: d.cpu, scaleCpuUs: s.cpu,
        defaultGcUs: d.gc, scaleGcUs: s.gc, defaultRps: d.rps, scaleRps: s.rps, ratio: s.main / d.main,
      };
      const met = acrossServers.ratio <= TARGET_RATIO && (sameServer === null || sameServer.ratio <= TARGET_RATIO);
      const heapRatio = sameServer === null ? null : sameServer.shortMainUs / acrossServers.defaultMainUs;
      pages.push({ name: def.name, limit, sameServer, acrossServers, heapRatio, met });
    }
    const stages = full.ready.stages as Record<'fixtures' | 'posts' | 'subscribers', MemoryFigures>;
    return {
      scale,
      pages,
      startup: {
        defaultMs: small.ready.startupMs,
        defaultStateMs: small.ready.stateMs,
        scaleMs: full.ready.startupMs,
        scaleStateMs: full.ready.stateMs,
      },
      memory: {
        default: stages.fixtures,
        withPosts: stages.posts,
        withPostsAndSubscribers: stages.subscribers,
        perPost: delta(stages.posts, stages.fixtures, scale.posts),
        perSubscriber: delta(stages.subscribers, stages.posts, scale.subscribers),
      },
    };
  } finally {
    await full.stop();
    await small.stop();
  }
}
