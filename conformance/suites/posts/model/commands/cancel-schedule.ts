/** PUT {scheduledAt: null}: cancels a pending schedule (the post is a draft again). */
import type { AsyncCommand } from 'fast-check';
import { expectCancel, type PostModel } from '../model.js';
import { applyUpdate, pick, type RealSystem } from '../real.js';

export class CancelSchedule implements AsyncCommand<PostModel, RealSystem> {
  constructor(readonly index: number) {}

  check(model: Readonly<PostModel>): boolean {
    return model.posts.length > 0;
  }

  async run(model: PostModel, real: RealSystem): Promise<void> {
    const post = pick(model.posts, this.index)!;
    await applyUpdate(real, post, { scheduledAt: null }, expectCancel(post));
  }

  toString(): string {
    return `CancelSchedule(#${this.index})`;
  }
}
