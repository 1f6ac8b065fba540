/**
 * The post life cycle through the store: every row of SPEC.md "Post status"
 * and every choice of the reference, as one table. Each case starts a post
 * in a state, lets an hour pass (so "publishedAt kept" and "publishedAt =
 * now" differ), sends one request and checks status, schedule, publishedAt
 * and the post.published event.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { DAY, HOUR, postsWorld, T0, type PostsWorld } from './posts-world.support.test.js';

type Start = 'new' | 'draft' | 'draft-was-published' | 'published' | 'scheduled' | 'archived' | 'archived-was-published';

interface Expectation {
  error?: RegExp;
  status?: 'published' | 'draft' | 'scheduled' | 'archived';
  /** 'start': as before the request (T0 for posts published in the setup); 'now': the request's time. */
  publishedAt?: 'start' | 'now' | null | number;
  /** 'kept': the setup's schedule; a number: relative to now; null: none. */
  scheduledAt?: 'kept' | null | number;
  /** post.published events the request caused, with their sendNewsletter. */
  events?: boolean[];
}

const SCHEDULED_AT = T0 + DAY; // the setup's schedule
const START = T0 + HOUR; // when the request is sent

function setUp(w: PostsWorld, start: Start): string | null {
  if (start === 'new') return null;
  const byStart: Record<Exclude<Start, 'new'>, () => string> = {
    draft: () => w.create({ status: 'draft' }).id,
    'draft-was-published': () => {
      const id = w.create({}).id;
      w.update(id, { status: 'draft' });
      return id;
    },
    published: () => w.create({}).id,
    scheduled: () => w.create({ scheduledAt: SCHEDULED_AT, sendNewsletter: true }).id,
    archived: () => {
      const id = w.create({ status: 'draft' }).id;
      w.update(id, { status: 'archived' });
      return id;
    },
    'archived-was-published': () => {
      const id = w.create({}).id;
      w.update(id, { status: 'archived' });
      return id;
    },
  };
  return byStart[start]();
}

const rel = (ms: number) => START + ms;

