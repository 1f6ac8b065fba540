/**
 * Subscribers of each publication: records, the email and wallet indexes,
 * and the rules of SPEC.md › Subscribers (no duplicates, a subscriber holds
 * both credentials, hard delete). Pure state; routes.ts does the HTTP.
 *
 * "Active" = not unsubscribed: a subscriber whose email is suppressed for the
 * publication is kept (DELETE still finds it) but is left out of the list,
 * the count and newsletters.
 */
import { badRequest, notFound } from '../errors.js';
import type { ListOrder, PageSource } from '../pagination.js';
import { SortedIndex } from '../sorted-index.js';
import type { Events } from '../events.js';
import { emailKey, walletKey } from './address.js';
import { planAdd, planRemove, type Identity } from './identity.js';
import type { SuppressionStore } from './suppressions.js';

/** Subscriber ids are this and a counter (the state's seq), so the last one handed out is known. */
export const SUBSCRIBER_ID_PREFIX = 'sub_';
import type { SubscriberRecord, SubscriberSource, SubscriberStoreSnapshot } from './snapshot-schema.js';

export type { SubscriberRecord, SubscriberSource, SubscriberStoreSnapshot };

export type AddOutcome = 'created' | 'attached' | 'unchanged' | 'conflict';

declare module '../events.js' {
  interface EventMap {
    'subscriber.added': { publicationId: string; subscriberId: string; email: string | null; wallet: string | null; source: SubscriberSource; at: number };
    'subscriber.changed': { publicationId: string; subscriberId: string; at: number };
    'subscriber.removed': { publicationId: string; subscriberId: string; email: string | null; wallet: string | null; at: number };
  }
}

/** Newest first, ties by id (ids are zero-padded so they sort as strings). */
export const NEWEST_FIRST: ListOrder<SubscriberRecord> = { key: (r) => [r.createdAt, r.id], descending: [true, true] };

class Audience {
  readonly byId = new Map<string, SubscriberRecord>();
  readonly byEmail = new Map<string, SubscriberRecord>();
  readonly byWallet = new Map<string, SubscriberRecord>();
  /**
   * Active subscribers, kept in list order as they come and go (a page of a
   * million is a cursor lookup). createdAt and id never change, so the index
   * need not remember keys.
   */
  readonly active = new SortedIndex(NEWEST_FIRST);
}

const NO_SUBSCRIBERS: PageSource<SubscriberRecord> = { size: 0, after: () => [][Symbol.iterator]() };

export class SubscriberStore {
  private audiences = new Map<string, Audience>();
  private seq = 0;

  constructor(
    private readonly events: Events,
    private readonly now: () => number,
    readonly suppressions: SuppressionStore,
  ) {
    // A suppression made or lifted moves that address's subscriber out of or into the active list.
    suppressions.watch((publicationId, email) => {
      const aud = this.audiences.get(publicationId);
      const record = aud?.byEmail.get(emailKey(email));
      if (aud && record) this.placeActive(aud, record);
    });
  }

  /**
   * Add or merge. `strict` (the API) turns a conflict into a 400; the import
   * skips the row instead. createdAt applies only when a subscriber is created.
   */
  add(
    publicationId: string,
    given: Identity & { createdAt?: number },
    options: { source: SubscriberSource; strict: boolean },
  ): { outcome: AddOutcome; record?: SubscriberRecord } {
    const now = this.now();
    if (given.createdAt !== undefined && given.createdAt > now)
      throw badRequest('createdAt must not be in the future (Unix milliseconds)');
    const aud = this.audience(publicationId);
    const byEmail = given.email !== null ? aud.byEmail.get(emailKey(given.email)) : undefined;
    const byWallet = given.wallet !== null ? aud.byWallet.get(walletKey(given.wallet)) : undefined;
    const plan = planAdd(given, byEmail, byWallet);
    switch (plan.action) {
      case 'conflict':
        if (options.strict) throw badRequest(plan.reason);
        return { outcome: 'conflict' };
      case 'unchanged':
        return { outcome: 'unchanged', record: aud.byId.get(plan.id)! };
      case 'attach': {
        const record = aud.byId.get(plan.id)!;
        if (plan.email !== undefined) {
          record.email = plan.email;
          aud.byEmail.set(emailKey(plan.email), record);
        }
        if (plan.wallet !== undefined) {
          record.wallet = plan.wallet;
          aud.byWallet.set(walletKey(plan.wallet), record);
        }
        // An attached email may be a suppressed one.
        this.placeActive(aud, record);
        this.events.emit('subscriber.changed', { publicationId, subscriberId: record.id, at: now });
        return { outcome: 'attached', record };
      }
      case 'create': {
        const record: SubscriberRecord = {
          id: this.nextId(),
          publicationId,
          email: given.email,
          wallet: given.wallet,
          createdAt: Math.trunc(given.createdAt ?? now),
          source: options.source,
          tier: 'free',
        };
        this.index(aud, record);
        this.events.emit('subscriber.added', {
          publicationId, subscriberId: record.id, email: record.email, wallet: record.wallet, source: record.source, at: now,
        });
        return { outcome: 'created', record };
      }
    }
  }

