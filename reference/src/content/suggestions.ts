/**
 * Suggestions, modelled only as far as SPEC.md makes them observable: the
 * web app proposes content pieces to the writer ("post this thread now"),
 * and archiving a piece dismisses the suggestions proposing it. They are
 * seen and made through the test-control API (/_control/suggestions).
 */
import type { Random } from '../random.js';
import type { SuggestionRecord } from './snapshot-schema.js';

export type { SuggestionRecord };

export class SuggestionStore {
  private items: SuggestionRecord[] = [];

  constructor(
    private readonly random: Random,
    private readonly now: () => number,
  ) {}

  add(record: SuggestionRecord): void {
    this.items.push(record);
  }

  /** persistence/: live records, serialise at once. */
  snapshot(): SuggestionRecord[] {
    return [...this.items];
  }

  /** Into an empty store: the records become the store's own. */
  restoreSnapshot(records: SuggestionRecord[]): void {
    for (const record of records) this.add(record);
  }

  create(publicationId: string, contentId: string, text: string): SuggestionRecord {
    const record: SuggestionRecord = {
      id: this.random.uuid(),
      publicationId,
      contentId,
      text,
      status: 'open',
      createdAt: this.now(),
      dismissedAt: null,
    };
    this.items.push(record);
    return record;
  }

  /** Newest first; suggestions of the same time in the order they were made (the sort is stable). */
  list(filter: { publicationId?: string; contentId?: string; status?: SuggestionRecord['status'] } = {}): SuggestionRecord[] {
    return this.items
      .filter(
        (s) =>
          (filter.publicationId === undefined || s.publicationId === filter.publicationId) &&
          (filter.contentId === undefined || s.contentId === filter.contentId) &&
          (filter.status === undefined || s.status === filter.status),
      )
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  /** A piece archived: the open suggestions proposing it are dismissed (wiring.ts connects it to content.archived). */
  dismissProposing(contentId: string, at: number): void {
    for (const s of this.items) {
      if (s.contentId === contentId && s.status === 'open') {
        s.status = 'dismissed';
        s.dismissedAt = at;
      }
    }
  }
}
