/** PUT {scheduledAt}: only a never-published draft, only in the window (future, at most 30 days ahead). */
import type { AsyncCommand } from 'fast-check';
import { expectSchedule, type PostModel } from '../model.js';
import { applyUpdate, pick, type RealSystem } from '../real.js';

export class Schedule implements AsyncCommand<PostModel, RealSystem> {
  constructor(
    readonly index: number,
    readonly offsetMs: number,
  ) {}

  check(model: Readonly<PostModel>): boolean {
    return model.posts.length > 0;
  }

  async run(model: PostModel, real: RealSystem): Promise<void> {
    const post = pick(model.posts, this.index)!;
    const at = model.now + this.offsetMs;
    await applyUpdate(real, post, { scheduledAt: at }, expectSchedule(post, at, model.now));
  }

  toString(): string {
    return `Schedule(#${this.index}, now+${this.offsetMs}ms)`;
  }
}
