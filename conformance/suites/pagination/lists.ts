/**
 * Every paginated list of posts, as the pagination tests see it: where it
 * is, who may read it, its page-size bounds and rule, how to name an item,
 * the order the reference keeps (ours), and how a test can add items to it
 * or take them out while it is walked.
 */
import { expectOk, fail, type ApiClient, type RuleContext } from '../../src/authoring/index.js';
import { pageOf } from '../../../schemas/common.js';
import { FeedItem, Post, POSTS_PAGE, FEED_PAGE } from '../../../schemas/posts.js';
import type { z } from 'zod';
import { createDraft, createPublished, ownPostsWithStatus, updatePost } from '../posts/support/posts-api.js';
import { publishingAllowed } from '../posts/support/publishing.js';
import { withScheduleTimes } from '../posts/support/schedule.js';

export type Item = { id: string; publishedAt?: string; updatedAt?: string };

export interface ListSpec {
  /** For test names: the path as SPEC.md writes it. */
  label: string;
  /** The rule of its page-size bounds. */
  limitRule: string;
  max: number;
  default: number;
  profile?: 'extended';
  needs: Array<'apiKey' | 'publicationIds'>;
  item: z.ZodType;
  /** The concrete path and query, or a skip reason when the target lacks what it needs. */
  resolve(ctx: RuleContext): Promise<{ path: string; query?: Record<string, string>; client: ApiClient }>;
  /** The item as a post (feed items carry it in `post`). */
  postOf(item: unknown): Item;
  /** The reference's order (ours): the sort key that must not increase along the list, if visible. */
  orderKey?: 'publishedAt' | 'updatedAt';
  /** How a test changes the list while walking it; publishing ones need publishing allowed. */
  mutation?: { publishes: boolean; add(ctx: RuleContext): Promise<string>; remove?(ctx: RuleContext, id: string): Promise<void> };
}

const archive = (ctx: RuleContext, id: string) => updatePost(ctx, id, { status: 'archived' });
const asPost = (item: unknown) => item as Item;

function ownList(status: 'published' | 'draft' | 'scheduled' | 'archived', orderKey: ListSpec['orderKey'], mutation: ListSpec['mutation']): ListSpec {
  return {
    label: `GET /v1/posts?status=${status}`,
    limitRule: 'pagination.limit.posts',
    max: POSTS_PAGE.max,
    default: POSTS_PAGE.default,
    needs: ['apiKey'],
    item: Post,
    resolve: async (ctx) => ({ path: '/v1/posts', query: { status }, client: ctx.api }),
    postOf: asPost,
    orderKey,
    mutation,
  };
}

/** A tag of one of A's published posts (for the tag list), or a skip. */
async function someTag(ctx: RuleContext): Promise<string> {
  for (const post of await ownPostsWithStatus(ctx.api, 'published')) {
    const tag = post.categories?.[0];
    if (tag) return tag;
  }
  return ctx.skip('precondition: no published post of publication A has a category to list by tag');
}

export const LISTS: readonly ListSpec[] = [
  ownList('published', 'publishedAt', { publishes: true, add: (ctx) => createPublished(ctx, 'pagination published'), remove: archive }),
  ownList('draft', 'updatedAt', { publishes: false, add: (ctx) => createDraft(ctx, 'pagination draft'), remove: archive }),
  ownList('scheduled', undefined, {
    publishes: true,
    add: (ctx) =>
      withScheduleTimes(ctx, async (times) => {
        const id = await createDraft(ctx, 'pagination scheduled');
        await updatePost(ctx, id, { scheduledAt: times.soon });
        return id;
      }),
    remove: archive,
  }),
  ownList('archived', 'updatedAt', {
    publishes: false,
    add: async (ctx) => {
      const id = await createDraft(ctx, 'pagination archived');
      await archive(ctx, id);
      return id;
    },
  }),
  {
    label: 'GET /v1/publications/{publicationId}/posts',
    limitRule: 'pagination.limit.publication-posts',
    max: POSTS_PAGE.max,
    default: POSTS_PAGE.default,
    needs: ['publicationIds'],
    item: Post,
    resolve: async (ctx) => {
      const a = ctx.target.publications.a;
      if (!a) return ctx.skip('capability missing: publicationIds (the id of publication A is unknown)');
      return { path: `/v1/publications/${a.id}/posts`, client: ctx.api.anonymous };
    },
    postOf: asPost,
    orderKey: 'publishedAt',
    mutation: { publishes: true, add: (ctx) => createPublished(ctx, 'pagination public'), remove: archive },
  },
  {
    label: 'GET /v1/posts/feed',
    limitRule: 'pagination.limit.feed',
    max: FEED_PAGE.max,
    default: FEED_PAGE.default,
    needs: [],
    item: FeedItem,
    resolve: async (ctx) => ({ path: '/v1/posts/feed', client: ctx.api.anonymous }),
    postOf: (item) => (item as { post: Item }).post,
    orderKey: 'publishedAt',
  },
  {
    label: 'GET /v1/posts/tag/{tag}',
    limitRule: 'posts.tag.list',
    max: POSTS_PAGE.max,
    default: POSTS_PAGE.default,
    profile: 'extended',
    needs: ['apiKey'],
    item: Post,
    resolve: async (ctx) => ({ path: `/v1/posts/tag/${encodeURIComponent(await someTag(ctx))}`, client: ctx.api.anonymous }),
    postOf: asPost,
    orderKey: 'publishedAt',
  },
];

/** The list's mutation when this run may use it. */
export function usableMutation(ctx: RuleContext, list: ListSpec): ListSpec['mutation'] | undefined {
  if (!list.mutation) return undefined;
  if (list.mutation.publishes && !publishingAllowed(ctx)) return undefined;
  return list.mutation;
}

/** Counts of each id along a walk. */
export function countIds(ids: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

export function expectEachOnce(label: string, walked: readonly string[], expected: Iterable<string>): void {
  const counts = countIds(walked);
  const repeated = [...counts].find(([, n]) => n > 1);
  if (repeated) fail(`${label}: ${repeated[0]} is listed ${repeated[1]} times across the pages`);
  for (const id of expected) if (!counts.has(id)) fail(`${label}: ${id} is in the list but was never on any page`);
}

/** At most this many pages per walk: a list grown long (every archived post of a run) is walked in larger pages. */
export const MAX_WALK_PAGES = 40;

/** The total of a list, from one page of one item. */
export async function totalOf(ctx: RuleContext, list: ListSpec): Promise<number> {
  const { path, query, client } = await list.resolve(ctx);
  const page = expectOk(await client.get(path, { query: { ...query, limit: 1 } }), pageOf(list.item));
  return page.pagination.total;
}

/** `limit`, raised so that a walk of `total` items takes at most MAX_WALK_PAGES pages (and never past the list's maximum). */
export function boundedLimit(list: ListSpec, limit: number, total: number): number {
  return Math.min(list.max, Math.max(limit, Math.ceil(total / MAX_WALK_PAGES)));
}
