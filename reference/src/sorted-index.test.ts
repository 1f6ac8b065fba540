import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareKeys, type ListOrder } from './pagination.js';
import { SortedIndex } from './sorted-index.js';

interface Item {
  id: string;
  at: number;
}

const order: ListOrder<Item> = { key: (i) => [i.at, i.id], descending: [true, false] };
const sorted = (items: Item[]) => [...items].sort((a, b) => compareKeys(order.key(a), order.key(b), order.descending));
const drain = <T>(it: Iterator<T>) => {
  const out: T[] = [];
  for (let n = it.next(); !n.done; n = it.next()) out.push(n.value);
  return out;
};

type Op = { kind: 'insert'; at: number } | { kind: 'remove'; pick: number } | { kind: 'move'; pick: number; at: number };

const ops = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), at: fc.integer({ min: 0, max: 50 }) }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), at: fc.integer({ min: 0, max: 50 }) }),
  ),
  { maxLength: 300 },
);

describe('SortedIndex', () => {
  it('holds exactly the items of a plain sorted array through inserts, removals and key changes, with tiny blocks', () => {
    fc.assert(
      fc.property(ops, fc.boolean(), (list: Op[], remembersKeys) => {
        const index = new SortedIndex(order, { remembersKeys, blockSize: 4 });
        const model: Item[] = [];
        let n = 0;
        for (const op of list) {
          if (op.kind === 'insert') {
            const item = { id: `i${String(n++).padStart(4, '0')}`, at: op.at };
            index.insert(item);
            model.push(item);
          } else if (model.length > 0) {
            const item = model[op.pick % model.length];
            if (op.kind === 'remove' || !remembersKeys) {
              expect(index.remove(item)).toBe(true);
              model.splice(model.indexOf(item), 1);
              if (op.kind === 'move') {
                item.at = op.at;
                index.insert(item);
                model.push(item);
              }
            } else {
              // Changed in place first, re-sorted afterwards: the remembered key finds it.
              item.at = op.at;
              if (op.pick % 2 === 0) index.reposition(item);
              else {
                expect(index.remove(item)).toBe(true);
                index.insert(item);
              }
            }
          }
          expect(index.size).toBe(model.length);
        }
        const expected = sorted(model);
        expect(index.toArray()).toEqual(expected);
        expect(drain(index.after(null))).toEqual(expected);
        for (const [i, item] of expected.entries()) {
          expect(drain(index.after(order.key(item)))).toEqual(expected.slice(i + 1));
          expect(index.has(item)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('finds the place after a key that is not in the list', () => {
    const index = new SortedIndex(order, { blockSize: 2 });
    for (const at of [9, 7, 5, 3, 1]) index.insert({ id: `x${at}`, at });
    expect(drain(index.after([6, 'zzz'])).map((i) => i.at)).toEqual([5, 3, 1]);
    expect(drain(index.after([100, 'a'])).map((i) => i.at)).toEqual([9, 7, 5, 3, 1]);
    expect(drain(index.after([0, 'a']))).toEqual([]);
  });

  it('refuses to reposition what it does not hold, or without remembered keys', () => {
    const index = new SortedIndex(order, { remembersKeys: true });
    expect(() => index.reposition({ id: 'a', at: 1 })).toThrow(/not in the index/);
    expect(() => new SortedIndex(order).reposition({ id: 'a', at: 1 })).toThrow(/remembers keys/);
  });

  it('refuses to remove what it does not hold', () => {
    const index = new SortedIndex(order, { remembersKeys: true });
    const a = { id: 'a', at: 1 };
    expect(index.remove(a)).toBe(false);
    index.insert(a);
    expect(index.remove({ id: 'a', at: 1 })).toBe(false);
    expect(index.remove(a)).toBe(true);
  });
});
