/**
 * Cursors are opaque (SILENT.md, public); the reference refuses a tampered
 * cursor, one it never issued, and one of another list with 400 (ours, in
 * reference-choices).
 */
import { expectError, expectOk, fail, fc, rule } from '../../src/authoring/index.js';
import { pageOf } from '../../../schemas/common.js';
import { PostPage } from '../../../schemas/posts.js';
import { createPublished } from '../posts/support/posts-api.js';
import { requirePublishing } from '../posts/support/publishing.js';
import { LISTS, usableMutation } from './lists.js';

for (const list of LISTS) {
  rule(
    ['pagination.cursor.tampered-400'],
    `${list.label}: a tampered or made-up cursor answers 400`,
    async (ctx) => {
      const { path, query, client } = await list.resolve(ctx);
      const firstPage = async () => expectOk(await client.get(path, { query: { ...query, limit: 1 } }), pageOf(list.item));
      let first = await firstPage();
      // Other tests change the shared lists (scheduled posts get published, drafts archived): add what the test needs.
      const mutation = usableMutation(ctx, list);
      for (let added = 0; !first.pagination.hasMore && mutation && added < 2; added++) {
        await mutation.add(ctx);
        first = await firstPage();
      }
      if (!first.pagination.hasMore) return ctx.skip('precondition: the list has a single item, so there is no cursor to tamper with');
      const cursor = first.pagination.cursor;
      const tampered = fc.oneof(
        // One character changed (to one that differs).
        fc.tuple(fc.nat({ max: cursor.length - 1 }), fc.constantFrom(...'AZaz09-_.')).map(([at, ch]) => {
          const replacement = cursor[at] === ch ? (ch === 'A' ? 'B' : 'A') : ch;
          return cursor.slice(0, at) + replacement + cursor.slice(at + 1);
        }),
        fc.nat({ max: cursor.length - 1 }).map((cut) => cursor.slice(0, cut)).filter((c) => c.length > 0),
        fc.constantFrom(`${cursor}x`, cursor.split('').reverse().join('')),
        fc.stringMatching(/^[A-Za-z0-9_.-]{1,60}$/),
      ).filter((c) => c !== cursor);
      await ctx.check(tampered, async (value) => {
        expectError(await client.get(path, { query: { ...query, limit: 1, cursor: value } }), 400);
      });
    },
    { needs: list.needs, profile: list.profile },
  );
}

rule(
  ['pagination.cursor.tampered-400'],
  'a cursor of one list used on another list answers 400',
  async (ctx) => {
    const published = expectOk(await ctx.api.get('/v1/posts', { query: { status: 'published', limit: 1 } }), pageOf(LISTS[0]!.item));
    if (!published.pagination.hasMore) return ctx.skip('precondition: publication A has fewer than two published posts');
    const cursor = published.pagination.cursor;
    expectError(await ctx.api.get('/v1/posts', { query: { status: 'draft', cursor } }), 400);
    expectError(await ctx.api.anonymous.get('/v1/posts/feed', { query: { cursor } }), 400);
  },
  { needs: ['apiKey'] },
);

rule(
  ['pagination.cursor.tampered-400'],
  "a cursor of one publication's posts used on another's, or of one tag's posts on another tag, answers 400",
  async (ctx) => {
    requirePublishing(ctx);
    const a = ctx.target.publications.a!;
    const b = ctx.target.publications.b!;
    const ofA = expectOk(await ctx.api.anonymous.get(`/v1/publications/${a.id}/posts`, { query: { limit: 1 } }), PostPage);
    if (!ofA.pagination.hasMore) return ctx.skip('precondition: publication A has fewer than two public posts');
    // The two lists hold items of the same kind, sorted alike: only the list a cursor was issued for tells them apart.
    expectError(await ctx.api.anonymous.get(`/v1/publications/${b.id}/posts`, { query: { cursor: ofA.pagination.cursor } }), 400);

    const [tagA, tagB] = [`cfx-cursor-a-${ctx.runId}`, `cfx-cursor-b-${ctx.runId}`];
    for (const label of ['first', 'second']) await createPublished(ctx, `tagged ${label}`, { categories: [tagA] });
    await createPublished(ctx, 'tagged other', { categories: [tagB] });
    const ofTagA = expectOk(await ctx.api.anonymous.get(`/v1/posts/tag/${encodeURIComponent(tagA)}`, { query: { limit: 1 } }), PostPage);
    if (!ofTagA.pagination.hasMore) fail(`GET /v1/posts/tag/${tagA}?limit=1 has no next page, with two posts of that category`);
    expectError(await ctx.api.anonymous.get(`/v1/posts/tag/${encodeURIComponent(tagB)}`, { query: { cursor: ofTagA.pagination.cursor } }), 400);
  },
  { needs: ['apiKey', 'secondKey', 'publicationIds'] },
);
