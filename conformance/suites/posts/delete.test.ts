/** DELETE /v1/posts/{postId} (extended, SILENT.md): a permanent delete of the suite's own draft. */
import { expectError, expectOk, fail, rule } from '../../src/authoring/index.js';
import { SuccessBody } from '../../../schemas/common.js';
import { createDraft, ownPostsWithStatus } from './support/posts-api.js';

rule(
  ['posts.delete.permanent'],
  'DELETE /v1/posts/{postId} answers {success: true}, and the post is gone from reads and lists',
  async (ctx) => {
    const id = await createDraft(ctx, 'to be deleted');
    expectOk(await ctx.api.delete(`/v1/posts/${id}`), SuccessBody);
    expectError(await ctx.api.get(`/v1/posts/${id}`), 404);
    for (const status of ['draft', 'archived']) {
      if ((await ownPostsWithStatus(ctx.api, status)).some((p) => p.id === id)) fail(`the deleted post ${id} is still listed under ${status}`);
    }
    expectError(await ctx.api.delete(`/v1/posts/${id}`), 404);
  },
  { needs: ['apiKey'] },
);
