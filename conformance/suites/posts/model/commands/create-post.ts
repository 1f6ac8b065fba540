/** POST /v1/posts: a draft, a published post, or a scheduled one (in or out of the 30-day window, or with status draft). */
import type { AsyncCommand } from 'fast-check';
import { expectError, expectOk, fail } from '../../../../src/authoring/index.js';
import { PostCreated } from '../../../../../schemas/posts.js';
import { postCreate, readOwnPost } from '../../support/posts-api.js';
import { markedTitle } from '../../support/titles.js';
import { inWindow, type ModelPost, type PostModel, type Status } from '../model.js';
import { observe, type RealSystem } from '../real.js';

export type CreateKind = 'draft' | 'published' | 'scheduled' | 'scheduled-draft';

export class CreatePost implements AsyncCommand<PostModel, RealSystem> {
  constructor(
    readonly kind: CreateKind,
    /** For scheduled kinds: scheduledAt - now. */
    readonly offsetMs: number,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: PostModel, real: RealSystem): Promise<void> {
    const { ctx } = real;
    const body: Record<string, unknown> = { title: markedTitle(ctx.runId, `model ${this.kind}`), markdown: 'A post of the life-cycle model.' };
    if (this.kind === 'draft' || this.kind === 'scheduled-draft') body.status = 'draft';
    const scheduled = this.kind === 'scheduled' || this.kind === 'scheduled-draft';
    const at = model.now + this.offsetMs;
    if (scheduled) body.scheduledAt = at;
    const res = await postCreate(ctx, body);

    const refused = this.kind === 'scheduled-draft' || (this.kind === 'scheduled' && !inWindow(at, model.now));
    if (refused) {
      if (res.status >= 200 && res.status < 300) fail(`POST /v1/posts ${JSON.stringify(body)} was accepted; SPEC.md refuses it`);
      expectError(res, '4xx');
      return;
    }
    const created = expectOk(res, PostCreated);
    const expected: Status = this.kind === 'scheduled' ? 'scheduled' : this.kind;
    if (created.status !== expected) fail(`POST /v1/posts (${this.kind}) answered status ${created.status}, expected ${expected}`);
    const { slug } = await readOwnPost(ctx, created.id);
    const post: ModelPost = { id: created.id, slug, status: expected, pendingAt: scheduled ? at : null, everPublished: false, publishedAt: null };
    model.posts.push(post);
    await observe(real, post);
  }

  toString(): string {
    return this.kind === 'scheduled' || this.kind === 'scheduled-draft' ? `Create(${this.kind}, now+${this.offsetMs}ms)` : `Create(${this.kind})`;
  }
}
