/**
 * The mirror without a database: its first snapshot, plus every change its
 * listeners emitted since, must equal a fresh mirror's snapshot of the state
 * as it is at the end, whatever happened in between (posts created,
 * published with a newsletter, deleted; subscribers added, removed,
 * unsubscribed, re-subscribed; a publication renamed). That is what lets the
 * server attach a mirror late (lazy mode) or re-load it after a failure and
 * get the same data as one that followed every event.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postsWorld, type PostsWorld } from '../../posts/posts-world.support.test.js';
import { unsubscribeAddress } from '../../unsubscribe/apply.js';
import { keyOf } from '../engine/rows/key.js';
import type { MirrorChange, MirrorSnapshot, MirrorTableName } from '../engine/mirror-types.js';
import { TABLE_NAMES } from '../engine/schema/tables.js';
import { createStateMirror } from './index.js';

type Step = (w: PostsWorld, pick: number) => void;

const nth = <T>(items: readonly T[], pick: number): T | undefined => (items.length ? items[pick % items.length] : undefined);

const STEPS: Record<string, Step> = {
  createDraft: (w, pick) => void w.create({ title: `Draft ${pick}`, status: 'draft' }),
  publishWithNewsletter: (w, pick) => {
    const post = nth(w.state.posts.all().filter((p) => p.publicationId === w.demo.id && p.status === 'draft'), pick);
    if (post) w.update(post.id, { status: 'published', sendNewsletter: true });
  },
  letTimePass: (w) => w.clock.advance(2_000),
  deletePost: (w, pick) => {
    const post = nth(w.state.posts.all().filter((p) => p.publicationId === w.demo.id), pick);
    if (post) w.state.posts.delete(w.demo.id, post.id);
  },
  addSubscriber: (w, pick) => void w.state.subscribers.add(w.demo.id, { email: `new${pick}@example.com`, wallet: null }, { source: 'api', strict: false }),
  removeSubscriber: (w, pick) => {
    const s = nth(w.state.subscribers.all(w.demo.id), pick);
    if (s) w.state.subscribers.remove(w.demo.id, { email: s.email, wallet: s.email === null ? s.wallet : null });
  },
  unsubscribe: (w, pick) => {
    const s = nth(w.state.subscribers.all(w.demo.id).filter((r) => r.email !== null), pick);
    if (s) unsubscribeAddress(w.state, w.demo.id, s.email!, w.clock.now());
  },
  liftSuppression: (w, pick) => {
    const s = nth(w.state.subscribers.suppressions.list(w.demo.id), pick);
    if (s) w.state.subscribers.suppressions.lift(w.demo.id, s.email);
  },
  renamePublication: (w, pick) => void w.state.publications.update(w.demo.id, { name: `Renamed ${pick}` }),
};

/** Rows per table, each table sorted by primary key, for comparison. */
function canonical(snapshot: MirrorSnapshot): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLE_NAMES) {
    const rows = [...((snapshot[table] ?? []) as object[])];
    rows.sort((a, b) => (keyOf(table, a) < keyOf(table, b) ? -1 : 1));
    out[table] = rows;
  }
  return out;
}

/** The first snapshot with every change emitted since applied to it, as the database would. */
function follow(w: PostsWorld): { replay(): MirrorSnapshot } {
  const mirror = createStateMirror(w.state);
  const tables = new Map<MirrorTableName, Map<string, object>>();
  const first = mirror.snapshot();
  for (const t of TABLE_NAMES) tables.set(t, new Map((first[t] ?? []).map((row: object) => [keyOf(t, row), row])));
  const changes: MirrorChange[] = [];
  mirror.listen((c) => changes.push(...c));
  return {
    replay() {
      for (const change of changes) {
        const rows = tables.get(change.table)!;
        if (change.op === 'upsert') rows.set(keyOf(change.table, change.row), change.row);
        else if (change.op === 'delete') rows.delete(keyOf(change.table, change.key));
        else throw new Error(`a change the database does not know: ${JSON.stringify(change)}`);
      }
      changes.length = 0;
      return Object.fromEntries([...tables].map(([t, rows]) => [t, [...rows.values()]])) as MirrorSnapshot;
    },
  };
}

