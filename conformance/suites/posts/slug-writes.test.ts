/**
 * PUT and DELETE /v1/posts/slug/{slug} (production's OpenAPI): the writes by
 * id, addressed by the slug of the suite's own draft.
 */
import { expectError, expectOk, fail, rule } from '../../src/authoring/index.js';
import { SuccessBody } from '../../../schemas/common.js';
import { createDraft, readOwnPost } from './support/posts-api.js';
import { markedTitle } from './support/titles.js';

const slugPath = (slug: string) => `/v1/posts/slug/${encodeURIComponent(slug)}`;

rule(
  ['posts.update.by-slug'],
  'PUT /v1/posts/slug/{slug} updates the draft with that slug as PUT by id would, and refuses what PUT by id refuses',
  async (ctx) => {
    const slug = ctx.names.slug('by-slug');
    const id = await createDraft(ctx, 'update by slug', { slug });
    const title = markedTitle(ctx.runId, 'renamed by slug');
    expectOk(await ctx.api.put(slugPath(slug), { title }), SuccessBody);
    const after = await readOwnPost(ctx, id);
    if (after.title !== title) fail(`PUT by slug left the title ${JSON.stringify(after.title)}`);
    if (after.status !== 'draft') fail(`PUT by slug without status changed the draft to ${after.status}`);
    expectError(await ctx.api.put(slugPath(slug), { title: 'x'.repeat(201) }), 400);
    if ((await readOwnPost(ctx, id)).title !== title) fail('a refused PUT by slug changed the title');
    expectError(await ctx.api.put(slugPath(ctx.names.slug('no-such-post')), { title }), 404);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.delete.by-slug'],
  'DELETE /v1/posts/slug/{slug} deletes the draft with that slug, which is then gone',
  async (ctx) => {
    const slug = ctx.names.slug('delete-by-slug');
    const id = await createDraft(ctx, 'delete by slug', { slug });
    expectOk(await ctx.api.delete(slugPath(slug)), SuccessBody);
    expectError(await ctx.api.get(`/v1/posts/${id}`), 404);
    expectError(await ctx.api.delete(slugPath(slug)), 404);
  },
  { needs: ['apiKey'] },
);
