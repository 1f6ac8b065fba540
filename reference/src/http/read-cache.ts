/**
 * The one cache of the reference: at the HTTP edge, the bytes of a read's
 * answer, for routes that declare `cached: true` (a read whose answer depends
 * on the state, the caller's publication and the URL alone, never on the
 * time) that is answered in the tick it was asked. An entry is good while
 * the state is at the revision it was made at: the cache is emptied by
 * anything that may change the state (every request to another route, before
 * and after its handler, since a handler may change the state after an
 * await; a reset, a restore, a new base URL), and an entry made before the
 * clock ran a scheduled task is not used after it. Stores know nothing of it.
 */
import type { Caller, Reply } from './types.js';
import { JSON_CONTENT_TYPE } from './respond.js';

/** Entries kept before the cache starts over, and the most bytes they may hold. */
const MAX_ENTRIES = 1024;
const MAX_BYTES = 16 * 1024 * 1024;

interface Entry {
  tasksRun: number;
  reply: Reply & { body: Buffer };
}

export interface ReadCache {
  /** The kept answer for this URL and caller, when nothing changed since it was made. */
  get(url: string, caller: Caller | null): Reply | undefined;
  /** Keep a successful JSON answer (others pass through); returns what to send. */
  keep(url: string, caller: Caller | null, reply: Reply): Reply;
  /** Something may have changed: no kept answer is good any more. */
  invalidate(): void;
}

/** `tasksRun`: how many scheduled tasks the clock has run (a task may change the state). */
export function createReadCache(tasksRun: () => number): ReadCache {
  let bytes = 0;
  const entries = new Map<string, Entry>();
  const keyOf = (url: string, caller: Caller | null) => `${caller?.publicationId ?? ''} ${url}`;

  return {
    get(url, caller) {
      const entry = entries.get(keyOf(url, caller));
      return entry && entry.tasksRun === tasksRun() ? entry.reply : undefined;
    },
    keep(url, caller, reply) {
      if (!('json' in reply) || reply.headers !== undefined || (reply.status ?? 200) !== 200) return reply;
      const kept = { status: 200, body: Buffer.from(JSON.stringify(reply.json)), contentType: JSON_CONTENT_TYPE };
      if (entries.size >= MAX_ENTRIES || bytes + kept.body.length > MAX_BYTES) {
        entries.clear();
        bytes = 0;
      }
      if (kept.body.length <= MAX_BYTES) {
        entries.set(keyOf(url, caller), { tasksRun: tasksRun(), reply: kept });
        bytes += kept.body.length;
      }
      return kept;
    },
    invalidate() {
      if (entries.size > 0) {
        entries.clear();
        bytes = 0;
      }
    },
  };
}
