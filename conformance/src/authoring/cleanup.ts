/**
 * What a test created, undone as soon as the test ends (best effort: a
 * failed clean-up is reported on stderr and never fails a test). Against a
 * live service this is what keeps the writer's library tidy.
 */
import type { ApiClient } from './api-client.js';

interface CleanupItem {
  label: string;
  undo: () => Promise<unknown>;
}

export class CleanupRegistry {
  private items: CleanupItem[] = [];

  constructor(private readonly clientFor: (identity: 'a' | 'b') => ApiClient) {}

  /** A post created by the test: archived at the end. */
  post(id: string, as: 'a' | 'b' = 'a'): void {
    this.add(`archive post ${id}`, () => this.clientFor(as).put(`/v1/posts/${encodeURIComponent(id)}`, { status: 'archived' }));
  }

  /** A content piece created by the test: archived at the end. */
  content(id: string, as: 'a' | 'b' = 'a'): void {
    this.add(`archive content ${id}`, () => this.clientFor(as).post(`/v1/content/${encodeURIComponent(id)}/archive`, {}));
  }

  /** A subscriber added by the test: removed at the end. */
  subscriber(who: { email?: string; wallet?: string }, as: 'a' | 'b' = 'a'): void {
    this.add(`remove subscriber ${who.email ?? who.wallet}`, () => this.clientFor(as).delete('/v1/subscribers', who));
  }

  /** Anything else; `undo` runs when the test ends, newest first. */
  add(label: string, undo: () => Promise<unknown>): void {
    this.items.push({ label, undo });
  }

  /** Runs every undo, newest first; returns the labels that failed. */
  async run(): Promise<string[]> {
    const failed: string[] = [];
    const items = this.items.reverse();
    this.items = [];
    for (const item of items) {
      try {
        await item.undo();
      } catch (error) {
        failed.push(`${item.label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return failed;
  }
}
