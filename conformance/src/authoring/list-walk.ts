/**
 * The bound on every walk of a paginated list. A target whose hasMore never
 * turns false (or whose cursor leads back to a page already read) would
 * keep a test requesting pages for minutes; the guard stops the walk at the
 * first sign and fails it as a broken pagination rule, tagged as a setup
 * step so that the tests it blocked are reported under that one cause.
 */
import { ConformanceFailure } from './failures.js';
import { tagBlockedBy } from './setup-step.js';

/** Pages one walk may read: far more than any list the suite builds, far fewer than minutes of requests. */
export const MAX_WALK_PAGES = 200;

export interface WalkedPage {
  /** The cursor the page was asked with ('' or undefined for the first page). */
  askedWith: string | undefined;
  hasMore: boolean;
  cursor: string | undefined;
  /** Ids (or any stable keys) of the page's items, to notice a page served again. */
  ids: readonly string[];
}

export class ListWalk {
  private pages = 0;
  private readonly cursors = new Set<string>();
  private readonly seen = new Set<string>();

  constructor(
    /** `GET /v1/subscribers`, for messages. */
    private readonly label: string,
    private readonly maxPages = MAX_WALK_PAGES,
  ) {}

  /**
   * Records one page; answers whether another page follows, failing when
   * the list cannot end: too many pages, no cursor to go on with, a cursor
   * handed out twice, or a whole page of items already read.
   */
  next(page: WalkedPage): boolean {
    this.pages++;
    const where = `${this.label} (page ${this.pages})`;
    const allSeen = page.ids.length > 0 && page.ids.every((id) => this.seen.has(id));
    for (const id of page.ids) this.seen.add(id);
    if (!page.hasMore) return false;
    if (!page.cursor) this.fail('pagination.has-more.last-page', `${where}: hasMore is true but the cursor is empty: the list cannot be followed`);
    if (page.cursor === page.askedWith || this.cursors.has(page.cursor)) {
      this.fail('pagination.cursor.next-page', `${where}: hasMore is true and the cursor ${JSON.stringify(page.cursor)} was handed out before: the walk would never end`);
    }
    if (allSeen) this.fail('pagination.cursor.next-page', `${where}: every item of this page was already listed on an earlier page, and hasMore is still true: the walk would never end`);
    if (this.pages >= this.maxPages) {
      this.fail('pagination.has-more.last-page', `${this.label}: hasMore is still true after ${this.pages} pages (${this.seen.size} distinct items); the walk stops here (the suite reads at most ${this.maxPages} pages of a list)`);
    }
    this.cursors.add(page.cursor);
    return true;
  }

  private fail(ruleId: string, message: string): never {
    const error = new ConformanceFailure(`${message} [${ruleId}]`);
    tagBlockedBy(error, ruleId);
    throw error;
  }
}
