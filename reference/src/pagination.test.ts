import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { Cursors, paginate, sortByOrder, type ListOrder, type SortKey } from './pagination.js';
import { SortedIndex } from './sorted-index.js';

interface Item { id: string; at: number }
const order: ListOrder<Item> = { key: (i) => [i.at, i.id], descending: [true, true] };
const cursors = new Cursors('secret');

function walk(items: Item[], limit: number, between?: (page: number) => void): string[] {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const sorted = sortByOrder([...items], order);
    const result = paginate(cursors, 'test', sorted, order, { cursor, limit });
    seen.push(...result.items.map((i) => i.id));
    if (!result.pagination.hasMore) return seen;
    cursor = result.pagination.cursor;
    between?.(page);
  }
  throw new Error('did not finish');
}

describe('paginate', () => {
  it('returns every item once, in order, for any page size', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), at: fc.integer({ min: 0, max: 20 }) }), { selector: (i) => i.id }), fc.integer({ min: 1, max: 7 }), (items, limit) => {
        const expected = sortByOrder([...items], order).map((i) => i.id);
        expect(walk(items, limit)).toEqual(expected);
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it('neither repeats nor skips surviving items when items are added or removed between pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 40 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 1000 }), (n, limit, salt) => {
        const items: Item[] = Array.from({ length: n }, (_, i) => ({ id: `i${i}`, at: (i * 7 + salt) % 13 }));
        const original = new Set(items.map((i) => i.id));
        const removed = new Set<string>();
        const seen = walk(items, limit, (page) => {
          items.push({ id: `new${page}`, at: (page * 5 + salt) % 13 });
          const victim = items[(page * 3 + salt) % items.length];
          removed.add(victim.id);
          items.splice(items.indexOf(victim), 1);
        });
        expect(new Set(seen).size).toBe(seen.length);
        for (const id of original) if (!removed.has(id)) expect(seen).toContain(id);
      }),
      { seed: 11, numRuns: 200 },
    );
  });

  it('refuses tampered and foreign cursors with 400', () => {
    const cursor = cursors.encode('list-a', [5, 'x']);
    expect(cursors.decode('list-a', cursor)).toEqual([5, 'x']);
    const tampered = cursor.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    for (const bad of [tampered, 'garbage', `${cursor}.x`, '', '.']) {
      expect(() => cursors.decode('list-a', bad)).toThrow(ApiError);
    }
    expect(() => cursors.decode('list-b', cursor)).toThrow(/another list/);
    expect(() => new Cursors('other-secret').decode('list-a', cursor)).toThrow(ApiError);
  });

  it('makes the same cursor for the same position, before and after its memo is cleared', () => {
    const fresh = new Cursors('secret');
    const first = fresh.encode('list-a', [5, 'x']);
    expect(fresh.encode('list-a', [5, 'x'])).toBe(first);
    expect(fresh.encode('list-b', [5, 'x'])).not.toBe(first);
    for (let i = 0; i < 5000; i++) expect(fresh.decode('list-a', fresh.encode('list-a', [i, `id${i}`]))).toEqual([i, `id${i}`]);
    expect(fresh.encode('list-a', [5, 'x'])).toBe(first);
    expect(new Cursors('secret').encode('list-a', [5, 'x'])).toBe(first);
  });

  it('pages a cursor signed with the key but holding any JSON as its position, in order and without error (a forged cursor grants nothing)', () => {
    // The key follows from the seed (wiring.ts): anyone may sign a cursor, so whatever it holds must read as some page of the list.
    const items = sortByOrder(Array.from({ length: 30 }, (_, i) => ({ id: `i${i % 7}${i}`, at: i % 5 })), order);
    const indexes = [new SortedIndex(order), new SortedIndex(order, { remembersKeys: true, blockSize: 4 })];
    for (const index of indexes) for (const item of items) index.insert(item);
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 40 }), (position, limit) => {
        const cursor = cursors.encode('s', position as unknown as SortKey);
        for (const source of [items, ...indexes]) {
          const page = paginate(cursors, 's', source, order, { cursor, limit });
          expect(page.pagination.total).toBe(items.length);
          const at = page.items.map((item) => items.indexOf(item));
          expect(at.every((i, n) => i >= 0 && (n === 0 || i > at[n - 1]!))).toBe(true);
        }
      }),
      { seed: 13, numRuns: 300 },
    );
  });

  it('reports the total and an empty cursor on the last page', () => {
    const items = sortByOrder([{ id: 'a', at: 1 }, { id: 'b', at: 2 }], order);
    const page = paginate(cursors, 's', items, order, { limit: 5 });
    expect(page.pagination).toEqual({ cursor: '', hasMore: false, total: 2 });
  });

  it('answers a page of no items, more to come and no cursor, for a limit of 0', () => {
    // Routes refuse a limit under 1; the function still answers for one, without a cursor it has no item to place.
    const items = sortByOrder([{ id: 'a', at: 1 }], order);
    expect(paginate(cursors, 's', items, order, { limit: 0 })).toEqual({ items: [], pagination: { cursor: '', hasMore: true, total: 1 } });
  });
});
