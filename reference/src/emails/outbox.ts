/**
 * The outbox: every email the service would have sent. Queuing is
 * synchronous (a 200 means accepted); delivery is asynchronous, on the clock:
 * a batch is delivered DELIVERY_DELAY_MS after it was queued, when the clock
 * gets there (advancing it, the real-time timer of a listening server, or
 * the runDue before every request).
 */
import type { Clock } from '../clock.js';
import type { Events } from '../events.js';
import type { SlicedWork } from '../slices.js';
import { emailKey } from '../subscribers/address.js';
import type { EmailKind, OutboxEmailT, OutboxQuery } from '../../../schemas/outbox.js';
import type { z } from 'zod';
import type { EmailsSnapshot } from './snapshot-schema.js';

export const DELIVERY_DELAY_MS = 1000;

/** Email ids are this and a counter (the outbox's seq). */
export const EMAIL_ID_PREFIX = 'em_';

/** The domain of the From addresses and Message-IDs (example.com: reserved, never delivers). */
export const MAIL_DOMAIN = 'newsletter.example.com';

export type OutboxRecord = OutboxEmailT;

/** What a sender supplies; the outbox adds id, status and times. */
export type OutboxDraft = Omit<OutboxRecord, 'id' | 'status' | 'createdAt' | 'sentAt' | 'deliveredAt'>;

declare module '../events.js' {
  interface EventMap {
    'email.queued': { emailId: string; kind: EmailKind; publicationId: string; postId: string | null; subscriberId: string | null; to: string; at: number };
    'email.delivered': { emailId: string; kind: EmailKind; publicationId: string; postId: string | null; subscriberId: string | null; to: string; at: number };
  }
}

export type OutboxSnapshot = z.output<typeof EmailsSnapshot>['outbox'];

/** Which emails `list` gives: GET /_control/outbox's filters. */
export type OutboxFilter = Omit<z.output<typeof OutboxQuery>, 'cursor' | 'limit'>;

export class OutboxStore {
  private items: OutboxRecord[] = [];
  private seq = 0;
  private batches = 0;

  constructor(
    private readonly clock: Clock,
    private readonly events: Events,
  ) {}

  /** Queue emails (one per recipient) and schedule their delivery as one batch. */
  queue(drafts: OutboxDraft[]): OutboxRecord[] {
    const now = this.clock.now();
    const records = drafts.map((draft) => this.add(draft, now));
    this.deliverLater(records, now);
    return records;
  }

  /**
   * One email per item, queued in slices of the event loop (slices.ts): each
   * email within the slice that builds it, each slice's emails delivered as
   * one batch. All carry the time the queueing began, as one batch would: a
   * scheduled post's newsletter its scheduled time, though the clock moves on
   * between slices.
   */
  queueInSlices<T>(work: SlicedWork, items: Iterable<T>, draftFor: (item: T) => OutboxDraft): Promise<void> {
    const now = this.clock.now();
    let slice: OutboxRecord[] = [];
    return work.inSlices(
      items,
      (item) => slice.push(this.add(draftFor(item), now)),
      () => {
        this.deliverLater(slice, now);
        slice = [];
      },
    );
  }

  /** One queued email, not yet on the clock (deliverLater puts it there). */
  add(draft: OutboxDraft, now: number): OutboxRecord {
    const id = `${EMAIL_ID_PREFIX}${String(++this.seq).padStart(8, '0')}`;
    const record: OutboxRecord = {
      ...draft,
      id,
      headers: { ...draft.headers, 'Message-ID': `<${id}@${MAIL_DOMAIN}>` },
      status: 'queued',
      createdAt: now,
      sentAt: null,
      deliveredAt: null,
    };
    this.items.push(record);
    this.events.emit('email.queued', this.eventOf(record, now));
    return record;
  }

  /** Delivery of emails queued at `queuedAt`, as one batch, DELIVERY_DELAY_MS later (at once if the clock is already past it). */
  private deliverLater(records: OutboxRecord[], queuedAt: number): void {
    if (records.length === 0) return;
    this.clock.schedule(queuedAt + DELIVERY_DELAY_MS, `outbox:deliver:${++this.batches}`, () => this.deliver(records));
  }

  /** persistence/: live records, serialise at once. Pending deliveries are derived from queued records on restore. */
  snapshot(): OutboxSnapshot {
    return { seq: this.seq, batches: this.batches, items: [...this.items] };
  }

  /**
   * Into an empty outbox. Emails still queued are put back on the clock, one
   * batch per queuing time, due DELIVERY_DELAY_MS after it as when queued.
   */
  restoreSnapshot(data: OutboxSnapshot): void {
    this.seq = data.seq;
    this.batches = data.batches;
    this.items = data.items;
    const pending = new Map<number, OutboxRecord[]>();
    for (const r of this.items) if (r.status === 'queued') pending.set(r.createdAt, [...(pending.get(r.createdAt) ?? []), r]);
    for (const [createdAt, records] of pending)
      this.clock.schedule(createdAt + DELIVERY_DELAY_MS, `outbox:deliver:${++this.batches}`, () => this.deliver(records));
  }

  private deliver(records: OutboxRecord[]): void {
    const at = this.clock.now();
    for (const r of records) {
      if (r.status !== 'queued') continue;
      r.status = 'delivered';
      r.sentAt = at;
      r.deliveredAt = at;
      this.events.emit('email.delivered', this.eventOf(r, at));
    }
  }

  /**
   * Newest first (createdAt, then id, descending), filtered. Emails are kept
   * in the order they were queued, ids ascending: reversed, the stable sort
   * by createdAt leaves those of one instant by id, descending.
   */
  list(filter: OutboxFilter = {}): OutboxRecord[] {
    const to = filter.to === undefined ? undefined : emailKey(filter.to);
    const matching = this.items.filter(
      (r) =>
        (to === undefined || emailKey(r.to) === to) &&
        (filter.kind === undefined || r.kind === filter.kind) &&
        (filter.postId === undefined || r.postId === filter.postId) &&
        (filter.publicationId === undefined || r.publicationId === filter.publicationId) &&
        (filter.requestId === undefined || r.requestId === filter.requestId) &&
        (filter.status === undefined || r.status === filter.status),
    );
    return matching.reverse().sort((a, b) => b.createdAt - a.createdAt);
  }

  get(id: string): OutboxRecord | undefined {
    return this.items.find((r) => r.id === id);
  }

  /** Empty the outbox (queued emails are dropped with it). */
  clear(): number {
    const n = this.items.length;
    for (const r of this.items) r.status = 'delivered'; // no longer queued: a pending batch leaves them alone
    this.items = [];
    return n;
  }

  get size(): number {
    return this.items.length;
  }

  private eventOf(r: OutboxRecord, at: number) {
    return { emailId: r.id, kind: r.kind, publicationId: r.publicationId, postId: r.postId, subscriberId: r.subscriberId, to: r.to, at };
  }
}
