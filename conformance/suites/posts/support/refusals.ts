/**
 * "A refused request changes nothing", checked by reading back: for an
 * update, the post as its owner sees it (content included) must be exactly
 * as before; for a create, no new post of this run may appear in any list.
 */
import { fail, type RuleContext } from '../../../src/authoring/index.js';
import type { PostT } from '../../../../schemas/posts.js';
import { LIVE_LIST_STATUSES, ownPostsWithStatus, readOwnPost, type Who } from './posts-api.js';
import { isOurTitle } from './titles.js';

/** Ids (and titles) of this run's posts currently listed as draft, published or scheduled. */
export async function listedRunPosts(ctx: RuleContext, who: Who = 'a'): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const status of LIVE_LIST_STATUSES) {
    for (const post of await ownPostsWithStatus(ctx.api.as(who), status)) {
      if (isOurTitle(ctx.runId, post.title)) found.set(post.id, post.title);
    }
  }
  return found;
}

/**
 * Fails when a post of this run appeared since `baseline` (it is then added
 * to the baseline and to the clean-up, so one failure is reported once).
 */
export async function expectNoPostCreated(ctx: RuleContext, baseline: Map<string, string>, what: string, who: Who = 'a'): Promise<void> {
  const now = await listedRunPosts(ctx, who);
  const fresh = [...now].filter(([id]) => !baseline.has(id));
  for (const [id, title] of fresh) {
    baseline.set(id, title);
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
