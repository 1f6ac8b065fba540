/**
 * subscribers: one row per subscriber record, with status unsubscribed when
 * the address is suppressed for the publication (the subscriber store keeps
 * such records but leaves them out of the list, the count and newsletters).
 * A hard delete deletes the row.
 */
import type { SubscriberRow } from '../engine/mirror-types.js';
import type { SubscriberRecord } from '../../subscribers/store.js';
import type { State } from '../../state.js';
import { iso, isoOrNull } from '../../iso-time.js';
import type { MirrorArea } from './area.js';
import { suppressionTimes } from './suppressions.js';

export function subscriberRow(state: Pick<State, 'subscribers'>, record: SubscriberRecord, suppressedAt: number | null): SubscriberRow {
  const active = state.subscribers.isActive(record);
  return {
    id: record.id,
    blog_id: record.publicationId,
    email: record.email,
    wallet: record.wallet,
    status: active ? 'active' : 'unsubscribed',
    source: record.source,
    created_at: iso(record.createdAt),
    unsubscribed_at: active ? null : isoOrNull(suppressedAt),
  };
}

export function subscribersMirror(state: Pick<State, 'events' | 'publications' | 'subscribers'>): MirrorArea {
  const rowOf = (record: SubscriberRecord) => {
    const times = suppressionTimes(state, record.publicationId);
    return subscriberRow(state, record, record.email === null ? null : times.of(record.email));
  };
  const upsert = (publicationId: string, subscriberId: string) => {
    const record = state.subscribers.get(publicationId, subscriberId);
    return record ? [{ op: 'upsert' as const, table: 'subscribers' as const, row: rowOf(record) }] : [];
  };
  return {
    snapshot() {
      const rows: SubscriberRow[] = [];
      for (const publication of state.publications.all()) {
        const times = suppressionTimes(state, publication.id);
        for (const record of state.subscribers.all(publication.id))
          rows.push(subscriberRow(state, record, record.email === null ? null : times.of(record.email)));
      }
      return { subscribers: rows };
    },
    listen(emit) {
      state.events.on('subscriber.added', (e) => emit(upsert(e.publicationId, e.subscriberId)));
      state.events.on('subscriber.changed', (e) => emit(upsert(e.publicationId, e.subscriberId)));
      state.events.on('subscriber.removed', (e) => emit([{ op: 'delete', table: 'subscribers', key: { id: e.subscriberId } }]));
      // Suppressions made (unsubscribe links, the control API) or lifted (control API) change the status.
      state.subscribers.suppressions.watch((publicationId, email) => {
        const record = state.subscribers.findByEmail(publicationId, email);
        if (record) emit(upsert(publicationId, record.id));
      });
    },
  };
}
