/**
 * Walking every page of every list of posts with any page size: each item
 * comes exactly once and none is skipped (compared with the same list read
 * in the largest pages), no page holds more than the limit, hasMore is true
 * until the last page, total counts the whole list.
 */
import { fail, fc, rule, type RuleContext } from '../../src/authoring/index.js';
import { walkPages } from '../posts/support/lists.js';
import { boundedLimit, expectEachOnce, LISTS, totalOf, type ListSpec } from './lists.js';

/** Page sizes: small ones (many pages) most of the time, the maximum sometimes. */
const pageSize = (list: ListSpec) => fc.oneof({ arbitrary: fc.integer({ min: 1, max: 7 }), weight: 4 }, { arbitrary: fc.constant(list.max), weight: 1 });

/** Pages are cheap but many: a few runs are enough to vary the page size. */
const runsOf = (ctx: RuleContext) => ({ runs: Math.min(ctx.runs, 8) });

/** Walks the list in pages of `limit` (raised for a long list, see boundedLimit); answers the pages and the limit used. */
async function walk(ctx: RuleContext, list: ListSpec, requested: number) {
  const { path, query, client } = await list.resolve(ctx);
  const limit = boundedLimit(list, requested, await totalOf(ctx, list));
  return Object.assign(await walkPages(client, path, list.item, { query, limit }), { limit });
}

const idsOf = (list: ListSpec, pages: Awaited<ReturnType<typeof walk>>) => pages.flatMap((page) => page.items.map((item) => list.postOf(item).id));

for (const list of LISTS) {
  const options = { needs: list.needs, profile: list.profile };

  rule(
    ['pagination.cursor.next-page'],
    `${list.label}: walking the pages with any limit gives every item exactly once`,
    async (ctx) => {
      const whole = idsOf(list, await walk(ctx, list, list.max));
      expectEachOnce(`${list.label} in pages of ${list.max}`, whole, whole);
      await ctx.check(pageSize(list), async (requested) => {
        const pages = await walk(ctx, list, requested);
        expectEachOnce(`${list.label} in pages of ${pages.limit}`, idsOf(list, pages), whole);
      }, runsOf(ctx));
    },
    options,
  );

  rule(
    ['pagination.limit.honoured'],
    `${list.label}: no page holds more items than the limit`,
    async (ctx) => {
      await ctx.check(pageSize(list), async (requested) => {
        const pages = await walk(ctx, list, requested);
        for (const [index, page] of pages.entries()) {
          if (page.items.length > pages.limit) fail(`${list.label}: page ${index + 1} holds ${page.items.length} items with limit ${pages.limit}`);
        }
      }, runsOf(ctx));
    },
    options,
  );

  rule(
    ['pagination.has-more.last-page', 'pagination.total.count', 'pagination.envelope.shape', 'pagination.cursor.opaque'],
    `${list.label}: hasMore is true until the last page, and total counts the whole list`,
    async (ctx) => {
      // walkPages validates every page as {items, pagination: {cursor: string, hasMore, total}}.
      const pages = await walk(ctx, list, 3);
      const distinct = new Set(idsOf(list, pages)).size;
      pages.forEach((page, index) => {
        const last = index === pages.length - 1;
        if (page.pagination.hasMore === last) fail(`${list.label}: page ${index + 1} of ${pages.length} has hasMore ${page.pagination.hasMore}`);
        if (page.pagination.total !== distinct) fail(`${list.label}: page ${index + 1} says total ${page.pagination.total}; the pages hold ${distinct} items`);
      });
    },
    options,
  );

  rule(
    ['pagination.cursor.empty-when-done'],
    `${list.label}: the last page's cursor is empty`,
    async (ctx) => {
      const pages = await walk(ctx, list, 5);
      const last = pages[pages.length - 1]!;
      if (last.pagination.cursor !== '') fail(`${list.label}: the last page answers cursor ${JSON.stringify(last.pagination.cursor)}`);
    },
    options,
  );
}
