/**
 * Suppressed addresses: who unsubscribed from a publication. A suppression is
 * kept by address, apart from subscriber records, so that deleting and
 * re-adding a subscriber (or re-importing a list) cannot undo an opt-out.
 */
import { emailKey } from './address.js';
import type { Suppression } from './snapshot-schema.js';

export type { Suppression };

export class SuppressionStore {
  private byPublication = new Map<string, Map<string, Suppression>>();
  private listeners: ((publicationId: string, email: string) => void)[] = [];

  /** Hear of every suppression made or lifted (the subscriber store keeps its active list by it). */
  watch(listener: (publicationId: string, email: string) => void): void {
    this.listeners.push(listener);
  }

  suppress(publicationId: string, email: string, at: number): { suppression: Suppression; created: boolean } {
    const map = this.mapOf(publicationId);
    const key = emailKey(email);
    const existing = map.get(key);
    if (existing) return { suppression: existing, created: false };
    const suppression = { publicationId, email, suppressedAt: at };
    map.set(key, suppression);
    this.announce(publicationId, email);
    return { suppression, created: true };
  }

  /** Lift a suppression (control API only: the public API cannot re-subscribe an opt-out). */
  lift(publicationId: string, email: string): boolean {
    const removed = this.byPublication.get(publicationId)?.delete(emailKey(email)) ?? false;
    if (removed) this.announce(publicationId, email);
    return removed;
  }

  /** persistence/: live records in the order they were made, serialise at once. */
  snapshot(): Suppression[] {
    return [...this.byPublication.values()].flatMap((m) => [...m.values()]);
  }

  /**
   * Into an empty store, without telling the watchers: the subscriber store
   * is restored after this one and reads suppressions as it indexes.
   */
  restoreSnapshot(records: Suppression[]): void {
    for (const record of records) this.mapOf(record.publicationId).set(emailKey(record.email), record);
  }

  isSuppressed(publicationId: string, email: string): boolean {
    return this.byPublication.get(publicationId)?.has(emailKey(email)) ?? false;
  }

  list(publicationId?: string): Suppression[] {
    const maps = publicationId ? [this.byPublication.get(publicationId)] : [...this.byPublication.values()];
    return maps.flatMap((m) => (m ? [...m.values()] : [])).sort((a, b) => b.suppressedAt - a.suppressedAt);
  }

  private mapOf(publicationId: string): Map<string, Suppression> {
    let map = this.byPublication.get(publicationId);
    if (!map) this.byPublication.set(publicationId, (map = new Map()));
    return map;
  }

  private announce(publicationId: string, email: string): void {
    for (const listener of this.listeners) listener(publicationId, email);
  }
}
