/** PUT {status: published | draft} without scheduledAt: publish, unpublish, live edit, or draft on a scheduled post (schedule kept). */
import type { AsyncCommand } from 'fast-check';
import { expectStatus, type PostModel } from '../model.js';
import { applyUpdate, pick, type RealSystem } from '../real.js';

export class SetStatus implements AsyncCommand<PostModel, RealSystem> {
  constructor(
    readonly index: number,
    readonly status: 'published' | 'draft',
  ) {}

  check(model: Readonly<PostModel>): boolean {
    return model.posts.length > 0;
  }

  async run(model: PostModel, real: RealSystem): Promise<void> {
    const post = pick(model.posts, this.index)!;
    await applyUpdate(real, post, { status: this.status }, expectStatus(post, this.status));
  }

  toString(): string {
    return `SetStatus(#${this.index}, ${this.status})`;
  }
}
