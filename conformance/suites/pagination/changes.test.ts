/**
 * Walking a list while it changes (SILENT.md, ours: a cursor is a position,
 * not an offset): items are added and archived between page requests, and
 * every item that was in the list before the walk and was not taken out
 * during it still comes exactly once. Lists whose changes publish posts
 * change only where publishing is allowed (posts/support/publishing.ts);
 * the others are walked unchanged.
 */
import { fail, fc, rule, type RuleContext } from '../../src/authoring/index.js';
import { walkPages } from '../posts/support/lists.js';
import { boundedLimit, countIds, LISTS, totalOf, usableMutation, type ListSpec } from './lists.js';

interface Change {
  afterPage: number;
  kind: 'add' | 'remove';
  pick: number;
}

const changes = fc.array(
  fc.record({ afterPage: fc.nat({ max: 4 }), kind: fc.constantFrom<'add' | 'remove'>('add', 'remove'), pick: fc.nat({ max: 10 }) }),
  { maxLength: 4 },
);

async function walkWhileChanging(ctx: RuleContext, list: ListSpec, requested: number, plan: Change[], pool: string[]) {
  const { path, query, client } = await list.resolve(ctx);
  const limit = boundedLimit(list, requested, await totalOf(ctx, list));
  const mutation = usableMutation(ctx, list);
  const idsOf = (pages: Awaited<ReturnType<typeof walkPages>>) => pages.flatMap((p) => p.items.map((item) => list.postOf(item).id));
  const before = idsOf(await walkPages(client, path, list.item, { query, limit: list.max }));
  const removed = new Set<string>();
  const pages = await walkPages(client, path, list.item, {
    query,
    limit,
    between: async (pageIndex) => {
      if (!mutation) return;
      for (const change of plan.filter((c) => c.afterPage === pageIndex - 1)) {
        if (change.kind === 'add') pool.push(await mutation.add(ctx));
        else if (mutation.remove) {
          const candidates = pool.filter((id) => !removed.has(id));
          const id = candidates[change.pick % Math.max(1, candidates.length)];
          if (id === undefined) continue;
          await mutation.remove(ctx, id);
          removed.add(id);
          pool.splice(pool.indexOf(id), 1);
        }
      }
    },
  });
  return { before, removed, walked: idsOf(pages), limit };
}

for (const list of LISTS) {
  rule(
    ['pagination.cursor.position-based'],
    `${list.label}: items added or archived between page requests do not make the others repeat or vanish`,
    async (ctx) => {
      const mutation = usableMutation(ctx, list);
      // Items of this test that can be taken out during a walk.
      const pool: string[] = [];
      if (mutation?.remove) for (let i = 0; i < 3; i++) pool.push(await mutation.add(ctx));
      const input = fc.record({ limit: fc.integer({ min: 1, max: 6 }), plan: changes });
      await ctx.check(input, async ({ limit: requested, plan }) => {
        const { before, removed, walked, limit } = await walkWhileChanging(ctx, list, requested, plan, pool);
        const counts = countIds(walked);
        const repeated = [...counts].find(([, n]) => n > 1);
        if (repeated) fail(`${list.label} in pages of ${limit}, changed meanwhile: ${repeated[0]} came ${repeated[1]} times`);
        const vanished = before.find((id) => !removed.has(id) && !counts.has(id));
        if (vanished) fail(`${list.label} in pages of ${limit}, changed meanwhile: ${vanished} was in the list throughout but never on a page`);
      }, { runs: Math.min(ctx.runs, 8) });
    },
    { needs: list.needs, profile: list.profile },
  );
}
