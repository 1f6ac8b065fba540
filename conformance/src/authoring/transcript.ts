/**
 * The requests and responses of one test, kept for the failure report. Only
 * the last exchanges are kept: the ones just before a failure explain it.
 */
import type { Exchange } from '../shared/transcript-types.js';

export const MAX_EXCHANGES = 25;
export const MAX_BODY_CHARS = 4_000;

/** A request sent and not answered yet: what a test is waiting for when its time runs out. */
export interface InFlight {
  label: string;
  startedAt: number;
}

export class Transcript {
  private exchanges: Exchange[] = [];
  private dropped = 0;
  private readonly inFlight = new Set<InFlight>();

  /** Marks a request as sent; call the answer when it is answered (or failed). */
  begin(label: string): () => void {
    const entry = { label, startedAt: performance.now() };
    this.inFlight.add(entry);
    return () => this.inFlight.delete(entry);
  }

  /** The requests still waiting for an answer, oldest first. */
  pending(): InFlight[] {
    return [...this.inFlight];
  }

  /** The last exchange recorded, if any. */
  last(): Exchange | undefined {
    return this.exchanges[this.exchanges.length - 1];
  }

  record(exchange: Exchange): void {
    this.exchanges.push(exchange);
    if (this.exchanges.length > MAX_EXCHANGES) {
      this.exchanges.shift();
      this.dropped++;
    }
  }

  /** Starts over (a property run begins), returning what was recorded. */
  take(): { exchanges: Exchange[]; dropped: number } {
    const taken = { exchanges: this.exchanges, dropped: this.dropped };
    this.exchanges = [];
    this.dropped = 0;
    return taken;
  }

  restore(taken: { exchanges: Exchange[]; dropped: number }): void {
    this.exchanges = taken.exchanges;
    this.dropped = taken.dropped;
  }

  snapshot(): { exchanges: Exchange[]; dropped: number } {
    return { exchanges: [...this.exchanges], dropped: this.dropped };
  }
}

export function truncateBody(text: string): { text: string; truncated: boolean } {
  if (text.length <= MAX_BODY_CHARS) return { text, truncated: false };
  return { text: `${text.slice(0, MAX_BODY_CHARS)}… [${text.length - MAX_BODY_CHARS} more characters]`, truncated: true };
}
