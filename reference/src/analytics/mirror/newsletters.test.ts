/**
 * newsletter_metrics on a state without fixtures and a history made by hand,
 * so each test sets up exactly the sends it needs: which newsletter an
 * unsubscribe marks when several were received at one instant, or one at
 * the unsubscribe's own instant and another after it, which rows a
 * changed flag sends to the database, a history row sent rather than
 * delivered, and a fresh snapshot of the outbox after a post's deletion.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyticsHistory } from '../../../../fixtures/analytics-history/types.js';
import { postsWorld, type PostsWorld } from '../../posts/posts-world.support.test.js';
import { unsubscribeAddress } from '../../unsubscribe/apply.js';
import { unopenedSend, type MirrorChange, type NewsletterMetricRow } from '../engine/mirror-types.js';
import { keyOf } from '../engine/rows/key.js';
import { newslettersMirror } from './newsletters.js';

const NO_HISTORY: AnalyticsHistory = { newsletter_metrics: [], newsletter_link_clicks: [], detailed_post_metrics: [], post_views_daily: [] };

/** A state with the fixture keys' publications only, and one reader of demo. */
function world() {
  const w = postsWorld('empty');
  const reader = w.state.subscribers.add(w.demo.id, { email: 'reader@example.com', wallet: null }, { source: 'api', strict: false }).record!;
  return { w, reader };
}

/** The mirror's first snapshot of newsletter_metrics with every change since applied, and the changes themselves. */
function follow(w: PostsWorld, history: AnalyticsHistory = NO_HISTORY) {
  const mirror = newslettersMirror(w.state, history);
  const rows = new Map((mirror.snapshot().newsletter_metrics ?? []).map((r) => [keyOf('newsletter_metrics', r), r]));
  const changes: MirrorChange[] = [];
  mirror.listen((c) => {
    changes.push(...c);
    for (const change of c) {
      if (change.table !== 'newsletter_metrics') continue;
      if (change.op === 'upsert') rows.set(keyOf(change.table, change.row), change.row as NewsletterMetricRow);
      else rows.delete(keyOf(change.table, change.key));
    }
  });
  return { rows: () => [...rows.values()], changes };
}

const fresh = (w: PostsWorld, history: AnalyticsHistory = NO_HISTORY) => newslettersMirror(w.state, history).snapshot().newsletter_metrics ?? [];

/** Publishes new posts with their newsletter at the clock's instant; returns their ids once every email is queued. */
async function publish(w: PostsWorld, titles: string[]): Promise<string[]> {
  const ids = titles.map((title) => w.create({ title, status: 'draft' }).id);
  for (const id of ids) w.update(id, { status: 'published', sendNewsletter: true });
  await w.state.work.idle();
  return ids;
}

const flagged = (rows: NewsletterMetricRow[], subscriberId: string) =>
  rows.filter((m) => m.subscriber_id === subscriberId && m.is_unsubscribed).map((m) => m.post_id);

