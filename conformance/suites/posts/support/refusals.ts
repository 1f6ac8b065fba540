/**
 * "A refused request changes nothing", checked by reading back: for an
 * update, the post as its owner sees it (content included) must be exactly
 * as before; for a create, no new post of this run may appear in any list.
 */
import { expectOk, fail, type RuleContext } from '../../../src/authoring/index.js';
import { PostPage, type PostT } from '../../../../schemas/posts.js';
import { LIVE_LIST_STATUSES, ownPostsWithStatus, readOwnPost, type Who } from './posts-api.js';
import { isOurTitle } from './titles.js';

/** What the lists held before: the totals per status and this run's posts (id -> title). */
export interface ListedPosts {
  totals: Record<string, number>;
  ours: Map<string, string>;
}

/** The totals of the draft, published and scheduled lists (one small request each, sent together: they are read after every refusal). */
async function listTotals(ctx: RuleContext, who: Who): Promise<Record<string, number>> {
  const pages = await Promise.all(LIVE_LIST_STATUSES.map((status) => ctx.api.as(who).get('/v1/posts', { query: { status, limit: 1 } })));
  return Object.fromEntries(LIVE_LIST_STATUSES.map((status, i) => [status, expectOk(pages[i]!, PostPage).pagination.total]));
}

/** This run's posts currently listed as draft, published or scheduled, with the totals of those lists. */
export async function listedRunPosts(ctx: RuleContext, who: Who = 'a'): Promise<ListedPosts> {
  const ours = new Map<string, string>();
  for (const status of LIVE_LIST_STATUSES) {
    for (const post of await ownPostsWithStatus(ctx.api.as(who), status)) {
      if (isOurTitle(ctx.runId, post.title)) ours.set(post.id, post.title);
    }
  }
  return { totals: await listTotals(ctx, who), ours };
}

/**
 * Fails when a post of this run appeared since `baseline` (it is then added
 * to the baseline and to the clean-up, so one failure is reported once).
 * The lists are walked only when a total grew: a created post adds to one.
 */
export async function expectNoPostCreated(
  ctx: RuleContext,
  baseline: ListedPosts,
  what: string,
  who: Who = 'a',
  /** For bodies without our title: any growth of a list counts (only for tests where nothing else creates posts). */
  anyPost = false,
): Promise<void> {
  const totals = await listTotals(ctx, who);
  const grown = LIVE_LIST_STATUSES.filter((status) => totals[status]! > baseline.totals[status]!);
  if (grown.length === 0) return;
  if (anyPost) {
    baseline.totals = totals;
    fail(`${what} was refused, yet the list of ${grown.join(' and ')} posts grew`);
  }
  const now = await listedRunPosts(ctx, who);
  baseline.totals = now.totals;
  const fresh = [...now.ours].filter(([id]) => !baseline.ours.has(id));
  for (const [id, title] of fresh) {
    baseline.ours.set(id, title);
    ctx.created.post(id, who);
  }
  if (fresh.length > 0) {
    const [id, title] = fresh[0]!;
    fail(`${what} was refused, yet it created the post ${id} (title ${JSON.stringify(title.slice(0, 80))}…)`);
  }
}

/** The post as its owner reads it, content included: the "before" of a refused update. */
export function snapshotPost(ctx: RuleContext, id: string, who: Who = 'a'): Promise<PostT> {
  return readOwnPost(ctx, id, { includeContent: true, who });
}

/** Fails when the post differs from `before` in any field. */
export async function expectPostUnchanged(ctx: RuleContext, id: string, before: PostT, what: string, who: Who = 'a'): Promise<void> {
  const after = await snapshotPost(ctx, id, who);
  const changed = changedFields(before, after);
  if (changed.length > 0) {
    const shown = changed
      .slice(0, 4)
      .map((key) => `${key}: ${short(before[key as keyof PostT])} → ${short(after[key as keyof PostT])}`)
      .join('; ');
    fail(`${what} was refused, yet it changed the post ${id}: ${shown}`);
  }
}

export function changedFields<T extends object>(before: T, after: T): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter(
    (key) => JSON.stringify((before as Record<string, unknown>)[key]) !== JSON.stringify((after as Record<string, unknown>)[key]),
  );
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? 'absent';
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
