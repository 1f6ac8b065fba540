/**
 * Cursor pagination. A cursor names the position of the last item returned
 * (its sort key), not an offset, so a page boundary stays right when items
 * are added or removed between two requests. Cursors are signed and bound to
 * the list they came from: a tampered or foreign cursor is refused with 400.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from './errors.js';

export type SortKey = readonly (string | number)[];

export interface Page<T> {
  items: T[];
  pagination: { cursor: string; hasMore: boolean; total: number };
}

export class Cursors {
  constructor(private readonly secret: string) {}

  encode(scope: string, key: SortKey): string {
    const payload = Buffer.from(JSON.stringify([scope, key])).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  decode(scope: string, cursor: string): SortKey {
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined || !this.verify(payload, signature))
      throw badRequest('cursor is not valid: pass back the cursor of a previous page unchanged');
    const [cursorScope, key] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [string, SortKey];
    if (cursorScope !== scope) throw badRequest('cursor belongs to another list or other filters');
    return key;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 22);
  }

  private verify(payload: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** Compare two sort keys element by element; each element descending or ascending. */
export function compareKeys(a: SortKey, b: SortKey, descending: readonly boolean[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    const c = x < y ? -1 : 1;
    return descending[i] ? -c : c;
  }
  return 0;
}

/**
 * Binary search: the first index below `length` where `test` holds, for a
 * test that is false and then true along the range; `length` when it never holds.
 */
export function firstIndexWhere(length: number, test: (index: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export interface ListOrder<T> {
  /** Unique sort key of an item; the last element should be its id. */
  key(item: T): SortKey;
  /** Per key element: true when that element sorts descending. */
  descending: readonly boolean[];
}

/**
 * A list kept in order elsewhere (sorted-index.ts), read a page at a time:
 * its size, and its items after a position.
 */
export interface PageSource<T> {
  readonly size: number;
  /** Items strictly after `key` in list order; all items when key is null. */
  after(key: SortKey | null): Iterator<T>;
}

/** Sort items into list order (for lists that are not kept sorted). */
export function sortByOrder<T>(items: T[], order: ListOrder<T>): T[] {
  return items.sort((a, b) => compareKeys(order.key(a), order.key(b), order.descending));
}

/**
 * One page of `sorted` (already in list order, as an array or a kept index)
 * after `cursor`. The page starts at the first item after the cursor's
 * position, found by search, so a page costs the same wherever it is in the
 * list, and however long the list is.
 */
export function paginate<T, R = T>(
  cursors: Cursors,
  scope: string,
  sorted: readonly T[] | PageSource<T>,
  order: ListOrder<T>,
  request: { cursor?: string; limit: number },
  map: (item: T) => R = (item) => item as unknown as R,
): Page<R> {
  const source = isArray(sorted) ? arraySource(sorted, order) : sorted;
  const items = source.after(request.cursor ? cursors.decode(scope, request.cursor) : null);
  const slice: T[] = [];
  let next = items.next();
  while (!next.done && slice.length < request.limit) {
    slice.push(next.value);
    next = items.next();
  }
  const hasMore = !next.done;
  const last = slice[slice.length - 1];
  return {
    items: slice.map(map),
    pagination: {
      cursor: hasMore && last !== undefined ? cursors.encode(scope, order.key(last)) : '',
      hasMore,
      total: source.size,
    },
  };
}

const isArray = <T>(sorted: readonly T[] | PageSource<T>): sorted is readonly T[] => Array.isArray(sorted);

/** An array in list order as a PageSource: binary search for the first item after a key. */
function arraySource<T>(sorted: readonly T[], order: ListOrder<T>): PageSource<T> {
  return {
    size: sorted.length,
    *after(key) {
      const start = key === null ? 0 : firstIndexWhere(sorted.length, (i) => compareKeys(order.key(sorted[i]), key, order.descending) > 0);
      for (let i = start; i < sorted.length; i++) yield sorted[i];
    },
  };
}
