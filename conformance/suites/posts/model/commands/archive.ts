/** PUT {status: archived}: any post becomes archived, a pending schedule is cancelled. */
import type { AsyncCommand } from 'fast-check';
import { expectStatus, type PostModel } from '../model.js';
import { applyUpdate, pick, type RealSystem } from '../real.js';

export class Archive implements AsyncCommand<PostModel, RealSystem> {
  constructor(readonly index: number) {}

  check(model: Readonly<PostModel>): boolean {
    return model.posts.length > 0;
  }

  async run(model: PostModel, real: RealSystem): Promise<void> {
    const post = pick(model.posts, this.index)!;
    await applyUpdate(real, post, { status: 'archived' }, expectStatus(post, 'archived'));
  }

  toString(): string {
    return `Archive(#${this.index})`;
  }
}