  /** Hard delete. Unknown -> 404; email and wallet naming different subscribers -> 400. */
  remove(publicationId: string, given: Identity): SubscriberRecord {
    const aud = this.audience(publicationId);
    const byEmail = given.email !== null ? aud.byEmail.get(emailKey(given.email)) : undefined;
    const byWallet = given.wallet !== null ? aud.byWallet.get(walletKey(given.wallet)) : undefined;
    const plan = planRemove(given, byEmail, byWallet);
    if (plan.action === 'not_found') throw notFound('no subscriber with this email or wallet');
    if (plan.action === 'mismatch')
      throw badRequest('email and wallet do not belong to the same subscriber; give one of them, or both of the same subscriber');
    const record = aud.byId.get(plan.id)!;
    aud.byId.delete(record.id);
    aud.active.remove(record);
    if (record.email !== null) aud.byEmail.delete(emailKey(record.email));
    if (record.wallet !== null) aud.byWallet.delete(walletKey(record.wallet));
    this.events.emit('subscriber.removed', {
      publicationId, subscriberId: record.id, email: record.email, wallet: record.wallet, at: this.now(),
    });
    return record;
  }

  /** Fixtures: put a record in place as it is, without events. */
  load(record: Omit<SubscriberRecord, 'id' | 'tier'> & { id?: string }): SubscriberRecord {
    const full: SubscriberRecord = { ...record, id: record.id ?? this.nextId(), tier: 'free' };
    this.index(this.audience(full.publicationId), full);
    return full;
  }

  /** persistence/: live records, serialise at once. The email, wallet and active-list indexes are rebuilt on restore. */
  snapshot(): SubscriberStoreSnapshot {
    return { seq: this.seq, records: [...this.audiences.values()].flatMap((aud) => [...aud.byId.values()]) };
  }

  /** Into an empty store whose suppressions are already restored (they decide who is active). */
  restoreSnapshot(data: SubscriberStoreSnapshot): void {
    for (const record of data.records) this.index(this.audience(record.publicationId), record);
    this.seq = data.seq;
  }

  get(publicationId: string, id: string): SubscriberRecord | undefined {
    return this.audiences.get(publicationId)?.byId.get(id);
  }

  findByEmail(publicationId: string, email: string): SubscriberRecord | undefined {
    return this.audiences.get(publicationId)?.byEmail.get(emailKey(email));
  }

  findByWallet(publicationId: string, wallet: string): SubscriberRecord | undefined {
    return this.audiences.get(publicationId)?.byWallet.get(walletKey(wallet));
  }

  isActive(record: SubscriberRecord): boolean {
    return record.email === null || !this.suppressions.isSuppressed(record.publicationId, record.email);
  }

  /** Active subscribers, newest first, as an array. */
  active(publicationId: string): readonly SubscriberRecord[] {
    return this.audiences.get(publicationId)?.active.toArray() ?? [];
  }

  /** Active subscribers in list order, for reading a page at a time (GET /v1/subscribers). */
  activeList(publicationId: string): PageSource<SubscriberRecord> {
    return this.audiences.get(publicationId)?.active ?? NO_SUBSCRIBERS;
  }

  count(publicationId: string): number {
    return this.audiences.get(publicationId)?.active.size ?? 0;
  }

  /** Every subscriber record, active or not (control API, analytics). */
  all(publicationId: string): SubscriberRecord[] {
    return [...(this.audiences.get(publicationId)?.byId.values() ?? [])];
  }

  /** Who gets a newsletter: active subscribers with an email address. */
  newsletterRecipients(publicationId: string): SubscriberRecord[] {
    return this.active(publicationId).filter((r) => r.email !== null);
  }

  private index(aud: Audience, record: SubscriberRecord): void {
    aud.byId.set(record.id, record);
    if (record.email !== null) aud.byEmail.set(emailKey(record.email), record);
    if (record.wallet !== null) aud.byWallet.set(walletKey(record.wallet), record);
    if (this.isActive(record)) aud.active.insert(record);
  }

  /** Put a subscriber in or out of the active list, as its email's suppression says now. */
  private placeActive(aud: Audience, record: SubscriberRecord): void {
    const listed = aud.active.has(record);
    const active = this.isActive(record);
    if (active && !listed) aud.active.insert(record);
    else if (!active && listed) aud.active.remove(record);
  }

  private audience(publicationId: string): Audience {
    let aud = this.audiences.get(publicationId);
    if (!aud) this.audiences.set(publicationId, (aud = new Audience()));
    return aud;
  }

  private nextId(): string {
    return `${SUBSCRIBER_ID_PREFIX}${String(++this.seq).padStart(8, '0')}`;
  }
}