describe('the newsletters mirror', { timeout: 120_000 }, () => {
  it('of newsletters received at one instant, every unsubscribe marks the one of the greatest post id, live and in a fresh snapshot', async () => {
    const { w, reader } = world();
    const followed = follow(w);
    // Published greatest post id first, so that the rows come in the other order than the choice.
    const posts = ['First', 'Second', 'Third'].map((title) => w.create({ title, status: 'draft' }).id).sort().reverse();
    for (const id of posts) w.update(id, { status: 'published', sendNewsletter: true });
    await w.state.work.idle();
    w.clock.advance(2_000);
    const sentAt = followed.rows().filter((m) => m.subscriber_id === reader.id).map((m) => m.sent_at);
    expect(new Set(sentAt).size).toBe(1);
    const marked: string[][] = [];
    for (let round = 0; round < 3; round++) {
      unsubscribeAddress(w.state, w.demo.id, reader.email!, w.clock.now());
      marked.push(flagged(followed.rows(), reader.id));
      expect(flagged(fresh(w), reader.id), `round ${round}`).toEqual(marked[round]);
      w.state.subscribers.suppressions.lift(w.demo.id, reader.email!);
      expect(flagged(followed.rows(), reader.id)).toEqual([]);
    }
    // The one of the greatest post id: a choice that does not hang on the order the rows came in.
    const chosen = [posts[0]];
    expect(marked).toEqual([chosen, chosen, chosen]);
  });

  it('an unsubscribe marks a newsletter received at its very instant, never one delivered after it', async () => {
    const { w, reader } = world();
    const followed = follow(w);
    const [first] = await publish(w, ['At the instant']);
    // To the delivery's own instant: the unsubscribe below comes right after it, no time between.
    w.clock.setTo(w.clock.pending().find((t) => t.key.startsWith('outbox:deliver'))!.at);
    expect(followed.rows().find((m) => m.post_id === first)).toMatchObject({ send_status: 'delivered', sent_at: new Date(w.clock.now()).toISOString() });
    // Queued before the unsubscribe, delivered a moment after it.
    const [later] = await publish(w, ['After']);
    unsubscribeAddress(w.state, w.demo.id, reader.email!, w.clock.now());
    w.clock.advance(2_000);
    expect(followed.rows().find((m) => m.post_id === later)).toMatchObject({ send_status: 'delivered' });
    expect(flagged(followed.rows(), reader.id)).toEqual([first]);
    expect(flagged(fresh(w), reader.id)).toEqual([first]);
  });

  it('an unsubscribe and its lift send the database only the row whose flag changed', async () => {
    const { w, reader } = world();
    const followed = follow(w);
    await publish(w, ['Older']);
    w.clock.advance(2_000);
    const [newer] = await publish(w, ['Newer']);
    w.clock.advance(2_000);
    expect(followed.rows().filter((m) => m.subscriber_id === reader.id && m.send_status === 'delivered')).toHaveLength(2);
    const metricChanges = () => followed.changes.splice(0).filter((c) => c.table === 'newsletter_metrics');
    metricChanges();
    w.clock.advance(1_000);
    unsubscribeAddress(w.state, w.demo.id, reader.email!, w.clock.now());
    expect(metricChanges()).toEqual([{ op: 'upsert', table: 'newsletter_metrics', row: expect.objectContaining({ post_id: newer, is_unsubscribed: true }) }]);
    w.state.subscribers.suppressions.lift(w.demo.id, reader.email!);
    expect(metricChanges()).toEqual([{ op: 'upsert', table: 'newsletter_metrics', row: expect.objectContaining({ post_id: newer, is_unsubscribed: false }) }]);
  });

  it('a history send marked sent, not delivered, is a newsletter received', () => {
    const { w, reader } = world();
    const post = w.create({ title: 'Old', status: 'published' });
    const sentAt = new Date(w.clock.now() - 86_400_000).toISOString();
    const send = unopenedSend({ blog_id: w.demo.id, post_id: post.id, subscriber_id: reader.id, send_status: 'sent', sent_at: sentAt });
    const history: AnalyticsHistory = { ...NO_HISTORY, newsletter_metrics: [send] };
    const followed = follow(w, history);
    unsubscribeAddress(w.state, w.demo.id, reader.email!, w.clock.now());
    expect(followed.rows()).toEqual([{ ...send, is_unsubscribed: true }]);
    expect(fresh(w, history)).toEqual([{ ...send, is_unsubscribed: true }]);
  });

  it("a fresh snapshot holds the outbox's newsletters, queued then delivered, and none of a post deleted since", async () => {
    const { w, reader } = world();
    const [post] = await publish(w, ['Kept']);
    const queued = unopenedSend({ blog_id: w.demo.id, post_id: post, subscriber_id: reader.id, send_status: 'queued', sent_at: null });
    expect(fresh(w)).toEqual([queued]);
    w.clock.advance(2_000);
    const sentAt = new Date(w.state.emails.outbox.list({ postId: post })[0].sentAt!).toISOString();
    expect(fresh(w)).toEqual([{ ...queued, send_status: 'delivered', sent_at: sentAt }]);
    w.state.posts.delete(w.demo.id, post);
    expect(w.state.emails.outbox.list({ postId: post })).toHaveLength(1);
    expect(fresh(w)).toEqual([]);
  });
});
