import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareKeys, type ListOrder } from '../pagination.js';
import type { PostRecord, PostStatus } from './record.js';
import { isPublic, NEWEST_PUBLISHED_FIRST, ORDER_BY_STATUS } from './lists.js';
import { DAY, HOUR, T0, postsWorld, type PostsWorld } from './posts-world.support.test.js';

// The lists as they were computed before they were kept sorted: filter everything, sort.
const sorted = (posts: PostRecord[], order: ListOrder<PostRecord>) =>
  [...posts].sort((a, b) => compareKeys(order.key(a), order.key(b), order.descending)).map((p) => p.id);

function expectListsMatchScratch(w: PostsWorld): void {
  const all = w.state.posts.all();
  for (const publicationId of [w.demo.id, w.other.id]) {
    for (const status of ['published', 'draft', 'scheduled', 'archived'] as PostStatus[]) {
      const expected = sorted(all.filter((p) => p.publicationId === publicationId && p.status === status), ORDER_BY_STATUS[status]);
      expect(w.state.posts.listOwn(publicationId, status).posts.map((p) => p.id)).toEqual(expected);
    }
    const pinned = new Set(w.state.publications.require(publicationId).pinnedPostIds);
    const feed = all.filter((p) => p.publicationId === publicationId && isPublic(p) && !pinned.has(p.id));
    const list = w.state.posts.listPublication(publicationId);
    expect(list.posts.map((p) => p.id)).toEqual(sorted(feed, NEWEST_PUBLISHED_FIRST));
    expect(list.source.size).toBe(feed.length);
  }
  expect(w.state.posts.listCurated().posts.map((p) => p.id)).toEqual(sorted(all.filter((p) => p.curated && isPublic(p)), NEWEST_PUBLISHED_FIRST));
  for (const tag of ['growth', 'Writing', 'x']) {
    const wanted = tag.toLowerCase();
    const expected = sorted(all.filter((p) => isPublic(p) && p.categories.some((c) => c.toLowerCase() === wanted)), NEWEST_PUBLISHED_FIRST);
    expect(w.state.posts.listTagged(tag).posts.map((p) => p.id)).toEqual(expected);
  }
}

const command = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), status: fc.constantFrom('draft', 'published'), categories: fc.constantFrom('growth', 'Growth, writing', 'writing', ''), online: fc.boolean(), back: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom('draft', 'published', 'archived') }),
  fc.record({ kind: fc.constant('schedule' as const), pick: fc.nat(), days: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), categories: fc.constantFrom('growth', 'x, writing', ''), online: fc.boolean() }),
  fc.record({ kind: fc.constant('pin' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: 1, max: 60 }) }),
);

describe('post lists kept sorted as posts change', () => {
  it('equal the lists filtered and sorted from scratch after any sequence of writes, schedules and deletes', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 25 }), (commands) => {
        const w = postsWorld();
        const mine = () => w.state.posts.all().filter((p) => p.publicationId === w.demo.id);
        for (const c of commands) {
          const posts = mine();
          const target = 'pick' in c && posts.length > 0 ? posts[c.pick % posts.length] : undefined;
          try {
            if (c.kind === 'create')
              w.create({ status: c.status, categories: c.categories || undefined, publishOnline: c.online, ...(c.status === 'published' ? { publishedAt: T0 - c.back * DAY } : {}) });
            else if (c.kind === 'time') w.clock.advance(c.hours * HOUR);
            else if (target && c.kind === 'status') w.update(target.id, { status: c.status });
            else if (target && c.kind === 'schedule') w.update(target.id, { scheduledAt: w.clock.now() + c.days * DAY });
            else if (target && c.kind === 'edit') w.update(target.id, { title: `edited ${c.pick}`, categories: c.categories, publishOnline: c.online });
            else if (target && c.kind === 'pin') w.state.publications.update(w.demo.id, { pinnedPostIds: [target.id] });
            else if (target && c.kind === 'delete') w.state.posts.delete(w.demo.id, target.id);
          } catch {
            // A refused transition (400) changes nothing.
          }
          expectListsMatchScratch(w);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('keep their order through hundreds of drafts, each written after the last and so put at the front, then edits and deletes', () => {
    // More posts than two blocks hold: front inserts split the first block, deletes merge thinned blocks.
    const w = postsWorld();
    const ids: string[] = [];
    for (let i = 0; i < 400; i++) {
      w.clock.advance(1000);
      ids.push(w.create({ status: i % 10 === 0 ? 'published' : 'draft', categories: 'growth' }).id);
    }
    for (let i = 0; i < ids.length; i += 7) {
      w.clock.advance(1000);
      w.update(ids[i], { title: `edited ${i}` });
    }
    expectListsMatchScratch(w);
    for (let i = 0; i < ids.length; i++) if (i % 9 !== 0) w.state.posts.delete(w.demo.id, ids[i]);
    expectListsMatchScratch(w);
    const drafts = w.state.posts.listOwn(w.demo.id, 'draft');
    const all = drafts.posts;
    for (const [i, post] of all.entries()) {
      const after = drafts.source.after(drafts.order.key(post)).next();
      expect(after.done ? undefined : after.value).toBe(all[i + 1]);
    }
  });
});

describe('the curated feed', () => {
  it("keeps a curated post in its place through an edit (the suite leaves the fixtures' curated posts alone)", () => {
    const w = postsWorld();
    const before = w.state.posts.listCurated().posts.map((p) => p.id);
    const post = w.state.posts.get(before[0]!)!;
    w.update(post.id, { title: 'a curated post, edited', status: 'published' }, post.publicationId);
    expect(w.state.posts.listCurated().posts.map((p) => p.id)).toEqual(before);
    expectListsMatchScratch(w);
  });
});
