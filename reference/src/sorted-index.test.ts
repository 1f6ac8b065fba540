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

// size 'max': by default fast-check keeps arrays to about ten elements whatever their maxLength, too few to split a block.
const ops = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), at: fc.integer({ min: 0, max: 50 }) }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), at: fc.integer({ min: 0, max: 50 }) }),
  ),
  { maxLength: 300, size: 'max' },
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

  it('keeps remembered keys in step with their items through front-heavy inserts, splits and merges, while items wait to be re-sorted', () => {
    type FrontOp = { kind: 'front' | 'back' | 'remove' | 'change' | 'settle'; pick: number; at: number };
    const frontOps = fc.array(
      fc.record({ kind: fc.constantFrom('front', 'front', 'front', 'back', 'remove', 'change', 'settle'), pick: fc.nat(), at: fc.integer({ min: 0, max: 1000 }) }),
      { maxLength: 400, size: 'max' },
    );
    fc.assert(
      fc.property(frontOps, fc.constantFrom(2, 8, 16), (list: FrontOp[], blockSize) => {
        const index = new SortedIndex(order, { remembersKeys: true, blockSize });
        const model: Item[] = [];
        // Changed in place, not yet re-sorted: the index still holds them by their old keys.
        const waiting = new Set<Item>();
        let n = 0;
        let newest = 1000;
        let oldest = 0;
        for (const op of list) {
          const item = model[op.pick % Math.max(model.length, 1)];
          if (op.kind === 'front' || op.kind === 'back') {
            const added = { id: `i${String(n++).padStart(4, '0')}`, at: op.kind === 'front' ? ++newest : --oldest };
            index.insert(added);
            model.push(added);
          } else if (item && op.kind === 'remove') {
            expect(index.remove(item)).toBe(true);
            model.splice(model.indexOf(item), 1);
            waiting.delete(item);
          } else if (item && op.kind === 'change') {
            item.at = op.at % 2 === 0 ? ++newest : op.at;
            waiting.add(item);
          } else if (op.kind === 'settle' && waiting.size > 0) {
            const [first] = waiting;
            index.reposition(first);
            waiting.delete(first);
          }
          expect(index.size).toBe(model.length);
        }
        for (const item of waiting) index.reposition(item);
        const expected = sorted(model);
        expect(index.toArray()).toEqual(expected);
        for (const [i, item] of expected.entries()) {
          expect(index.has(item)).toBe(true);
          expect(drain(index.after(order.key(item)))).toEqual(expected.slice(i + 1));
        }
        // Thinned out to one item in eight from the back, blocks fall under a quarter full next to
        // blocks already thinned, and merge with them.
        const kept = expected.filter((_, i) => i % 8 === 0);
        for (let i = expected.length - 1; i >= 0; i--) if (i % 8 !== 0) expect(index.remove(expected[i])).toBe(true);
        expect(index.toArray()).toEqual(kept);
        for (const [i, item] of kept.entries()) expect(drain(index.after(order.key(item)))).toEqual(kept.slice(i + 1));
        for (const item of kept) expect(index.remove(item)).toBe(true);
        expect(index.size).toBe(0);
      }),
      { numRuns: 100 },
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

  it('without remembered keys, holds and removes only the items it was given: not another with the same key, not one before, between or after them', () => {
    const index = new SortedIndex(order, { blockSize: 2 });
    expect(index.has({ id: 'x5', at: 5 })).toBe(false);
    expect(index.remove({ id: 'x5', at: 5 })).toBe(false);
    const items = [9, 7, 5, 3, 1].map((at) => ({ id: `x${at}`, at }));
    for (const item of items) index.insert(item);
    // Newest first: at 100 comes before every item, at 6 between two blocks' items, at 0 after every item.
    for (const absent of [{ id: 'x5', at: 5 }, { id: 'y', at: 100 }, { id: 'y', at: 6 }, { id: 'y', at: 0 }]) {
      expect(index.has(absent)).toBe(false);
      expect(index.remove(absent)).toBe(false);
    }
    expect(index.toArray()).toEqual(items);
    expect(items.every((item) => index.has(item))).toBe(true);
  });

  it('with remembered keys, refuses an item it holds already, and finds one changed in place by the key it was inserted under', () => {
    const index = new SortedIndex(order, { remembersKeys: true, blockSize: 2 });
    const items = [9, 7, 5, 3, 1].map((at) => ({ id: `x${at}`, at }));
    for (const item of items) index.insert(item);
    expect(() => index.insert(items[0]!)).toThrow('item is already in the index');
    items[4]!.at = 100;
    expect(index.has(items[4]!)).toBe(true);
    expect(index.has({ id: 'x1', at: 1 })).toBe(false);
  });

  it('without remembered keys, merges blocks thinned out by removals and keeps its order', () => {
    const index = new SortedIndex(order, { blockSize: 8 });
    const items = Array.from({ length: 100 }, (_, i) => ({ id: `x${String(i).padStart(3, '0')}`, at: 100 - i }));
    for (const item of items) index.insert(item);
    const kept = items.filter((_, i) => i % 8 === 0);
    for (let i = items.length - 1; i >= 0; i--) if (i % 8 !== 0) expect(index.remove(items[i]!)).toBe(true);
    expect(index.toArray()).toEqual(kept);
    for (const [i, item] of kept.entries()) expect(drain(index.after(order.key(item)))).toEqual(kept.slice(i + 1));
  });
});
