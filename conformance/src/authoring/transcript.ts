/**
 * The requests and responses of one test, kept for the failure report. Only
 * the last exchanges are kept: the ones just before a failure explain it.
 */
import type { Exchange } from '../shared/transcript-types.js';

export const MAX_EXCHANGES = 25;
export const MAX_BODY_CHARS = 4_000;

export class Transcript {
  private exchanges: Exchange[] = [];
  private dropped = 0;

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
