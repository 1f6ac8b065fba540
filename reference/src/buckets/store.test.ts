import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { bucketSources } from './routes.js';
import { bucketActivity, bucketView } from './view.js';
import { MINUTE, T0, article, contentWorld, linkedin, newsletter, tweet } from '../content/content-world.support.test.js';

function statusOf(fn: () => unknown): number | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof ApiError) return err.status;
    throw err;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('the group of a post', () => {
  it('is null until made, then the same id on every call, writing nothing', () => {
    const w = contentWorld();
    const postId = w.post();
    expect(w.state.buckets.bucketOfPost(w.demoId, postId)).toBeNull();
    const first = w.state.buckets.ensureForPost(w.demoId, postId);
    w.tick();
    const again = w.state.buckets.ensureForPost(w.demoId, postId);
    expect(again.id).toBe(first.id);
    expect(again.updatedAt).toBe(T0);
    expect(w.state.buckets.listOf(w.demoId)).toHaveLength(1);
    expect(w.state.buckets.bucketOfPost(w.demoId, postId)?.id).toBe(first.id);
  });

  it("answers the same for a post's id and its draft row's id", () => {
    const w = contentWorld();
    const postId = w.post(w.demoId, { status: 'published' });
    const draftRowId = w.state.buckets.draftRows.draftRowIdOf(postId);
    expect(draftRowId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(draftRowId).not.toBe(postId);
    expect(w.state.buckets.bucketOfPost(w.demoId, draftRowId)).toBeNull();
    const made = w.state.buckets.ensureForPost(w.demoId, draftRowId);
    expect(made.postId).toBe(postId);
    expect(w.state.buckets.ensureForPost(w.demoId, postId).id).toBe(made.id);
    expect(w.state.buckets.bucketOfPost(w.demoId, draftRowId)?.id).toBe(made.id);
  });

  it("is not found for another publication's post or an unknown id", () => {
    const w = contentWorld();
    const theirs = w.post(w.otherId);
    expect(statusOf(() => w.state.buckets.ensureForPost(w.demoId, theirs))).toBe(404);
    expect(statusOf(() => w.state.buckets.bucketOfPost(w.demoId, theirs))).toBe(404);
    expect(statusOf(() => w.state.buckets.bucketOfPost(w.demoId, 'nope'))).toBe(404);
  });
});

describe('membership', () => {
  it('puts the seeding post first, then pieces in order of joining, each with its channel and status', () => {
    const w = contentWorld();
    const postId = w.post(w.demoId, { title: 'The post' });
    const bucket = w.state.buckets.ensureForPost(w.demoId, postId);
    const pieces = [tweet(), linkedin(), newsletter(), article()].map((req) => {
      w.tick();
      return w.create({ ...req, bucketId: bucket.id });
    });
    // Joining through PATCH comes after, whatever the piece's age.
    const late = w.create(tweet());
    w.tick();
    w.patch(late.id, { bucketId: bucket.id });
    const view = bucketView(bucket, bucketSources(w.state));
    expect(view.title).toBe('The post');
    expect(view.members.map((m) => [m.kind, m.channel, m.position])).toEqual([
      ['post', 'paragraph', 0],
      ['tweet', 'x', 1],
      ['linkedin', 'linkedin', 2],
      ['newsletter', 'email', 3],
      ['x_article', 'x', 4],
      ['tweet', 'x', 5],
    ]);
    expect(view.members.map((m) => m.id)).toEqual([postId, ...pieces.map((p) => p.id), late.id]);
    expect(view.members[0]).toMatchObject({ status: 'draft', scheduled: false, url: null, archivedAt: null });
    expect(late.bucketId).toBe(bucket.id);
  });

  it('refuses to move a piece grouped elsewhere (409) and leaves it where it was', () => {
    const w = contentWorld();
    const a = w.state.buckets.ensureForPost(w.demoId, w.post());
    const b = w.state.buckets.ensureForPost(w.demoId, w.post());
    const piece = w.create({ ...tweet(), bucketId: a.id });
    expect(statusOf(() => w.patch(piece.id, { bucketId: b.id }))).toBe(409);
    expect(piece.bucketId).toBe(a.id);
    expect(b.members).toEqual([]);
    // A rename in the same refused request does not happen either.
    expect(statusOf(() => w.patch(piece.id, { title: 'Renamed', bucketId: b.id }))).toBe(409);
    expect(piece.title).toBe('A tweet');
  });

  it('takes the same group again as a no-op', () => {
    const w = contentWorld();
    const a = w.state.buckets.ensureForPost(w.demoId, w.post());
    const piece = w.create({ ...tweet(), bucketId: a.id });
    w.tick();
    w.patch(piece.id, { bucketId: a.id });
    expect(piece.updatedAt).toBe(T0);
    expect(a.members).toHaveLength(1);
  });

  it("answers 404 for an unknown or another publication's group", () => {
    const w = contentWorld();
    const theirs = w.state.buckets.ensureForPost(w.otherId, w.post(w.otherId));
    expect(statusOf(() => w.create({ ...tweet(), bucketId: theirs.id }))).toBe(404);
    expect(statusOf(() => w.create({ ...tweet(), bucketId: 'no-such-group' }))).toBe(404);
    const piece = w.create(tweet());
    expect(statusOf(() => w.patch(piece.id, { bucketId: theirs.id }))).toBe(404);
    expect(w.state.content.list(w.demoId, { status: 'all' })).toHaveLength(1);
  });

  it("the group's updatedAt is the latest change of the group or any member", () => {
    const w = contentWorld();
    const postId = w.post();
    const bucket = w.state.buckets.ensureForPost(w.demoId, postId);
    const piece = w.create({ ...tweet(), bucketId: bucket.id });
    w.tick(5 * MINUTE);
    w.patch(piece.id, { title: 'Later' });
    const sources = bucketSources(w.state);
    expect(bucketActivity(bucket, sources)).toBe(T0 + 5 * MINUTE);
    expect(bucketView(bucket, sources)).toMatchObject({ createdAt: iso(T0), updatedAt: iso(T0 + 5 * MINUTE) });
  });

  it('members keep their own status (archived pieces stay, with archivedAt)', () => {
    const w = contentWorld();
    const bucket = w.state.buckets.ensureForPost(w.demoId, w.post());
    const piece = w.create({ ...linkedin(), bucketId: bucket.id });
    w.state.content.queueSend(piece.id, null);
    expect(bucketView(bucket, bucketSources(w.state)).members[1]).toMatchObject({ status: 'draft', scheduled: true });
    w.state.content.deliver(piece.id);
    w.state.content.archive(w.demoId, piece.id);
    expect(bucketView(bucket, bucketSources(w.state)).members[1]).toMatchObject({
      status: 'archived',
      scheduled: false,
      url: piece.url,
      publishedAt: iso(T0),
      archivedAt: iso(T0),
    });
  });
});
