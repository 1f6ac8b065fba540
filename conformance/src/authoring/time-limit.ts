/**
 * A test's time limit, kept by the suite rather than by vitest so that the
 * error says what the test was waiting for (the request still unanswered,
 * or the last answer before the test went on waiting on its own), and so
 * that the test's requests stop at once instead of running on unseen.
 */
import { SuiteError } from './failures.js';
import type { Transcript } from './transcript.js';

/** What vitest's own time limit adds to ours, so that ours always speaks first. */
export const VITEST_GRACE_MS = 10_000;

export class TimeLimitReached extends SuiteError {}

/** Runs `work`; past `limitMs`, aborts `controller` and rejects with what the test was waiting for. */
export async function withinTimeLimit<T>(work: () => Promise<T>, limitMs: number, transcript: Transcript, controller: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new TimeLimitReached(describeWait(limitMs, transcript, performance.now()));
      controller.abort(error);
      reject(error);
    }, limitMs);
  });
  try {
    return await Promise.race([work(), expired]);
  } finally {
    clearTimeout(timer);
  }
}

export function describeWait(limitMs: number, transcript: Transcript, now: number): string {
  const limit = `time limit of ${seconds(limitMs)} reached (--timeout, or the test's own limit)`;
  const pending = transcript.pending();
  if (pending.length > 0) {
    const waits = pending.map((p) => `${p.label} (sent ${seconds(now - p.startedAt)} before, no answer yet)`);
    return `${limit} while waiting for the target to answer ${waits.join('; ')}`;
  }
  const last = transcript.last();
  const lastText = last ? `; its last request, ${last.method} ${pathOf(last.url)}, answered ${last.status ?? last.error ?? '?'}` : '; it had sent no request';
  return `${limit} with no request in flight: the test was busy or waiting on its own (a poll that never saw what it waited for?)${lastText}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}
