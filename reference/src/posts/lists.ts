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
import type { ListOrder, PageSource } from '../pagination.js';
import { SortedIndex } from '../sorted-index.js';
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
  /** The list in order, read a page at a time. */
  source: PageSource<PostRecord>;
  /** The whole list as an array (tests and small callers; a page should use `source`). */
  readonly posts: PostRecord[];
  order: ListOrder<PostRecord>;
  /** Binds cursors to this list and its filters: a cursor of another list is refused. */
  scope: string;
}

function listView(source: PageSource<PostRecord>, order: ListOrder<PostRecord>, scope: string): SortedList {
  return {
    source,
    order,
    scope,
    get posts() {
      const out: PostRecord[] = [];
      const items = source.after(null);
      for (let next = items.next(); !next.done; next = items.next()) out.push(next.value);
      return out;
    },
  };
}

/**
 * Every post list, kept sorted as posts change (sync) rather than filtered
 * and sorted per request, so a page costs the same with 50 posts or 100,000:
 *
 * - own: per publication and status (GET /v1/posts);
 * - public: per publication, published and shown online (the publication's feed);
 * - curated: the cross-publication feed;
 * - tagged: per lowercased category, public posts of every publication.
 *
 * The indexes remember each post's key as inserted, so a post changed in place
 * is found again by its old position when it is re-sorted.
 */
const NONE: readonly SortedIndex<PostRecord>[] = [];

/**
 * Blocks of 64 to 128 posts rather than SortedIndex's 512 to 1024: a new
 * draft and an edited post go to the front of their list, and an insert moves
 * every item and key of its block behind it. Smaller blocks make that insert
 * cheaper for a little more per page read (a longer search over more blocks);
 * the measurement is in bench/README.md (Measured choices in the code).
 */
const LIST_BLOCK = 64;

export class PostLists {
  private own = new Map<string, SortedIndex<PostRecord>>();
  private publicOf = new Map<string, SortedIndex<PostRecord>>();
  private curated = new SortedIndex(NEWEST_PUBLISHED_FIRST, { remembersKeys: true, blockSize: LIST_BLOCK });
  private tagged = new Map<string, SortedIndex<PostRecord>>();
  /** post id -> the indexes it is in now. */
  private memberships = new Map<string, SortedIndex<PostRecord>[]>();

  /**
   * Put a post (new or changed in any way) in the lists it belongs to now, in
   * its place. A list it stays in moves it (reposition) and its membership
   * entry is overwritten: deleting and re-adding the same Map keys on every
   * edit leaves dead entries in their hash chains (see SortedIndex.reposition).
   */
  sync(post: PostRecord): void {
    const was = this.memberships.get(post.id) ?? NONE;
    const into: SortedIndex<PostRecord>[] = [indexIn(this.own, `${post.publicationId}\u0000${post.status}`, ORDER_BY_STATUS[post.status])];
    if (isPublic(post)) {
      into.push(indexIn(this.publicOf, post.publicationId, NEWEST_PUBLISHED_FIRST));
      if (post.curated) into.push(this.curated);
      for (const tag of new Set(post.categories.map((c) => c.toLowerCase()))) into.push(indexIn(this.tagged, tag, NEWEST_PUBLISHED_FIRST));
    }
    for (const index of was) if (!into.includes(index)) index.remove(post);
    for (const index of into) {
      if (was.includes(index)) index.reposition(post);
      else index.insert(post);
    }
    this.memberships.set(post.id, into);
  }

  /** Take a post out of every list (deleted). */
  drop(post: PostRecord): void {
    for (const index of this.memberships.get(post.id) ?? NONE) index.remove(post);
    this.memberships.delete(post.id);
  }

  /** GET /v1/posts: the publication's own posts of one status. */
  ownPosts(publicationId: string, status: PostStatus): SortedList {
    return this.view(this.own.get(`${publicationId}\u0000${status}`), ORDER_BY_STATUS[status], `posts:own:${publicationId}:${status}`);
  }

  /**
   * GET /v1/publications/:id/posts: the regular feed; pinned posts have their
   * own section and are left out (a handful of ids, skipped while reading).
   */
  publicationFeed(publicationId: string, pinned: readonly string[], postOf: (id: string) => PostRecord | undefined): SortedList {
    const all: PageSource<PostRecord> = this.publicOf.get(publicationId) ?? EMPTY;
    const pinnedSet = new Set(pinned);
    // Pinned ids name posts of this publication (checked on PATCH; a deleted post leaves the list), public or not:
    // only the public ones are in the list and left out of its size.
    let shownPinned = 0;
    for (const id of pinnedSet) {
      const post = postOf(id);
      if (post && isPublic(post)) shownPinned++;
    }
    const source: PageSource<PostRecord> = {
      size: all.size - shownPinned,
      *after(key) {
        const items = all.after(key);
        for (let next = items.next(); !next.done; next = items.next()) if (!pinnedSet.has(next.value.id)) yield next.value;
      },
    };
    return listView(source, NEWEST_PUBLISHED_FIRST, `posts:publication:${publicationId}`);
  }

  /** GET /v1/posts/feed: the curated cross-publication list. */
  curatedFeed(): SortedList {
    return this.view(this.curated, NEWEST_PUBLISHED_FIRST, 'posts:feed');
  }

  /** GET /v1/posts/tag/:tag: public posts of every publication with that category (case-insensitive). */
  taggedPosts(tag: string): SortedList {
    const wanted = tag.trim().toLowerCase();
    return this.view(this.tagged.get(wanted), NEWEST_PUBLISHED_FIRST, `posts:tag:${wanted}`);
  }

  private view(index: SortedIndex<PostRecord> | undefined, order: ListOrder<PostRecord>, scope: string): SortedList {
    return listView(index ?? EMPTY, order, scope);
  }
}

const EMPTY: PageSource<PostRecord> = { size: 0, after: () => [][Symbol.iterator]() };

function indexIn(map: Map<string, SortedIndex<PostRecord>>, key: string, order: ListOrder<PostRecord>): SortedIndex<PostRecord> {
  let index = map.get(key);
  if (!index) map.set(key, (index = new SortedIndex(order, { remembersKeys: true, blockSize: LIST_BLOCK })));
  return index;
}
