/**
 * The order of the post lists. SPEC.md names none; the reference's choice
 * (docs: published newest first by publishedAt, drafts and archived posts by
 * latest edit; scheduled by next to go out, which the Post does not show)
 * is tested here, in the reference-choices profile.
 */
import { fail, rule } from '../../src/authoring/index.js';
import { walkPages } from '../posts/support/lists.js';
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
