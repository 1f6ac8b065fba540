/**
 * The order of the post lists. SPEC.md names none; the reference's choice
 * (docs: published newest first by publishedAt, drafts and archived posts by
 * latest edit; scheduled by next to go out, which the Post does not show)
 * is tested here, in the reference-choices profile.
 */
import { fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { walkPages } from '../posts/support/lists.js';
import { createDraft, createPublished, ownPostsWithStatus, updatePost } from '../posts/support/posts-api.js';
import { requirePublishing } from '../posts/support/publishing.js';
import { withScheduleTimes } from '../posts/support/schedule.js';
import { HOUR_MS, withFrozenClock } from '../posts/support/server-time.js';
import { boundedLimit, LISTS, totalOf } from './lists.js';

for (const list of LISTS) {
  const key = list.orderKey;
  if (!key) continue;
  rule(
    ['pagination.order.posts'],
    `${list.label}: items come ${key === 'publishedAt' ? 'newest publishedAt' : 'latest updatedAt'} first, across pages`,
    async (ctx) => {
      const { path, query, client } = await list.resolve(ctx);
      const limit = boundedLimit(list, 4, await totalOf(ctx, list));
      const posts = (await walkPages(client, path, list.item, { query, limit })).flatMap((p) => p.items.map(list.postOf));
      for (let i = 1; i < posts.length; i++) {
        const previous = Number(posts[i - 1]![key] ?? 0);
        const current = Number(posts[i]![key] ?? 0);
        if (current > previous) fail(`${list.label}: ${posts[i]!.id} (${key} ${current}) comes after ${posts[i - 1]!.id} (${key} ${previous})`);
      }
    },
    { needs: list.needs, profile: list.profile },
  );
}

/** The positions of `ids` in the own list of a status, in list order. */
async function ownOrderOf(ctx: RuleContext, status: string, ids: readonly string[]): Promise<string[]> {
  const wanted = new Set(ids);
  return (await ownPostsWithStatus(ctx.api, status)).map((p) => p.id).filter((id) => wanted.has(id));
}

function expectOrder(label: string, actual: readonly string[], expected: readonly string[], why: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) fail(`${label} lists ${actual.join(', ')}; expected ${expected.join(', ')} (${why})`);
}

rule(
  ['pagination.order.posts'],
  'GET /v1/posts?status=scheduled: the next to go out first, posts due at the same time by id ascending',
  async (ctx) => {
    requirePublishing(ctx);
    await withScheduleTimes(ctx, async (times) => {
      const ids: string[] = [];
      for (let i = 1; i <= 4; i++) ids.push(await createDraft(ctx, `scheduled order ${i}`));
      // The due times run against the ids' order, so that neither the id alone nor a reversed time gives the expected list.
      const [a, b, c, d] = [...ids].sort();
      const due = new Map([[d!, times.soon], [c!, times.soon + HOUR_MS], [a!, times.soon + 2 * HOUR_MS], [b!, times.soon + 2 * HOUR_MS]]);
      for (const [id, scheduledAt] of due) await updatePost(ctx, id, { scheduledAt });
      expectOrder('GET /v1/posts?status=scheduled', await ownOrderOf(ctx, 'scheduled', ids), [d!, c!, a!, b!], `due at ${[...due.values()].join(', ')}`);
    });
  },
  { needs: ['apiKey'] },
);

rule(
  ['pagination.order.posts'],
  'GET /v1/posts?status=published and ?status=draft: posts with the same publishedAt, or the same updatedAt, by id ascending',
  async (ctx) => {
    requirePublishing(ctx);
    await withFrozenClock(ctx, async (now) => {
      const publishedAt = now - HOUR_MS;
      const published = [await createPublished(ctx, 'same publishedAt 1', { publishedAt }), await createPublished(ctx, 'same publishedAt 2', { publishedAt })];
      expectOrder('GET /v1/posts?status=published', await ownOrderOf(ctx, 'published', published), [...published].sort(), `both published at ${publishedAt}`);
      // The clock is frozen: both drafts are written, so last edited, at the same instant.
      const drafts = [await createDraft(ctx, 'same updatedAt 1'), await createDraft(ctx, 'same updatedAt 2')];
      expectOrder('GET /v1/posts?status=draft', await ownOrderOf(ctx, 'draft', drafts), [...drafts].sort(), `both last edited at ${now}`);
    });
  },
  { needs: ['apiKey', 'control:clock'] },
);
