/**
 * Scheduled first publish with the clock: it happens once, at scheduledAt,
 * with the newsletter intent of the schedule; cancelled and deleted posts
 * never go out.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR, postsWorld, T0, type PostsWorld } from './posts-world.support.test.js';

describe('scheduled publishing', () => {
  let w: PostsWorld;
  beforeEach(() => {
    w = postsWorld('empty');
  });

  it('publishes exactly once when the clock reaches scheduledAt, with publishedAt = scheduledAt', () => {
    const at = T0 + DAY;
    const { id } = w.create({ scheduledAt: at, sendNewsletter: true });
    w.clock.advance(DAY - 1);
    expect(w.state.posts.get(id)!.status).toBe('scheduled');
    expect(w.published).toEqual([]);

    w.clock.advance(HOUR); // well past the time: the task runs with the clock reading `at`
    const post = w.state.posts.get(id)!;
    expect(post).toMatchObject({ status: 'published', publishedAt: at, scheduledAt: null, updatedAt: at });
    expect(w.published).toEqual([{ publicationId: w.demo.id, postId: id, sendNewsletter: true, at }]);

    w.clock.advance(40 * DAY);
    w.clock.setTo(at); // even going back to the time does not run it again
    expect(w.published).toHaveLength(1);
  });

  it('sends no newsletter at publish time unless it was asked for', () => {
    const { id } = w.create({ scheduledAt: T0 + HOUR });
    w.clock.advance(HOUR);
    expect(w.published).toEqual([expect.objectContaining({ postId: id, sendNewsletter: false })]);
  });

  it('scheduling a draft on update publishes it later; status published with scheduledAt is the same intent', () => {
    const a = w.create({ status: 'draft' }).id;
    const b = w.create({ status: 'draft' }).id;
    w.update(a, { scheduledAt: T0 + 2 * HOUR, sendNewsletter: '1' });
    w.update(b, { scheduledAt: T0 + 3 * HOUR, status: 'published' });
    w.clock.advance(4 * HOUR);
    expect(w.published.map((e) => [e.postId, e.sendNewsletter, e.at])).toEqual([
      [a, true, T0 + 2 * HOUR],
      [b, false, T0 + 3 * HOUR],
    ]);
  });

  it('cancel (scheduledAt null) stops the publish; the post is a draft that can be scheduled again', () => {
    const { id } = w.create({ scheduledAt: T0 + DAY, sendNewsletter: true });
    w.update(id, { scheduledAt: null });
    expect(w.state.posts.get(id)).toMatchObject({ status: 'draft', scheduledAt: null, sendNewsletter: false });
    // Nothing is left in the clock's queue (the inspector's clock page lists it).
    expect(w.clock.pending()).toEqual([]);
    w.clock.advance(2 * DAY);
    expect(w.published).toEqual([]);
    expect(w.state.posts.get(id)!.status).toBe('draft');

    // cancel-then-reschedule: the second schedule alone counts
    w.update(id, { scheduledAt: w.clock.now() + DAY });
    const second = w.clock.now() + DAY;
    w.clock.advance(DAY);
    expect(w.published).toEqual([expect.objectContaining({ postId: id, at: second })]);
    expect(w.state.posts.get(id)!.publishedAt).toBe(second);
  });

  it('rescheduling needs a cancel first, after which the old time is dropped', () => {
    const { id } = w.create({ scheduledAt: T0 + DAY });
    expect(() => w.update(id, { scheduledAt: T0 + 2 * DAY })).toThrow(/already scheduled/);
    w.update(id, { scheduledAt: null });
    w.update(id, { scheduledAt: T0 + 2 * DAY });
    w.clock.advance(DAY + HOUR);
    expect(w.published).toEqual([]);
    w.clock.advance(DAY);
    expect(w.published).toEqual([expect.objectContaining({ postId: id, at: T0 + 2 * DAY })]);
  });

  it('publish now cancels the schedule: one publish, not two', () => {
    const { id } = w.create({ scheduledAt: T0 + DAY, sendNewsletter: true });
    w.clock.advance(HOUR);
    w.update(id, { status: 'published' });
    w.clock.advance(2 * DAY);
    expect(w.published).toEqual([{ publicationId: w.demo.id, postId: id, sendNewsletter: false, at: T0 + HOUR }]);
    expect(w.state.posts.get(id)!.publishedAt).toBe(T0 + HOUR);
  });

  it('archiving cancels; status draft keeps the schedule and may change the newsletter intent', () => {
    const archived = w.create({ scheduledAt: T0 + DAY }).id;
    const kept = w.create({ scheduledAt: T0 + DAY }).id;
    w.update(archived, { status: 'archived' });
    w.update(kept, { status: 'draft', sendNewsletter: true, title: 'Edited while scheduled' });
    w.clock.advance(DAY);
    expect(w.published).toEqual([expect.objectContaining({ postId: kept, sendNewsletter: true })]);
    expect(w.state.posts.get(archived)!.status).toBe('archived');
    expect(w.state.posts.get(kept)!.title).toBe('Edited while scheduled');
  });

  it('deleting a scheduled post drops its publish', () => {
    const { id } = w.create({ scheduledAt: T0 + DAY });
    w.state.posts.delete(w.demo.id, id);
    expect(w.clock.pending()).toEqual([]);
    w.clock.advance(2 * DAY);
    expect(w.published).toEqual([]);
  });

  it('the 30-day window is measured from the clock, not the machine', () => {
    w.clock.advance(100 * DAY);
    const now = w.clock.now();
    expect(() => w.create({ scheduledAt: T0 + DAY })).toThrow(/in the future/);
    expect(w.create({ scheduledAt: now + 30 * DAY }).status).toBe('scheduled');
  });
});

describe('fixture posts with status scheduled', () => {
  it('are queued when loaded and publish at their time', () => {
    const w = postsWorld('default');
    const scheduled = w.state.posts.all().filter((p) => p.status === 'scheduled');
    expect(scheduled.length).toBeGreaterThan(0);
    for (const p of scheduled) expect(w.clock.pending()).toContainEqual({ at: p.scheduledAt, key: `post-publish:${p.id}` });
    w.clock.advance(31 * DAY);
    for (const p of scheduled) expect(w.state.posts.get(p.id)!.status).toBe('published');
    expect(w.published.map((e) => e.postId).sort()).toEqual(scheduled.map((p) => p.id).sort());
  });
});
