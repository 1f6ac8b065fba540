/**
 * The posts of publication B that isolation tests aim A's key at: drafts
 * this run makes in B (so that a broken target can only ever damage the
 * suite's own posts), plus whatever B already lists as draft, scheduled or
 * archived (read only, never written).
 */
import { fail, type ApiResponse, type RuleContext } from '../../src/authoring/index.js';
import type { PostT } from '../../../schemas/posts.js';
import { createDraft, ownPostsWithStatus, readOwnPost } from '../posts/support/posts-api.js';

export interface ForeignPosts {
  /** B's drafts made by this test: safe to aim writes at. */
  ours: string[];
  /** Every post of B that is not published: must be unreadable with A's key. */
  hidden: string[];
}

export async function foreignPosts(ctx: RuleContext): Promise<ForeignPosts> {
  const ours = [await createDraft(ctx, 'B draft for isolation', {}, 'b'), await createDraft(ctx, 'B draft with a cover', { imageUrl: 'https://images.example.com/conformance/b.png' }, 'b')];
  const hidden = new Set(ours);
  for (const status of ['draft', 'scheduled', 'archived']) {
    for (const post of (await ownPostsWithStatus(ctx.api.b, status)).slice(0, 5)) hidden.add(post.id);
  }
  return { ours, hidden: [...hidden] };
}

/** B's post as B sees it (content included): the "before" of a write that must be refused. */
export function snapshotForeign(ctx: RuleContext, id: string): Promise<PostT> {
  return readOwnPost(ctx, id, { includeContent: true, who: 'b' });
}

/** A refusal of a request aimed at another publication: 403 or 404 (which one is not said; 404 is the reference's). */
export function expectRefusedAcross(res: ApiResponse): void {
  if (res.status !== 403 && res.status !== 404) {
    fail(`${res.label} with publication A's key on publication B's resource answered ${res.status}, expected 403 or 404: ${res.text.slice(0, 200)}`);
  }
}
