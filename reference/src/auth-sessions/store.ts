/**
 * CLI auth sessions: a client asks for a session, the writer approves or
 * denies it in the browser, the client polls for the API key. Pure state and
 * rules; routes.ts, page-routes.ts and control.ts do the HTTP.
 *
 * The life cycle is the table in transitions.ts; expiry and forgetting are
 * read from the clock, never stored, so advancing the clock is enough.
 */
import { conflict, notFound } from '../errors.js';
import type { ApiKeyStore } from '../keys/store.js';
import { secretAlphanumeric } from '../random.js';
import {
  AUTH_SESSION_LIMITS,
  DEFAULT_DEVICE_NAME,
  type AuthSessionCreateT,
  type AuthSessionPollT,
  type AuthSessionStateT,
} from '../../../schemas/auth-sessions.js';
import { transition } from './transitions.js';
import type { AuthSessionRecord } from './snapshot-schema.js';

export type { AuthSessionRecord };

export interface AuthSessionDeps {
  keys: ApiKeyStore;
  now: () => number;
  publicationExists: (publicationId: string) => boolean;
}

export class AuthSessionStore {
  private byId = new Map<string, AuthSessionRecord>();

  constructor(private readonly deps: AuthSessionDeps) {}

  create(input: AuthSessionCreateT): AuthSessionRecord {
    const now = this.deps.now();
    this.sweep(now);
    const name = input.deviceName?.trim();
    const record: AuthSessionRecord = {
      // 32 alphanumerics (~190 bits) from the OS CSPRNG: the id is what lets
      // a poll collect the key, so it must not follow from the public seed.
      id: secretAlphanumeric(32),
      deviceName: name ? input.deviceName! : null,
      callbackUrl: input.callbackUrl ?? null,
      supportsDeliveryAcknowledgement: input.supportsDeliveryAcknowledgement ?? false,
      createdAt: now,
      expiresAt: now + AUTH_SESSION_LIMITS.lifetimeMs,
      state: 'pending',
      publicationId: null,
      apiKey: null,
      approvedAt: null,
      deniedAt: null,
      deliveredAt: null,
      handedOutAt: null,
    };
    this.byId.set(record.id, record);
    return record;
  }

  /** A session still remembered (answers something other than 404 somewhere), or undefined. */
  find(id: string): AuthSessionRecord | undefined {
    this.sweep(this.deps.now());
    return this.byId.get(id);
  }

  /** The state as of now: a pending session past its expiry reads `expired`. */
  statusOf(record: AuthSessionRecord, now = this.deps.now()): AuthSessionStateT {
    return record.state === 'pending' && now >= record.expiresAt ? 'expired' : record.state;
  }

  /**
   * GET /v1/api/auth/sessions/{id}. Denied, delivered and forgotten sessions
   * are 404. Without delivery acknowledgement, the first `completed` answer
   * hands the key over and ends the session.
   */
  poll(id: string): AuthSessionPollT {
    const now = this.deps.now();
    const record = this.find(id);
    const status = record && this.statusOf(record, now);
    if (!record || status === 'denied' || status === 'delivered') throw unknownSession(id);
    if (status === 'expired') return { status: 'expired' };
    if (status === 'pending') {
      return {
        status: 'pending',
        deviceName: displayName(record),
        ...(record.callbackUrl !== null ? { callbackUrl: record.callbackUrl } : {}),
      };
    }
    const apiKey = record.apiKey!;
    record.handedOutAt ??= now;
    if (!record.supportsDeliveryAcknowledgement) {
      record.state = transition(record.state, 'hand-over');
      record.deliveredAt = now;
    }
    return { status: 'completed', apiKey };
  }

  /**
   * DELETE /v1/api/auth/sessions/{id}: denies a pending session, or
   * acknowledges delivery of a completed one. A key that no answer ever
   * carried is revoked on the way out: nobody can hold it, so it should not
   * stay valid (the client cancelled just as the writer approved).
   */
  discard(id: string): void {
    const now = this.deps.now();
    const record = this.find(id);
    const status = record && this.statusOf(record, now);
    if (!record) throw unknownSession(id);
    if (status === 'expired') throw notFound(`auth session ${id} has expired`);
    if (status === 'pending') {
      record.state = transition(record.state, 'deny');
      record.deniedAt = now;
      return;
    }
    if (status === 'completed') {
      record.state = transition(record.state, 'acknowledge');
      record.deliveredAt = now;
      if (record.handedOutAt === null && record.apiKey) this.deps.keys.revoke(record.apiKey, now);
      return;
    }
    throw unknownSession(id);
  }

  /** The writer approves (page or control API): mints a key for the publication. */
  approve(id: string, publicationId: string): AuthSessionRecord {
    const now = this.deps.now();
    const record = this.requirePending(id, 'approved', now);
    if (!this.deps.publicationExists(publicationId)) throw notFound(`publication ${publicationId} not found`);
    record.state = transition(record.state, 'approve');
    const key = this.deps.keys.mint(publicationId, `CLI auth session: ${displayName(record)}`, 'auth-session', now);
    record.publicationId = publicationId;
    record.apiKey = key.key;
    record.approvedAt = now;
    return record;
  }

  /** The writer denies (page or control API). */
  deny(id: string): AuthSessionRecord {
    const now = this.deps.now();
    const record = this.requirePending(id, 'denied', now);
    record.state = transition(record.state, 'deny');
    record.deniedAt = now;
    return record;
  }

  /** persistence/: live records in creation order, serialise at once. Expiry is read from the clock, so nothing is scheduled. */
  snapshot(): AuthSessionRecord[] {
    return [...this.byId.values()];
  }

  /** Into an empty store: the records become the store's own. */
  restoreSnapshot(records: AuthSessionRecord[]): void {
    for (const record of records) this.byId.set(record.id, record);
  }

  /** Every remembered session, newest first. */
  list(): AuthSessionRecord[] {
    this.sweep(this.deps.now());
    return [...this.byId.values()].reverse();
  }

  private requirePending(id: string, verb: string, now: number): AuthSessionRecord {
    const record = this.find(id);
    if (!record) throw unknownSession(id);
    const status = this.statusOf(record, now);
    if (status !== 'pending') throw conflict(`auth session ${id} is ${status} and can no longer be ${verb}`);
    return record;
  }

  /** Forget sessions past their retention: from then on everything answers 404. */
  private sweep(now: number): void {
    for (const [id, record] of this.byId) if (now >= forgetAt(record)) this.byId.delete(id);
  }
}

/**
 * Every session is forgotten an hour after its expiry, whatever became of it:
 * an expired one answers `expired` until then (ours), and an approved key not
 * yet collected stays collectable until then.
 */
export function forgetAt(record: AuthSessionRecord): number {
  return record.expiresAt + AUTH_SESSION_LIMITS.expiredRetentionMs;
}

export function displayName(record: AuthSessionRecord): string {
  return record.deviceName ?? DEFAULT_DEVICE_NAME;
}

const unknownSession = (id: string) => notFound(`auth session ${id} not found`);
