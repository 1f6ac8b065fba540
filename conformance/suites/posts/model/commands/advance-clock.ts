/** Moves the target's clock (control API): every schedule that falls due publishes its post, at its time. */
import type { AsyncCommand } from 'fast-check';
import { fail } from '../../../../src/authoring/index.js';
import { readOwnPost } from '../../support/posts-api.js';
import { advanceTo, describe, type PostModel } from '../model.js';
import { observe, type RealSystem } from '../real.js';

export class AdvanceClock implements AsyncCommand<PostModel, RealSystem> {
  constructor(readonly ms: number) {}

  check(): boolean {
    return true;
  }

  async run(model: PostModel, real: RealSystem): Promise<void> {
    const { now } = await real.ctx.control.advanceClock(this.ms);
    const due = model.posts.filter((p) => p.pendingAt !== null && p.pendingAt <= now).map((p) => ({ post: p, at: p.pendingAt! }));
    advanceTo(model, now);
    for (const { post, at } of due) {
      const read = await readOwnPost(real.ctx, post.id);
      if (read.status !== 'published') fail(`the clock passed the scheduled time of ${describe(post)}, but it is ${read.status}`);
      const publishedAt = Number(read.publishedAt);
      if (!(publishedAt >= at && publishedAt <= now)) fail(`${describe(post)} was scheduled for ${at} and published at ${read.publishedAt}, outside [${at}, ${now}]`);
      await observe(real, post, ['published']);
    }
  }

  toString(): string {
    return `AdvanceClock(${this.ms}ms)`;
  }
}
