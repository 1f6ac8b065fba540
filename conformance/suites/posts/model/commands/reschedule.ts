/** Rescheduling as SPEC.md says: cancel first (scheduledAt null), then schedule again. Targets posts with a pending schedule. */
import type { AsyncCommand } from 'fast-check';
import { expectCancel, expectSchedule, type PostModel } from '../model.js';
import { applyUpdate, pick, type RealSystem } from '../real.js';

export class Reschedule implements AsyncCommand<PostModel, RealSystem> {
  constructor(
    readonly index: number,
    readonly offsetMs: number,
  ) {}

  check(model: Readonly<PostModel>): boolean {
    return model.posts.some((p) => p.pendingAt !== null);
  }

  async run(model: PostModel, real: RealSystem): Promise<void> {
    const post = pick(
      model.posts.filter((p) => p.pendingAt !== null),
      this.index,
    )!;
    await applyUpdate(real, post, { scheduledAt: null }, expectCancel(post));
    const at = model.now + this.offsetMs;
    await applyUpdate(real, post, { scheduledAt: at }, expectSchedule(post, at, model.now));
  }

  toString(): string {
    return `Reschedule(#${this.index}, now+${this.offsetMs}ms)`;
  }
}
