/**
 * The public reads by slug (by publication id, and by publication slug as
 * in SILENT.md): a published post answers 200 with that post. What they
 * answer for a post that is not published is not said in SPEC.md (the
 * reference's 404 is tested in reference-choices), so only published posts
 * are held to an answer here.
 */
import type { AsyncCommand } from 'fast-check';
import { expectOk, fail } from '../../../../src/authoring/index.js';
import { Post } from '../../../../../schemas/posts.js';
import { describe, type PostModel } from '../model.js';
import { pick, type RealSystem } from '../real.js';

export class ReadBySlug implements AsyncCommand<PostModel, RealSystem> {
  constructor(readonly index: number) {}

  check(model: Readonly<PostModel>): boolean {
    return model.posts.some((p) => p.status === 'published');
  }

  async run(model: PostModel, real: RealSystem): Promise<void> {
    const post = pick(
      model.posts.filter((p) => p.status === 'published'),
      this.index,
    )!;
    const paths = [`/v1/publications/${real.publicationId}/posts/slug/${encodeURIComponent(post.slug)}`];
    if (real.publicationSlug) paths.push(`/v1/publications/slug/${encodeURIComponent(real.publicationSlug)}/posts/slug/${encodeURIComponent(post.slug)}`);
    for (const path of paths) {
      const read = expectOk(await real.ctx.api.anonymous.get(path), Post);
      if (read.id !== post.id) fail(`GET ${path} answered the post ${read.id}, expected ${describe(post)}`);
    }
  }

  toString(): string {
    return `ReadBySlug(#${this.index})`;
  }
}
