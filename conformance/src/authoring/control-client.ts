/**
 * The target's test-control API (/_control, see DESIGN.md): reset, the
 * clock, the outbox. Every call is a normal request of the test, so it shows
 * in the transcript; a call that does not answer 2xx is a suite error (the
 * precondition could not be set up), not a failure of a rule.
 */
import type { ApiClient, ApiResponse, QueryValue } from './api-client.js';
import { SuiteError } from './failures.js';
import { ListWalk } from './list-walk.js';

/** Emails per page when the outbox is read up to a point in time. */
const OUTBOX_PAGE = 20;

export interface ClockState {
  now: number;
  frozen: boolean;
}

export interface ControlPublication {
  id: string;
  slug: string;
  name: string;
  ownerUserId: string;
  apiKeys: string[];
  teamMemberIds: string[];
  communityIds: string[];
  customEmailApproved: boolean;
}

export class ControlClient {
  constructor(
    private readonly client: ApiClient,
    /** Skips the test when the target has no control API; called before any request. */
    private readonly requireControl: (capability?: string) => void,
    /** Refuses a call that changes what every test sees while other test files run beside this one. */
    private readonly guardSharedState: (method: string, path: string) => void = () => {},
  ) {}

  async info(): Promise<{ implementation: string; version: string; seed: number; now: number; capabilities: string[] }> {
    return this.json('GET', '/_control');
  }

  /** Back to the seeded fixtures, or to an empty service with {empty: true}. */
  async reset(options: { empty?: boolean } = {}): Promise<void> {
    await this.json('POST', '/_control/reset', options.empty ? { empty: true } : {});
  }

  async publications(): Promise<ControlPublication[]> {
    const body = await this.json<{ publications: ControlPublication[] }>('GET', '/_control/publications');
    return body.publications;
  }

  async clock(): Promise<ClockState> {
    return this.json('GET', '/_control/clock');
  }

  /** Moves the clock forward; everything that falls due runs before this returns. */
  async advanceClock(ms: number): Promise<ClockState> {
    return this.json('POST', '/_control/clock', { advanceMs: ms });
  }

  async setClock(to: number): Promise<ClockState> {
    return this.json('POST', '/_control/clock', { to });
  }

  async freezeClock(frozen = true): Promise<ClockState> {
    return this.json('POST', '/_control/clock', { frozen });
  }

  /** Emails the service would have sent, newest first. The query filters (e.g. {to}). */
  async outbox<T = Record<string, unknown>>(query?: Record<string, QueryValue>): Promise<T[]> {
    this.requireControl('outbox');
    return itemsOf<T>(this.ok<unknown>(await this.client.get('/_control/outbox', { query })));
  }

  /**
   * The emails queued at or after `since` (the target's clock, Unix ms),
   * newest first: the outbox is read a page at a time up to the first older
   * email, not whole (a long-running target holds megabytes of mail). An
   * email without createdAt counts as newer, so such a target is read whole.
   */
  async outboxSince<T extends { id: string; createdAt?: number }>(since: number, query: Record<string, QueryValue> = {}): Promise<T[]> {
    this.requireControl('outbox');
    const walk = new ListWalk('GET /_control/outbox');
    const found: T[] = [];
    for (let cursor: string | undefined; ; ) {
      const body = this.ok<{ pagination?: { hasMore: boolean; cursor: string } }>(
        await this.client.get('/_control/outbox', { query: { ...query, limit: OUTBOX_PAGE, cursor } }),
      );
      const items = itemsOf<T>(body);
      const newer = items.filter((email) => email.createdAt === undefined || email.createdAt >= since);
      found.push(...newer);
      // Newest first: past the first older email, every one is older.
      if (newer.length < items.length || !body.pagination) return found;
      if (!walk.next({ askedWith: cursor, ...body.pagination, ids: items.map((email) => email.id) })) return found;
      cursor = body.pagination.cursor;
    }
  }

  async clearOutbox(): Promise<void> {
    await this.json('DELETE', '/_control/outbox', undefined, 'outbox');
  }

  /** Any other control endpoint (e.g. approving an auth session); answers the parsed body. */
  async call<T = unknown>(method: string, path: string, json?: unknown): Promise<T> {
    return this.json(method, path, json);
  }

  private async json<T>(method: string, path: string, json?: unknown, capability?: string): Promise<T> {
    this.requireControl(capability ?? capabilityOf(path));
    this.guardSharedState(method, path);
    // A write without a body still says it is JSON: a control API may refuse anything else (a web page can send that).
    const bare = method === 'GET' || method === 'DELETE' ? {} : { headers: { 'content-type': 'application/json' } };
    const res = await this.client.request(method, path, json === undefined ? bare : { json });
    return this.ok<T>(res);
  }

  private ok<T>(res: ApiResponse): T {
    if (res.status < 200 || res.status >= 300) {
      throw new SuiteError(`test-control call ${res.label} answered ${res.status}: ${res.text.slice(0, 300)}`);
    }
    return res.body as T;
  }
}

/** The emails of an outbox answer: a page's items, or (other targets) a bare array or {emails}. */
function itemsOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const wrapped = body as { emails?: T[]; items?: T[] };
  return wrapped.emails ?? wrapped.items ?? [];
}

/** /_control/clock needs the "clock" capability, /_control/outbox "outbox"; the rest only /_control itself. */
function capabilityOf(path: string): string | undefined {
  const match = /^\/_control\/(clock|outbox)\b/.exec(path);
  return match?.[1];
}