const CASES: [string, Start, Record<string, unknown>, Expectation][] = [
  // ---- create ---------------------------------------------------------------
  ['create: published by default', 'new', {}, { status: 'published', publishedAt: 'now', scheduledAt: null, events: [false] }],
  ['create: explicit status published', 'new', { status: 'published' }, { status: 'published', events: [false] }],
  ['create: sendNewsletter true emails on publish', 'new', { sendNewsletter: true }, { status: 'published', events: [true] }],
  ['create: sendNewsletter "1"', 'new', { sendNewsletter: '1' }, { events: [true] }],
  ['create: sendNewsletter "false"', 'new', { sendNewsletter: 'false' }, { events: [false] }],
  ['create: status draft', 'new', { status: 'draft' }, { status: 'draft', publishedAt: null, events: [] }],
  ['create: a draft never sends a newsletter', 'new', { status: 'draft', sendNewsletter: true }, { status: 'draft', events: [] }],
  ['create: scheduledAt schedules', 'new', { scheduledAt: rel(DAY) }, { status: 'scheduled', scheduledAt: DAY, publishedAt: null, events: [] }],
  ['create: scheduledAt with status published schedules', 'new', { scheduledAt: rel(DAY), status: 'published' }, { status: 'scheduled', scheduledAt: DAY }],
  ['create: scheduledAt 0 is omitted', 'new', { scheduledAt: 0 }, { status: 'published', events: [false] }],
  ['create: scheduledAt null is omitted', 'new', { scheduledAt: null }, { status: 'published' }],
  ['create: exactly 30 days ahead is allowed', 'new', { scheduledAt: rel(30 * DAY) }, { status: 'scheduled' }],
  ['create: scheduledAt + status draft', 'new', { scheduledAt: rel(DAY), status: 'draft' }, { error: /cannot be combined with status draft/ }],
  ['create: scheduledAt in the past', 'new', { scheduledAt: rel(-1) }, { error: /scheduledAt must be in the future/ }],
  ['create: scheduledAt now', 'new', { scheduledAt: rel(0) }, { error: /scheduledAt must be in the future/ }],
  ['create: scheduledAt over 30 days', 'new', { scheduledAt: rel(30 * DAY + 1) }, { error: /at most 30 days ahead/ }],
  ['create: scheduledAt + publishedAt', 'new', { scheduledAt: rel(DAY), publishedAt: T0 }, { error: /publishedAt cannot be set on a scheduled post/ }],
  ['create: publishedAt backdates', 'new', { publishedAt: T0 - DAY }, { status: 'published', publishedAt: T0 - DAY, events: [false] }],

  // ---- draft ------------------------------------------------------------------
  ['draft + status published publishes now', 'draft', { status: 'published' }, { status: 'published', publishedAt: 'now', events: [false] }],
  ['draft + status published + sendNewsletter', 'draft', { status: 'published', sendNewsletter: 'true' }, { events: [true] }],
  ['draft + edit stays draft', 'draft', { title: 'Edited' }, { status: 'draft', publishedAt: null, events: [] }],
  ['draft + status archived', 'draft', { status: 'archived' }, { status: 'archived' }],
  ['draft + scheduledAt schedules', 'draft', { scheduledAt: rel(2 * DAY) }, { status: 'scheduled', scheduledAt: 2 * DAY, events: [] }],
  ['draft + scheduledAt + status published schedules', 'draft', { scheduledAt: rel(DAY), status: 'published' }, { status: 'scheduled', scheduledAt: DAY, events: [] }],
  ['draft + scheduledAt + status draft', 'draft', { scheduledAt: rel(DAY), status: 'draft' }, { error: /combined with status draft/ }],
  ['draft + scheduledAt + status archived', 'draft', { scheduledAt: rel(DAY), status: 'archived' }, { error: /combined with status archived/ }],
  ['draft + scheduledAt in the past', 'draft', { scheduledAt: rel(-HOUR) }, { error: /must be in the future/ }],
  ['draft + scheduledAt over 30 days', 'draft', { scheduledAt: rel(31 * DAY) }, { error: /at most 30 days/ }],
  ['draft + scheduledAt null changes nothing', 'draft', { scheduledAt: null }, { status: 'draft', scheduledAt: null }],
  ['draft + scheduledAt 0 is omitted', 'draft', { scheduledAt: 0, status: 'published' }, { status: 'published', events: [false] }],
  ['draft + publishedAt in the future', 'draft', { publishedAt: rel(1) }, { error: /use scheduledAt to publish later/ }],

  // ---- a draft that was published before ---------------------------------------
  ['unpublished draft cannot be scheduled', 'draft-was-published', { scheduledAt: rel(DAY) }, { error: /only a draft that was never published/ }],
  ['re-publish keeps publishedAt', 'draft-was-published', { status: 'published' }, { status: 'published', publishedAt: 'start', events: [false] }],
  ['re-publish with an explicit publishedAt', 'draft-was-published', { status: 'published', publishedAt: T0 - DAY }, { publishedAt: T0 - DAY }],

  // ---- published --------------------------------------------------------------
  ['published + status draft unpublishes, publishedAt kept', 'published', { status: 'draft' }, { status: 'draft', publishedAt: 'start', events: [] }],
  ['published + status published edits a live post', 'published', { status: 'published', title: 'Live edit' }, { status: 'published', publishedAt: 'start', events: [] }],
  ['published + edit without status unpublishes', 'published', { title: 'Oops' }, { status: 'draft', publishedAt: 'start', events: [] }],
  ['published + empty PUT stays live', 'published', {}, { status: 'published', events: [] }],
  ['published + unchanged title stays live', 'published', { title: 'SAME' }, { status: 'published' }],
  ['published + sendNewsletter alone stays live, sends nothing', 'published', { sendNewsletter: true }, { status: 'published', events: [] }],
  ['published + scheduledAt null alone stays live', 'published', { scheduledAt: null }, { status: 'published' }],
  ['published + status archived', 'published', { status: 'archived' }, { status: 'archived', publishedAt: 'start' }],
  ['published + scheduledAt', 'published', { scheduledAt: rel(DAY) }, { error: /only a draft that was never published/ }],
  ['published + scheduledAt + status published', 'published', { scheduledAt: rel(DAY), status: 'published' }, { error: /only a draft/ }],
  ['published + publishedAt change with status published', 'published', { status: 'published', publishedAt: T0 - DAY }, { status: 'published', publishedAt: T0 - DAY }],

  // ---- scheduled --------------------------------------------------------------
  ['scheduled + scheduledAt null cancels to draft', 'scheduled', { scheduledAt: null }, { status: 'draft', scheduledAt: null, publishedAt: null, events: [] }],
  ['scheduled + status draft keeps the schedule', 'scheduled', { status: 'draft' }, { status: 'scheduled', scheduledAt: 'kept', events: [] }],
  ['scheduled + edit keeps the schedule', 'scheduled', { title: 'Still going out' }, { status: 'scheduled', scheduledAt: 'kept' }],
  ['scheduled + status published cancels and publishes now', 'scheduled', { status: 'published' }, { status: 'published', scheduledAt: null, publishedAt: 'now', events: [false] }],
  ['scheduled + status published + sendNewsletter', 'scheduled', { status: 'published', sendNewsletter: true }, { events: [true] }],
  ['scheduled + status archived cancels', 'scheduled', { status: 'archived' }, { status: 'archived', scheduledAt: null, events: [] }],
  ['scheduled + status draft + null cancels', 'scheduled', { status: 'draft', scheduledAt: null }, { status: 'draft', scheduledAt: null }],
  ['scheduled + new scheduledAt', 'scheduled', { scheduledAt: rel(2 * DAY) }, { error: /already scheduled: cancel the schedule with scheduledAt null first/ }],
  ['scheduled + scheduledAt + status published', 'scheduled', { scheduledAt: rel(2 * DAY), status: 'published' }, { error: /already scheduled/ }],
  ['scheduled + scheduledAt + status draft', 'scheduled', { scheduledAt: rel(2 * DAY), status: 'draft' }, { error: /combined with status draft/ }],
  ['scheduled + publishedAt', 'scheduled', { publishedAt: T0 }, { error: /publishedAt cannot be set on a scheduled post/ }],

  // ---- archived ---------------------------------------------------------------
  ['archived + status draft restores', 'archived', { status: 'draft' }, { status: 'draft', publishedAt: null }],
  ['archived + status published publishes now', 'archived', { status: 'published' }, { status: 'published', publishedAt: 'now', events: [false] }],
  ['archived + edit stays archived', 'archived', { title: 'Edited' }, { status: 'archived' }],
  ['archived + scheduledAt', 'archived', { scheduledAt: rel(DAY) }, { error: /only a draft/ }],
  ['archived + status archived', 'archived', { status: 'archived' }, { status: 'archived' }],
  ['archived (was published) + status published keeps publishedAt', 'archived-was-published', { status: 'published' }, { status: 'published', publishedAt: 'start', events: [false] }],
];

