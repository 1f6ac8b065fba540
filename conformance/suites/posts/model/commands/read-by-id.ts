/**
 * GET /v1/posts/{postId}: as the owner, the model's status (and the kept
 * publishedAt); without a key, a published post (with neither status nor
 * views) or a 4xx for any other status.
 */
import type { AsyncCommand } from 'fast-check';
import { expectError, expectOk, fail } from '../../../../src/authoring/index.js';
import { Post } from '../../../../../schemas/posts.js';
import { describe, type PostModel } from '../model.js';
import { observe, pick, type RealSystem } from '../real.js';

export class ReadById implements AsyncCommand<PostModel, RealSystem> {
  constructor(readonly index: number) {}

  check(model: Readonly<PostModel>): boolean {
    return model.posts.length > 0;
  }

  async run(model: PostModel, real: RealSystem): Promise<void> {
    const post = pick(model.posts, this.index)!;
    await observe(real, post);
    const res = await real.ctx.api.anonymous.get(`/v1/posts/${encodeURIComponent(post.id)}`);
    if (post.status !== 'published') {
      expectError(res, '4xx');
      return;
    }
    const read = expectOk(res, Post);
    if (read.status !== undefined || read.views !== undefined) fail(`read without a key, ${describe(post)} carries own-post fields (status or views)`);
  }

  toString(): string {
    return `ReadById(#${this.index})`;
  }
}
