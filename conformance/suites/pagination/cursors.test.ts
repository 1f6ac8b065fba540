/**
 * Cursors are opaque (SILENT.md, public); the reference refuses a tampered
 * cursor, one it never issued, and one of another list with 400 (ours, in
 * reference-choices).
 */
import { expectError, expectOk, fc, rule } from '../../src/authoring/index.js';
import { pageOf } from '../../../schemas/common.js';
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
