/**
 * Page sizes (SPEC.md, Limits): 1 and the maximum are accepted, a page
 * holds at most that many items, and without a limit a page holds the
 * default (or the whole list when it is shorter). A limit out of range or
 * not an integer answers 400 rather than being clamped: the reference's
 * choice (SILENT.md, ours), in reference-choices, as is reading a limit
 * given twice by its first value.
 */
import { expectError, expectOk, fail, rule } from '../../src/authoring/index.js';
import { pageOf } from '../../../schemas/common.js';
import { LISTS } from './lists.js';
import { badLimits } from './bad-limits.js';

for (const list of LISTS) {
  const options = { needs: list.needs, profile: list.profile };

  rule(
    [list.limitRule],
    `${list.label}: limit 1 and limit ${list.max} are accepted, and without a limit a page holds ${list.default}`,
    async (ctx) => {
      const { path, query, client } = await list.resolve(ctx);
      const schema = pageOf(list.item);
      for (const limit of [1, list.max]) {
        const page = expectOk(await client.get(path, { query: { ...query, limit } }), schema);
        if (page.items.length > limit) fail(`${list.label}?limit=${limit} answered ${page.items.length} items`);
        const expected = Math.min(limit, page.pagination.total);
        if (page.items.length !== expected) fail(`${list.label}?limit=${limit} answered ${page.items.length} items of ${page.pagination.total}`);
      }
      const page = expectOk(await client.get(path, { query }), schema);
      const expected = Math.min(list.default, page.pagination.total);
      if (page.items.length !== expected) fail(`${list.label} without a limit answered ${page.items.length} items of ${page.pagination.total}, expected ${expected}`);
    },
    options,
  );

  rule(
    ['pagination.limit.repeated-first-value'],
    `${list.label}: a limit given twice counts once, with its first value`,
    async (ctx) => {
      const { path, query, client } = await list.resolve(ctx);
      const schema = pageOf(list.item);
      for (const [first, second] of [[1, list.max], [list.max, 1]]) {
        // The path carries the first value and the query appends the second: ?limit=first&limit=second.
        const page = expectOk(await client.get(`${path}?limit=${first}`, { query: { ...query, limit: second } }), schema);
        const expected = Math.min(first, page.pagination.total);
        if (page.items.length !== expected) fail(`${list.label}?limit=${first}&limit=${second} answered ${page.items.length} items of ${page.pagination.total}, expected ${expected} (the first value)`);
      }
    },
    options,
  );

  rule(
    ['pagination.limit.out-of-range-400'],
    `${list.label}: a limit of 0, over ${list.max} or not an integer answers 400`,
    async (ctx) => {
      const { path, query, client } = await list.resolve(ctx);
      await ctx.check(badLimits(list.max), async (limit) => {
        expectError(await client.get(path, { query: { ...query, limit } }), 400);
      });
    },
    options,
  );
}
