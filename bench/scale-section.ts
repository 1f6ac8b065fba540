/**
 * Scale: the cost of a page of each list with the default fixtures and with
 * the scale data set (the ratio should stay within 1.2: cursor lookups into
 * kept-sorted lists, not scans or sorts per request), memory per post and per
 * subscriber, and start-up time with the scale data set.
 *
 * Memory is measured in the server's process after a full GC, from three
 * start-ups: default fixtures, default + scale posts, default + scale posts
 * + scale subscribers. The differences divided by the counts are the figures
 * a user plans with.
 */
import type { ScaleOptions } from '../fixtures/scale.js';
import { TOPICS } from '../fixtures/text.js';
import { measure, warmUp } from './load.js';
import { AUTH, getJson, startReference, type MemoryFigures, type ReferenceChild, type ReferenceReady } from './reference-child.js';

interface ListDef {
  name: string;
  /** Path with a `limit` query parameter to complete. */
  path: string;
  auth: boolean;
}

interface Page {
  items: unknown[];
  pagination: { cursor: string; hasMore: boolean; total: number };
}

export interface PageCostRow {
  name: string;
  limit: number;
  defaultTotal: number;
  scaleTotal: number;
  defaultRps: number;
  scaleRps: number;
  defaultP50: number;
  scaleP50: number;
  /** Cost of a page at scale relative to default (default rps / scale rps). */
  ratio: number;
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

interface ListPlan {
  def: ListDef;
  limit: number;
  defaultTotal: number;
}

const TARGET_RATIO = 1.2;

async function lists(url: string): Promise<ListDef[]> {
  const demo = await getJson<{ id: string }>(url, '/v1/publications/slug/demo');
  // The tag with the most posts at default, so that its pages are full there too.
  let tag: string = TOPICS[0];
  let most = -1;
  for (const t of TOPICS) {
    const total = (await getJson<Page>(url, `/v1/posts/tag/${t}?limit=1`)).pagination.total;
    if (total > most) [tag, most] = [t, total];
  }
  return [
    { name: 'own published posts', path: '/v1/posts?', auth: true },
    { name: 'own drafts', path: '/v1/posts?status=draft&', auth: true },
    { name: 'publication feed', path: `/v1/publications/${demo.id}/posts?`, auth: false },
    { name: `tag "${tag}"`, path: `/v1/posts/tag/${tag}?`, auth: false },
    { name: 'curated feed', path: '/v1/posts/feed?', auth: false },
    { name: 'subscribers', path: '/v1/subscribers?', auth: true },
  ];
}

/** Page sizes that give a full second page at default, so both sizes render the same number of items. */
export async function planLists(reference: ReferenceChild): Promise<ListPlan[]> {
  const url = reference.ready.url;
  const plans: ListPlan[] = [];
  for (const def of await lists(url)) {
    const total = (await getJson<Page>(url, `${def.path}limit=1`)).pagination.total;
    plans.push({ def, limit: Math.max(1, Math.min(10, Math.floor(total / 2))), defaultTotal: total });
  }
  return plans;
}

/** Requests per second of the second page (a cursor lookup) of each list. */
export async function measurePages(
  reference: ReferenceChild,
  plans: ListPlan[],
  options: { seconds: number; connections: number },
): Promise<{ total: number; rps: number; p50: number }[]> {
  const url = reference.ready.url;
  const out: { total: number; rps: number; p50: number }[] = [];
  for (const { def, limit } of plans) {
    const first = await getJson<Page>(url, `${def.path}limit=${limit}`);
    const path = `${def.path}limit=${limit}${first.pagination.cursor ? `&cursor=${encodeURIComponent(first.pagination.cursor)}` : ''}`;
    const spec = { url, path, headers: def.auth ? AUTH : {} };
    await warmUp(spec, { connections: options.connections, seconds: Math.min(0.5, options.seconds) });
    const r = await measure(spec, options);
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${def.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    out.push({ total: first.pagination.total, rps: r.rps, p50: r.p50 });
  }
  return out;
}

const delta = (a: MemoryFigures, b: MemoryFigures, n: number) => ({
  heapBytes: n > 0 ? (a.heapUsed - b.heapUsed) / n : 0,
  rssBytes: n > 0 ? (a.rss - b.rss) / n : 0,
});

export async function runScale(
  atDefault: { ready: ReferenceReady; plans: ListPlan[]; pages: { total: number; rps: number; p50: number }[] },
  options: { scale: ScaleOptions; seconds: number; connections: number; cpuProfDir: string | null },
  log: (line: string) => void,
): Promise<ScaleReport> {
  const { scale } = options;
  log(`  start-up with ${scale.posts} scale posts only (memory per post) ...`);
  const postsOnly = await startReference({ scale: { posts: scale.posts, subscribers: 0 } });
  const withPosts = postsOnly.ready.memory;
  await postsOnly.stop();

  log(`  start-up with ${scale.posts} posts and ${scale.subscribers} subscribers ...`);
  const full = await startReference({ scale });
  try {
    log('  page cost at scale ...');
    const pages = await measurePages(full, atDefault.plans, options);
    return {
      scale,
      pages: atDefault.plans.map((plan, i) => {
        const d = atDefault.pages[i];
        const s = pages[i];
        const ratio = d.rps / s.rps;
        return {
          name: plan.def.name, limit: plan.limit, defaultTotal: d.total, scaleTotal: s.total,
          defaultRps: d.rps, scaleRps: s.rps, defaultP50: d.p50, scaleP50: s.p50, ratio, met: ratio <= TARGET_RATIO,
        };
      }),
      startup: {
        defaultMs: atDefault.ready.startupMs,
        defaultStateMs: atDefault.ready.stateMs,
        scaleMs: full.ready.startupMs,
        scaleStateMs: full.ready.stateMs,
      },
      memory: {
        default: atDefault.ready.memory,
        withPosts,
        withPostsAndSubscribers: full.ready.memory,
        perPost: delta(withPosts, atDefault.ready.memory, scale.posts),
        perSubscriber: delta(full.ready.memory, withPosts, scale.subscribers),
      },
    };
  } finally {
    await full.stop();
  }
}