// Each test builds the fixtures' state and snapshots it, seconds apiece; under a mutation run's coverage on a loaded machine, minutes (a dry run that times one out stops the run).
describe('the analytics mirror', { timeout: 300_000 }, () => {
  it('holds moderate, consistent history for every publication', () => {
    const w = postsWorld();
    const snap = createStateMirror(w.state).snapshot();
    const total = TABLE_NAMES.reduce((n, t) => n + (snap[t]?.length ?? 0), 0);
    expect(total).toBeGreaterThan(5_000);
    expect(total).toBeLessThan(40_000);
    for (const publication of w.state.publications.all()) {
      const mine = <T extends { blog_id: string }>(rows: T[] | undefined) => (rows ?? []).filter((r) => r.blog_id === publication.id);
      expect(mine(snap.post_views_daily).length, publication.slug).toBeGreaterThan(0);
      expect(mine(snap.newsletter_metrics).length, publication.slug).toBeGreaterThan(0);
      expect(mine(snap.newsletter_metrics).some((m) => m.open_count > 0), publication.slug).toBe(true);
    }
    // Two views of the same visits: per day and per reader.
    const daily = (snap.post_views_daily ?? []).reduce((n, r) => n + r.views, 0);
    const readers = (snap.detailed_post_metrics ?? []).reduce((n, r) => n + r.view_count, 0);
    expect(daily).toBe(readers);
    // Every post has a draft row; some views are recorded against draft rows.
    const drafts = new Set((snap.posts ?? []).filter((p) => p.draft_of !== null).map((p) => p.id));
    expect(drafts.size).toBe(w.state.posts.all().length);
    expect((snap.post_views_daily ?? []).some((r) => drafts.has(r.post_id))).toBe(true);
    // A click total is the sum of the link clicks.
    const clicks = new Map<string, number>();
    for (const c of snap.newsletter_link_clicks ?? []) clicks.set(`${c.post_id}|${c.subscriber_id}`, (clicks.get(`${c.post_id}|${c.subscriber_id}`) ?? 0) + c.click_count);
    for (const m of snap.newsletter_metrics ?? []) expect(m.click_count_total).toBe(clicks.get(`${m.post_id}|${m.subscriber_id}`) ?? 0);
  });

  it('is the same for the same seed and clock', () => {
    const a = createStateMirror(postsWorld().state).snapshot();
    const b = createStateMirror(postsWorld().state).snapshot();
    expect(canonical(a)).toEqual(canonical(b));
  });

  it('a first snapshot plus the changes since equals a fresh snapshot, whatever happened', () => {
    const names = Object.keys(STEPS);
    const step = fc.tuple(fc.constantFrom(...names), fc.nat(1_000));
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        const w = postsWorld();
        const followed = follow(w);
        for (const [name, pick] of steps) STEPS[name](w, pick);
        expect(canonical(followed.replay())).toEqual(canonical(createStateMirror(w.state).snapshot()));
      }),
      { numRuns: 8, seed: 42 },
    );
  }, 600_000);

  it('a newsletter shows as queued, then delivered with sent_at', async () => {
    const w = postsWorld();
    const followed = follow(w);
    const post = w.create({ title: 'Sent', status: 'draft' });
    w.update(post.id, { status: 'published', sendNewsletter: true });
    // The newsletter is queued in slices of the event loop: on a loaded machine the first slice holds only some.
    await w.state.work.idle();
    const queued = (followed.replay().newsletter_metrics ?? []).filter((m) => m.post_id === post.id);
    expect(queued.length).toBe(w.state.subscribers.newsletterRecipients(w.demo.id).length);
    expect(queued.every((m) => m.send_status === 'queued' && m.sent_at === null)).toBe(true);
    w.clock.advance(2_000);
    const sentAt = new Date(w.state.emails.outbox.list({ postId: post.id })[0].sentAt!).toISOString();
    const delivered = (followed.replay().newsletter_metrics ?? []).filter((m) => m.post_id === post.id);
    expect(delivered.every((m) => m.send_status === 'delivered' && m.sent_at === sentAt)).toBe(true);
  });

  it('a newsletter cleared from the outbox before its delivery is never counted delivered', async () => {
    const w = postsWorld();
    const followed = follow(w);
    const post = w.create({ title: 'Cleared', status: 'draft' });
    w.update(post.id, { status: 'published', sendNewsletter: true });
    await w.state.work.idle();
    expect(w.state.emails.outbox.clear()).toBeGreaterThan(0);
    w.clock.advance(2_000);
    const rows = (followed.replay().newsletter_metrics ?? []).filter((m) => m.post_id === post.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((m) => m.send_status === 'queued' && m.sent_at === null)).toBe(true);
  });

  it('an unsubscribe marks the last newsletter received and the subscriber', () => {
    const w = postsWorld();
    const followed = follow(w);
    const snap = createStateMirror(w.state).snapshot();
    const received = (snap.newsletter_metrics ?? []).find((m) => m.send_status === 'delivered' && m.blog_id === w.demo.id)!;
    const subscriber = w.state.subscribers.get(w.demo.id, received.subscriber_id)!;
    unsubscribeAddress(w.state, w.demo.id, subscriber.email!, w.clock.now());
    const after = followed.replay();
    const own = (after.newsletter_metrics ?? []).filter((m) => m.subscriber_id === subscriber.id);
    const flagged = own.filter((m) => m.is_unsubscribed);
    expect(flagged).toHaveLength(1);
    expect(flagged[0].sent_at).toBe(own.map((m) => m.sent_at!).sort().at(-1));
    const row = (after.subscribers ?? []).find((s) => s.id === subscriber.id)!;
    expect(row.status).toBe('unsubscribed');
    expect(row.unsubscribed_at).toBe(new Date(w.clock.now()).toISOString());
  });

  it("a post's row and its draft row: the post's text, the draft row a draft of no slug, schedule or publication", () => {
    const w = postsWorld();
    const followed = follow(w);
    const post = w.create({ title: 'Rows', subtitle: 'Sub', categories: ['news', 'tips'], status: 'published' });
    const bare = w.create({ title: 'Bare', status: 'draft' });
    const rows = followed.replay().posts ?? [];
    const own = rows.find((r) => r.id === post.id)!;
    const draft = rows.find((r) => r.draft_of === post.id)!;
    expect(own).toMatchObject({ draft_of: null, title: 'Rows', subtitle: 'Sub', slug: post.slug, status: 'published', categories: ['news', 'tips'] });
    expect(own.published_at).not.toBeNull();
    expect(draft).toMatchObject({ title: 'Rows', subtitle: 'Sub', slug: null, status: 'draft', categories: ['news', 'tips'], published_at: null, scheduled_at: null });
    expect(rows.find((r) => r.id === bare.id)!.subtitle).toBeNull();
  });

  it('a deleted post takes its rows and its draft row along', () => {
    const w = postsWorld();
    const followed = follow(w);
    const viewed = (createStateMirror(w.state).snapshot().post_views_daily ?? [])[0];
    const postId = w.state.posts.get(viewed.post_id)?.id ?? w.state.buckets.draftRows.resolve(viewed.post_id)!.id;
    w.state.posts.delete(viewed.blog_id, postId);
    const after = followed.replay();
    const ids = new Set([postId, w.state.buckets.draftRows.draftRowIdOf(postId)]);
    const tables: MirrorTableName[] = ['newsletter_metrics', 'newsletter_link_clicks', 'detailed_post_metrics', 'post_views_daily'];
    for (const t of tables) expect((after[t] as { post_id: string }[]).some((r) => ids.has(r.post_id)), t).toBe(false);
    expect((after.posts ?? []).some((p) => ids.has(p.id))).toBe(false);
  });

  it("a subscriber's row, field by field: an email subscriber, a wallet-only one, then one unsubscribed and its suppression lifted", () => {
    const w = postsWorld();
    const followed = follow(w);
    const byEmail = w.state.subscribers.add(w.demo.id, { email: 'rows@example.com', wallet: null }, { source: 'api', strict: false }).record!;
    const wallet = '0x' + '3'.repeat(40);
    const byWallet = w.state.subscribers.add(w.demo.id, { email: null, wallet }, { source: 'import', strict: false }).record!;
    const rowOf = (id: string) => (followed.replay().subscribers ?? []).find((r) => r.id === id);
    const created = new Date(w.clock.now()).toISOString();
    expect(rowOf(byEmail.id)).toEqual({
      id: byEmail.id, blog_id: w.demo.id, email: 'rows@example.com', wallet: null, status: 'active', source: 'api', created_at: created, unsubscribed_at: null,
    });
    expect(rowOf(byWallet.id)).toEqual({
      id: byWallet.id, blog_id: w.demo.id, email: null, wallet, status: 'active', source: 'import', created_at: created, unsubscribed_at: null,
    });
    w.clock.advance(5_000);
    unsubscribeAddress(w.state, w.demo.id, 'rows@example.com', w.clock.now());
    const unsubscribedAt = new Date(w.clock.now()).toISOString();
    expect(rowOf(byEmail.id)).toMatchObject({ status: 'unsubscribed', unsubscribed_at: unsubscribedAt, created_at: created });
    // A fresh mirror's snapshot agrees, field by field.
    const fresh = (createStateMirror(w.state).snapshot().subscribers ?? []).find((r) => r.id === byEmail.id);
    expect(fresh).toEqual(rowOf(byEmail.id));
    w.state.subscribers.suppressions.lift(w.demo.id, 'rows@example.com');
    expect(rowOf(byEmail.id)).toMatchObject({ status: 'active', unsubscribed_at: null });
    w.state.subscribers.remove(w.demo.id, { email: null, wallet });
    expect(rowOf(byWallet.id)).toBeUndefined();
  });

  it("a wallet-only subscriber's row takes an email attached later, suppressed before it belonged to anyone", () => {
    const w = postsWorld();
    const followed = follow(w);
    const wallet = '0x' + '4'.repeat(40);
    const record = w.state.subscribers.add(w.demo.id, { email: null, wallet }, { source: 'api', strict: false }).record!;
    const created = new Date(w.clock.now()).toISOString();
    w.clock.advance(3_000);
    // Suppressed with no subscriber behind it: no row changes.
    const before = followed.replay().subscribers ?? [];
    w.state.subscribers.suppressions.suppress(w.demo.id, 'late@example.com', w.clock.now());
    const suppressedAt = new Date(w.clock.now()).toISOString();
    expect(followed.replay().subscribers ?? []).toEqual(before);
    w.clock.advance(3_000);
    expect(w.state.subscribers.add(w.demo.id, { email: 'late@example.com', wallet }, { source: 'api', strict: false }).outcome).toBe('attached');
    const row = (followed.replay().subscribers ?? []).find((r) => r.id === record.id);
    expect(row).toEqual({
      id: record.id, blog_id: w.demo.id, email: 'late@example.com', wallet, status: 'unsubscribed', source: 'api', created_at: created, unsubscribed_at: suppressedAt,
    });
    expect((createStateMirror(w.state).snapshot().subscribers ?? []).find((r) => r.id === record.id)).toEqual(row);
  });

  it("a newsletter's row, field by field, its is_unsubscribed set by the reader's unsubscribe and cleared by a lift", async () => {
    const w = postsWorld();
    const followed = follow(w);
    const post = w.create({ title: 'Fields', status: 'draft' });
    w.update(post.id, { status: 'published', sendNewsletter: true });
    await w.state.work.idle();
    const reader = w.state.subscribers.newsletterRecipients(w.demo.id)[0];
    w.clock.advance(2_000);
    const sentAt = new Date(w.state.emails.outbox.list({ postId: post.id })[0].sentAt!).toISOString();
    const rowOf = () => (followed.replay().newsletter_metrics ?? []).find((m) => m.post_id === post.id && m.subscriber_id === reader.id);
    const delivered = {
      blog_id: w.demo.id, post_id: post.id, subscriber_id: reader.id, send_status: 'delivered', sent_at: sentAt,
      open_count: 0, first_opened_at: null, last_opened_at: null, click_count_total: 0, last_clicked_at: null, is_unsubscribed: false,
    };
    expect(rowOf()).toEqual(delivered);
    w.clock.advance(1_000);
    // This newsletter is the last the reader received: the one they unsubscribed from.
    unsubscribeAddress(w.state, w.demo.id, reader.email!, w.clock.now());
    expect(rowOf()).toEqual({ ...delivered, is_unsubscribed: true });
    const fresh = (createStateMirror(w.state).snapshot().newsletter_metrics ?? []).find((m) => m.post_id === post.id && m.subscriber_id === reader.id);
    expect(fresh).toEqual(rowOf());
    w.state.subscribers.suppressions.lift(w.demo.id, reader.email!);
    expect(rowOf()).toEqual(delivered);
  });

  it('an unsubscribe at the very instant of a delivery marks that newsletter; a bounce is never the one', async () => {
    const w = postsWorld();
    const followed = follow(w);
    const post = w.create({ title: 'Instant', status: 'draft' });
    w.update(post.id, { status: 'published', sendNewsletter: true });
    await w.state.work.idle();
    const reader = w.state.subscribers.newsletterRecipients(w.demo.id)[0];
    w.clock.advance(1_000);
    // No time passes between the delivery and the unsubscribe: the newsletter was received, not after.
    unsubscribeAddress(w.state, w.demo.id, reader.email!, w.clock.now());
    const flagged = (followed.replay().newsletter_metrics ?? []).filter((m) => m.subscriber_id === reader.id && m.is_unsubscribed);
    expect(flagged.map((m) => [m.post_id, m.sent_at])).toEqual([[post.id, new Date(w.clock.now()).toISOString()]]);

    const isReachable = (publicationId: string, id: string) => {
      const record = w.state.subscribers.get(publicationId, id);
      return record !== undefined && record.email !== null && w.state.subscribers.isActive(record);
    };
    // A fixture subscriber whose last email bounced unsubscribed from the one they received before it.
    const history = createStateMirror(w.state).snapshot().newsletter_metrics ?? [];
    const latest = new Map<string, (typeof history)[number]>();
    for (const m of history) if (!latest.has(m.subscriber_id) || m.sent_at! > latest.get(m.subscriber_id)!.sent_at!) latest.set(m.subscriber_id, m);
    const bounced = [...latest.values()].find(
      (m) => m.send_status === 'bounced' && isReachable(m.blog_id, m.subscriber_id) && history.some((o) => o.subscriber_id === m.subscriber_id && o.send_status === 'delivered'),
    )!;
    expect(bounced).toBeDefined();
    const received = history.filter((m) => m.subscriber_id === bounced.subscriber_id && m.send_status === 'delivered').map((m) => m.sent_at!).sort().at(-1);
    unsubscribeAddress(w.state, bounced.blog_id, w.state.subscribers.get(bounced.blog_id, bounced.subscriber_id)!.email!, w.clock.now());
    const own = (followed.replay().newsletter_metrics ?? []).filter((m) => m.subscriber_id === bounced.subscriber_id && m.is_unsubscribed);
    expect(own.map((m) => [m.send_status, m.sent_at])).toEqual([['delivered', received]]);
  });

  it('a subscriber removed takes their sends and clicks along, and a newsletter delivered to them after their removal leaves no row', async () => {
    const w = postsWorld();
    const followed = follow(w);
    const first = createStateMirror(w.state).snapshot();
    const clicker = (first.newsletter_link_clicks ?? []).find((c) => c.blog_id === w.demo.id && w.state.subscribers.get(c.blog_id, c.subscriber_id)?.email)!;
    const gone = w.state.subscribers.get(clicker.blog_id, clicker.subscriber_id)!;
    w.state.subscribers.remove(w.demo.id, { email: gone.email, wallet: null });
    const post = w.create({ title: 'After', status: 'draft' });
    w.update(post.id, { status: 'published', sendNewsletter: true });
    await w.state.work.idle();
    const late = w.state.subscribers.newsletterRecipients(w.demo.id)[0];
    w.state.subscribers.remove(w.demo.id, { email: late.email, wallet: null });
    w.clock.advance(2_000);
    expect(w.state.emails.outbox.list({ postId: post.id }).some((e) => e.subscriberId === late.id && e.status === 'delivered')).toBe(true);
    const after = followed.replay();
    const fresh = createStateMirror(w.state).snapshot();
    for (const snap of [after, fresh]) {
      for (const id of [gone.id, late.id]) {
        expect((snap.newsletter_metrics ?? []).some((m) => m.subscriber_id === id)).toBe(false);
        expect((snap.newsletter_link_clicks ?? []).some((m) => m.subscriber_id === id)).toBe(false);
      }
      expect((snap.newsletter_metrics ?? []).filter((m) => m.post_id === post.id).length).toBe(w.state.subscribers.newsletterRecipients(w.demo.id).length);
    }
  });
});
