/**
 * newsletter_metrics and newsletter_link_clicks: the fixture history (sends
 * with opens and clicks, fixtures/analytics-history.ts) plus every newsletter
 * email of the outbox, one row per subscriber per post. An email queued is
 * send_status queued; delivered is delivered with sent_at. The reference
 * models no opens or clicks after the fact, so live sends stay at zero.
 *
 * is_unsubscribed is derived, the same way for history and live rows: when a
 * subscriber's address is suppressed, the last email they received before
 * that (sent or delivered, sent_at not after the suppression) is the one they
 * unsubscribed from; of several received at that one instant, the one of the
 * greatest post id, so that the choice never hangs on the order the rows came
 * in (a fresh snapshot must agree with a mirror that followed every change).
 * Lifting the suppression clears it.
 *
 * A deleted post or a removed subscriber takes its rows along (the ids no
 * longer name anything; a hard delete of a subscriber leaves no trace).
 */
import type { AnalyticsHistory } from '../../../../fixtures/analytics-history/types.js';
import { unopenedSend, type MirrorChange, type NewsletterMetricRow } from '../engine/mirror-types.js';
import type { OutboxRecord } from '../../emails/outbox.js';
import type { State } from '../../state.js';
import { isoOrNull } from '../../iso-time.js';
import type { Emit, MirrorArea } from './area.js';
import { postRowIds } from './posts.js';
import { RowSet } from './row-set.js';
import { suppressionTimes } from './suppressions.js';

const RECEIVED = new Set<NewsletterMetricRow['send_status']>(['sent', 'delivered']);

function sendRow(e: { publicationId: string; postId: string; subscriberId: string }, delivered: number | null): NewsletterMetricRow {
  return unopenedSend({
    blog_id: e.publicationId,
    post_id: e.postId,
    subscriber_id: e.subscriberId,
    send_status: delivered === null ? 'queued' : 'delivered',
    sent_at: isoOrNull(delivered),
  });
}

function outboxRow(email: OutboxRecord): NewsletterMetricRow | null {
  if (email.kind !== 'newsletter' || email.postId === null || email.subscriberId === null) return null;
  const ids = { publicationId: email.publicationId, postId: email.postId, subscriberId: email.subscriberId };
  return sendRow(ids, email.status === 'delivered' ? (email.sentAt ?? email.deliveredAt) : null);
}

export function newslettersMirror(state: Pick<State, 'events' | 'publications' | 'posts' | 'buckets' | 'subscribers' | 'emails'>, history: AnalyticsHistory): MirrorArea {
  const metrics = new RowSet('newsletter_metrics', ['post_id', 'subscriber_id']);
  const clicks = new RowSet('newsletter_link_clicks', ['post_id', 'subscriber_id']);
  for (const row of history.newsletter_metrics) metrics.put({ ...row });
  for (const row of history.newsletter_link_clicks) clicks.put({ ...row });
  // A send whose post or subscriber has gone since (the outbox keeps it) has no rows.
  const exists = (publicationId: string, postId: string, subscriberId: string) =>
    state.posts.get(postId) !== undefined && state.subscribers.get(publicationId, subscriberId) !== undefined;
  // Oldest first, so a later email to the same subscriber about the same post wins.
  for (const email of [...state.emails.outbox.list({ kind: 'newsletter' })].reverse()) {
    const row = outboxRow(email);
    if (row && exists(row.blog_id, row.post_id, row.subscriber_id)) metrics.put(row);
  }

  /** Recomputes one subscriber's is_unsubscribed flags; returns the rows that changed. */
  const flags = (publicationId: string, subscriberId: string): MirrorChange[] => {
    const record = state.subscribers.get(publicationId, subscriberId);
    const suppressedAt = record?.email ? suppressionTimes(state, publicationId).of(record.email) : null;
    const rows = metrics.where('subscriber_id', subscriberId);
    let last: NewsletterMetricRow | null = null;
    if (suppressedAt !== null) {
      for (const row of rows) {
        if (!RECEIVED.has(row.send_status) || row.sent_at === null || Date.parse(row.sent_at) > suppressedAt) continue;
        if (!last || row.sent_at > (last.sent_at as string) || (row.sent_at === last.sent_at && row.post_id > last.post_id)) last = row;
      }
    }
    return rows.filter((row) => row.is_unsubscribed !== (row === last)).map((row) => metrics.put({ ...row, is_unsubscribed: row === last }));
  };
  for (const publication of state.publications.all()) {
    const times = suppressionTimes(state, publication.id);
    for (const s of state.subscribers.all(publication.id)) if (s.email !== null && times.of(s.email) !== null) flags(publication.id, s.id);
  }

  const sent = (emit: Emit, e: { kind: string; publicationId: string; postId: string | null; subscriberId: string | null }, at: number | null) => {
    if (e.kind !== 'newsletter' || e.postId === null || e.subscriberId === null) return;
    if (!exists(e.publicationId, e.postId, e.subscriberId)) return;
    const ids = { publicationId: e.publicationId, postId: e.postId, subscriberId: e.subscriberId };
    // A delivery replaces the queued row with the same unopened send, delivered (nothing marks a queued row); a new send replaces whatever was there.
    emit([metrics.put(sendRow(ids, at))]);
  };

  return {
    snapshot: () => ({ newsletter_metrics: metrics.all(), newsletter_link_clicks: clicks.all() }),
    listen(emit) {
      state.events.on('email.queued', (e) => sent(emit, e, null));
      state.events.on('email.delivered', (e) => sent(emit, e, e.at));
      state.events.on('post.deleted', ({ postId }) => {
        const ids = postRowIds(state, postId);
        emit([...clicks.deleteWhere('post_id', ids), ...metrics.deleteWhere('post_id', ids)]);
      });
      state.events.on('subscriber.removed', ({ subscriberId }) => {
        emit([...clicks.deleteWhere('subscriber_id', [subscriberId]), ...metrics.deleteWhere('subscriber_id', [subscriberId])]);
      });
      state.subscribers.suppressions.watch((publicationId, email) => {
        const record = state.subscribers.findByEmail(publicationId, email);
        if (record) emit(flags(publicationId, record.id));
      });
    },
  };
}
