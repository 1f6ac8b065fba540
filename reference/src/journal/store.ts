/**
 * The request journal: a bounded ring of the most recent /v1 requests, so a
 * test can assert on the calls a client made (GET /_control/requests). It
 * keeps what identifies a call and its outcome, never the API key, and caps
 * every text it keeps so a hostile request cannot make it grow.
 */
import type { z } from 'zod';
import { JOURNAL_LIMITS, type ControlRequestEntry } from '../../../schemas/journal.js';
import { bearerToken } from '../http/auth.js';

/** How many requests the journal keeps; the oldest drop out first. */
export const JOURNAL_CAPACITY = JOURNAL_LIMITS.capacity;
/** Longest query string or error message kept; longer ones are cut and end with an ellipsis. */
export const JOURNAL_TEXT_CAP = 2048;

/** One request as GET /_control/requests shows it (the schema says what each field holds). */
export type JournalEntry = z.output<typeof ControlRequestEntry>;

export interface JournalFilter {
  method?: string;
  pathPrefix?: string;
  status?: number;
  publicationId?: string;
  limit: number;
}

export type RequestOutcome = JournalEntry['outcome'];

/** What the journal needs to know of one answered request. */
export interface AnsweredRequest {
  method: string;
  /** The raw request target (path and query). */
  url: string;
  authorization: string | undefined;
  /** The status the handler answered with (for a dropped request, the one it never sent). */
  status: number;
  /** The fault rule that touched it and what its client got; absent when no rule did. */
  fault?: { ruleId: string; outcome: RequestOutcome };
  /** The JSON body sent, when there was one (read for the error message only). */
  json: unknown;
  startedAt: number;
  /** performance.now() when the request arrived. */
  startedMs: number;
}

export class RequestJournal {
  private readonly ring: (JournalEntry | undefined)[];
  private next = 0;
  private seq = 0;

  constructor(
    /** Resolves an API key to its publication in the current state. */
    private readonly publicationOfKey: (key: string) => string | undefined,
    readonly capacity: number = JOURNAL_CAPACITY,
  ) {
    this.ring = new Array(capacity);
  }

  record(request: AnsweredRequest, endedMs: number): void {
    const queryAt = request.url.indexOf('?');
    const token = bearerToken(request.authorization);
    const outcome = request.fault?.outcome ?? 'answered';
    const status = outcome === 'dropped' ? null : request.status;
    this.ring[this.next] = {
      seq: ++this.seq,
      at: new Date(request.startedAt).toISOString(),
      method: request.method,
      path: queryAt === -1 ? request.url : request.url.slice(0, queryAt),
      query: queryAt === -1 ? '' : cap(request.url.slice(queryAt + 1)),
      status,
      outcome,
      fault: request.fault?.ruleId ?? null,
      durationMs: Math.round((endedMs - request.startedMs) * 1000) / 1000,
      publicationId: token ? (this.publicationOfKey(token) ?? null) : null,
      msg: status !== null && status >= 400 ? errorMessage(request.json) : null,
    };
    this.next = (this.next + 1) % this.capacity;
  }

  /** Matching entries, newest first. */
  list(filter: JournalFilter): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let i = 1; i <= this.capacity && out.length < filter.limit; i++) {
      const entry = this.ring[(this.next - i + this.capacity) % this.capacity];
      if (!entry) break;
      if (matches(entry, filter)) out.push(entry);
    }
    return out;
  }

  get size(): number {
    return this.ring[this.next] ? this.capacity : this.next;
  }

  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
  }
}

function matches(entry: JournalEntry, filter: JournalFilter): boolean {
  if (filter.method !== undefined && entry.method !== filter.method) return false;
  if (filter.pathPrefix !== undefined && !entry.path.startsWith(filter.pathPrefix)) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.publicationId !== undefined && entry.publicationId !== filter.publicationId) return false;
  return true;
}

function errorMessage(json: unknown): string | null {
  const msg = json && typeof json === 'object' ? (json as { msg?: unknown }).msg : undefined;
  return typeof msg === 'string' ? cap(msg) : null;
}

function cap(text: string): string {
  return text.length <= JOURNAL_TEXT_CAP ? text : `${text.slice(0, JOURNAL_TEXT_CAP - 1)}…`;
}
