/**
 * GET /v1/posts?status= (every page): each post of the model is listed
 * exactly once under its status and under no other; published posts are
 * also in the publication's public list.
 */
import type { AsyncCommand } from 'fast-check';
import { fail } from '../../../../src/authoring/index.js';
import { Post } from '../../../../../schemas/posts.js';
import { walkItems } from '../../support/lists.js';
import { ownPostsWithStatus } from '../../support/posts-api.js';
import { describe, type PostModel, type Status } from '../model.js';
import type { RealSystem } from '../real.js';

export class ListByStatus implements AsyncCommand<PostModel, RealSystem> {
  constructor(readonly status: Status) {}

  check(model: Readonly<PostModel>): boolean {
    return model.posts.length > 0;
  }

  async run(model: PostModel, real: RealSystem): Promise<void> {
    const listed = await ownPostsWithStatus(real.ctx.api, this.status);
    const counts = new Map<string, number>();
    for (const item of listed) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
    for (const post of model.posts) {
      const times = counts.get(post.id) ?? 0;
      // A kept schedule may show as draft or scheduled: such a post must be in exactly one of the two lists.
      const mayShowAs: Status[] = post.pendingAt !== null && post.status !== 'scheduled' ? [post.status, 'scheduled'] : [post.status];
      if (times > 1) fail(`GET /v1/posts?status=${this.status} lists ${describe(post)} ${times} times`);
      if (post.status === this.status && times !== 1) fail(`GET /v1/posts?status=${this.status} does not list ${describe(post)}`);
      if (!mayShowAs.includes(this.status) && times > 0) fail(`GET /v1/posts?status=${this.status} lists ${describe(post)}`);
    }
    if (this.status === 'published') {
      const publicList = await walkItems(real.ctx.api.anonymous, `/v1/publications/${real.publicationId}/posts`, Post, { limit: 100 });
      const publicIds = new Set(publicList.map((p) => p.id));
      for (const post of model.posts) {
        if ((post.status === 'published') !== publicIds.has(post.id)) {
          fail(`the public list of the publication ${publicIds.has(post.id) ? 'lists' : 'does not list'} ${describe(post)}`);
        }
      }
    }
  }

  toString(): string {
    return `ListByStatus(${this.status})`;
  }
}
