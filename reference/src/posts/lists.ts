/**
 * Which posts each list shows and in which order (the orders are ours:
 * SPEC.md names none; they are written down in the register of spec gaps).
 *
 * - published posts: publishedAt descending (newest first), then id;
 * - drafts and archived posts: updatedAt descending (latest edit first), then id;
 * - scheduled posts: scheduledAt ascending (next to go out first), then id.
 *
 * The id is always the last sort key, so every position in a list is unique
 * and a cursor names exactly one place.
 */
import { sortByOrder, type ListOrder } from '../pagination.js';
import type { PostRecord, PostStatus } from './record.js';

export const NEWEST_PUBLISHED_FIRST: ListOrder<PostRecord> = {
  key: (p) => [p.publishedAt ?? 0, p.id],
  descending: [true, false],
};

export const LATEST_EDIT_FIRST: ListOrder<PostRecord> = {
  key: (p) => [p.updatedAt, p.id],
  descending: [true, false],
};

export const NEXT_SCHEDULED_FIRST: ListOrder<PostRecord> = {
  key: (p) => [p.scheduledAt ?? 0, p.id],
  descending: [false, false],
};

export const ORDER_BY_STATUS: Record<PostStatus, ListOrder<PostRecord>> = {
  published: NEWEST_PUBLISHED_FIRST,
  draft: LATEST_EDIT_FIRST,
  archived: LATEST_EDIT_FIRST,
  scheduled: NEXT_SCHEDULED_FIRST,
};

/** Shown on the public site and in public lists: published and not newsletter-only. */
export const isPublic = (p: PostRecord): boolean => p.status === 'published' && p.publishOnline;

export interface SortedList {
  posts: PostRecord[];
  order: ListOrder<PostRecord>;
  /** Binds cursors to this list and its filters: a cursor of another list is refused. */
  scope: string;
}

/** GET /v1/posts: the publication's own posts of one status. */
export function ownPosts(all: Iterable<PostRecord>, publicationId: string, status: PostStatus): SortedList {
  const order = ORDER_BY_STATUS[status];
  const posts = [...all].filter((p) => p.publicationId === publicationId && p.status === status);
  return { posts: sortByOrder(posts, order), order, scope: `posts:own:${publicationId}:${status}` };
}

/** GET /v1/publications/:id/posts: the regular feed; pinned posts have their own section and are left out. */
export function publicationFeed(all: Iterable<PostRecord>, publicationId: string, pinned: readonly string[]): SortedList {
  const pinnedSet = new Set(pinned);
  const posts = [...all].filter((p) => p.publicationId === publicationId && isPublic(p) && !pinnedSet.has(p.id));
  return { posts: sortByOrder(posts, NEWEST_PUBLISHED_FIRST), order: NEWEST_PUBLISHED_FIRST, scope: `posts:publication:${publicationId}` };
}

/** GET /v1/posts/feed: the curated cross-publication list. */
export function curatedFeed(all: Iterable<PostRecord>): SortedList {
  const posts = [...all].filter((p) => p.curated && isPublic(p));
  return { posts: sortByOrder(posts, NEWEST_PUBLISHED_FIRST), order: NEWEST_PUBLISHED_FIRST, scope: 'posts:feed' };
}

/** GET /v1/posts/tag/:tag: public posts of every publication with that category (case-insensitive). */
export function taggedPosts(all: Iterable<PostRecord>, tag: string): SortedList {
  const wanted = tag.trim().toLowerCase();
  const posts = [...all].filter((p) => isPublic(p) && p.categories.some((c) => c.toLowerCase() === wanted));
  return { posts: sortByOrder(posts, NEWEST_PUBLISHED_FIRST), order: NEWEST_PUBLISHED_FIRST, scope: `posts:tag:${wanted}` };
}
