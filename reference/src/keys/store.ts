/**
 * API keys. A key belongs to exactly one publication. Fixture keys are fixed
 * strings (documented in the README); keys minted later (auth sessions, the
 * control API) come from the OS CSPRNG, never from the seeded source: the
 * seed is public, and a key computed from it would be anyone's. Minted keys
 * are records like any other, so the state file and snapshots keep them.
 */
import { secretAlphanumeric } from '../random.js';
import type { ApiKeyRecord } from './snapshot-schema.js';

export type { ApiKeyRecord };

export class ApiKeyStore {
  private byKey = new Map<string, ApiKeyRecord>();

  add(record: Omit<ApiKeyRecord, 'revokedAt'>): ApiKeyRecord {
    const full = { ...record, revokedAt: null };
    this.byKey.set(record.key, full);
    return full;
  }

  mint(publicationId: string, label: string, source: ApiKeyRecord['source'], now: number): ApiKeyRecord {
    return this.add({ key: `para_${secretAlphanumeric(32)}`, publicationId, label, createdAt: now, source });
  }

  /** The publication of an active key, or undefined. */
  publicationFor(key: string): string | undefined {
    const record = this.byKey.get(key);
    return record && record.revokedAt === null ? record.publicationId : undefined;
  }

  revoke(key: string, now: number): boolean {
    const record = this.byKey.get(key);
    if (!record || record.revokedAt !== null) return false;
    record.revokedAt = now;
    return true;
  }

  list(publicationId?: string): ApiKeyRecord[] {
    return [...this.byKey.values()].filter((k) => !publicationId || k.publicationId === publicationId);
  }

  activeKeysOf(publicationId: string): string[] {
    return this.list(publicationId)
      .filter((k) => k.revokedAt === null)
      .map((k) => k.key);
  }

  all(): ApiKeyRecord[] {
    return [...this.byKey.values()];
  }

  /** Every key, in the order they were added (persistence/: the records are live, serialise at once). */
  snapshot(): ApiKeyRecord[] {
    return this.all();
  }

  /** Into an empty store: the records become the store's own. */
  restoreSnapshot(records: ApiKeyRecord[]): void {
    for (const record of records) this.byKey.set(record.key, record);
  }
}
