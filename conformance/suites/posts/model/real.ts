/**
 * The real side of the model run: the target, reached over HTTP as
 * publication A, and the checks that compare what it shows with the model.
 */
import { expectError, expectOk, fail, type RuleContext } from '../../../src/authoring/index.js';
import { SuccessBody } from '../../../../schemas/common.js';
import { readOwnPost } from '../support/posts-api.js';
import { describe, type Expectation, type ModelPost, type Status } from './model.js';

export interface RealSystem {
  ctx: RuleContext;
  publicationId: string;
  publicationSlug?: string;
}

/** Reads the post as its owner and checks it against the model; records the first publishedAt. */
export async function observe(real: RealSystem, post: ModelPost, allowed: readonly Status[] = [post.status]): Promise<Status> {
  const read = await readOwnPost(real.ctx, post.id);
  const status = read.status;
  if (!status || !allowed.includes(status)) {
    fail(`post ${describe(post)} reads back with status ${status ?? '(none)'}, the model allows ${allowed.join(' or ')}`);
  }
  if (status === 'published' || (status === 'draft' && post.everPublished)) {
    if (read.publishedAt === undefined) fail(`post ${describe(post)} is ${status} after being published, but has no publishedAt`);
    if (post.publishedAt === null) post.publishedAt = read.publishedAt;
    else if (read.publishedAt !== post.publishedAt) {
      fail(`publishedAt of ${describe(post)} changed from ${post.publishedAt} to ${read.publishedAt}; it is kept across unpublishing and re-publishing`);
    }
  }
  post.status = status;
  if (status === 'published') post.everPublished = true;
  return status;
}

/** Sends an update and holds the target to the model's expectation; the model follows what was accepted. */
export async function applyUpdate(real: RealSystem, post: ModelPost, body: Record<string, unknown>, expectation: Expectation): Promise<void> {
  const res = await real.ctx.api.put(`/v1/posts/${encodeURIComponent(post.id)}`, body);
  const what = `PUT ${JSON.stringify(body)} on ${describe(post)}`;
  const accepted = res.status >= 200 && res.status < 300;
  if (expectation.kind === 'refuse' || (expectation.kind === 'either' && !accepted)) {
    if (accepted) fail(`${what} answered ${res.status}; SPEC.md refuses it`);
    expectError(res, '4xx');
    await observe(real, post);
    return;
  }
  if (!accepted) fail(`${what} answered ${res.status}: ${res.text.slice(0, 200)}; SPEC.md accepts it`);
  expectOk(res, SuccessBody);
  const allowed = expectation.kind === 'either' ? [...expectation.statuses, post.status] : expectation.statuses;
  await observe(real, post, allowed);
  post.pendingAt = expectation.pendingAt;
}

/** Picks the `index`-th of `candidates` (commands hold an index, never an invented id). */
export function pick<T>(candidates: readonly T[], index: number): T | undefined {
  return candidates.length === 0 ? undefined : candidates[index % candidates.length];
}