describe('post life cycle (store)', () => {
  let w: PostsWorld;
  beforeEach(() => {
    w = postsWorld();
  });

  it.each(CASES)('%s', (_name, start, request, expected) => {
    const id = setUp(w, start);
    w.clock.advance(HOUR);
    w.published.length = 0;
    const before = id ? structuredClone(w.state.posts.get(id)!) : null;
    const body = { ...request };
    if (body.title === 'SAME' && before) body.title = before.title;
    const pendingBefore = w.clock.pending();

    let postId = id;
    let caught: unknown;
    try {
      postId = id ? w.update(id, body).id : w.create(body).id;
    } catch (err) {
      caught = err;
    }

    if (expected.error) {
      expect(caught).toBeInstanceOf(ApiError);
      expect((caught as ApiError).status).toBe(400);
      expect((caught as ApiError).message).toMatch(expected.error);
      // A refused request changes nothing.
      if (id) expect(w.state.posts.get(id)).toEqual(before);
      expect(w.clock.pending()).toEqual(pendingBefore);
      expect(w.published).toEqual([]);
      return;
    }
    expect(caught).toBeUndefined();
    const post = w.state.posts.get(postId!)!;
    if (expected.status) expect(post.status).toBe(expected.status);
    if (expected.publishedAt !== undefined) {
      const want =
        expected.publishedAt === 'now' ? START : expected.publishedAt === 'start' ? before!.publishedAt : expected.publishedAt;
      expect(post.publishedAt).toBe(want);
    }
    if (expected.scheduledAt !== undefined) {
      const want =
        expected.scheduledAt === 'kept' ? SCHEDULED_AT : expected.scheduledAt === null ? null : rel(expected.scheduledAt);
      expect(post.scheduledAt).toBe(want);
      const queued = w.clock.pending().find((t) => t.key === `post-publish:${post.id}`);
      expect(queued?.at ?? null).toBe(want);
    }
    if (expected.events) {
      expect(w.published.map((e) => e.sendNewsletter)).toEqual(expected.events);
      for (const e of w.published) expect(e).toMatchObject({ postId: post.id, publicationId: w.demo.id, at: START });
    }
    // A scheduled post is in the queue exactly when its status says so.
    expect(w.clock.pending().some((t) => t.key === `post-publish:${post.id}`)).toBe(post.status === 'scheduled');
  });

  it('bumps updatedAt and announces post.changed only when something changed', () => {
    const id = w.create({}).id;
    w.clock.advance(HOUR);
    w.changed.length = 0;
    w.update(id, { status: 'published', title: w.state.posts.get(id)!.title });
    expect(w.state.posts.get(id)!.updatedAt).toBe(T0);
    expect(w.changed).toEqual([]);
    w.update(id, { status: 'published', subtitle: 'New subtitle' });
    expect(w.state.posts.get(id)!.updatedAt).toBe(T0 + HOUR);
    expect(w.changed).toHaveLength(1);
  });
});
