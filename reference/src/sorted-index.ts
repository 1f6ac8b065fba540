/**
 * A list kept in sort order as items come and go, so that a page of it is a
 * binary search and a short walk, never a filter or a sort per request.
 *
 * Items live in blocks of at most 2 x BLOCK items (a flat sorted array would
 * make an insert at the front of a million-item list move a million
 * pointers). Finding a place is a binary search over the blocks, then one
 * inside a block; an insert or removal moves at most one block's items.
 *
 * Sort keys must be unique (the id as the last element does that). Items
 * whose key never changes (subscribers) are compared by their key as it is.
 * Items that are changed in place (posts) need `remembersKeys`: the index then
 * keeps each item's key as it was when inserted and compares by that, so an
 * item changed before it is re-sorted can still be found and removed, and
 * cannot mislead a search for another.
 *
 * Remembered keys are kept twice, the same key object in both places: in each
 * block beside its items, in step with them, so that a search compares keys
 * read from an array rather than looking each one up in a Map (some 16
 * lookups an insert); and in a Map from item to key, to find an item that is
 * taken out or moved (one lookup per operation). Without `remembersKeys` no keys are kept:
 * `order.key` gives the same key every time, and keeping them would be an
 * array per item (a million subscribers).
 */
import { compareKeys, firstIndexWhere, type ListOrder, type PageSource, type SortKey } from './pagination.js';

const BLOCK = 512;

export class SortedIndex<T> implements PageSource<T> {
  private blocks: T[][] = [];
  /** With remembersKeys, `keyBlocks[b][i]` is the key `blocks[b][i]` was inserted under; kept in step with `blocks`. */
  private readonly keyBlocks: SortKey[][] | null;
  private count = 0;
  private readonly keys: Map<T, SortKey> | null;
  private readonly descending: readonly boolean[];
  private readonly block: number;

  constructor(
    private readonly order: ListOrder<T>,
    options: { remembersKeys?: boolean; blockSize?: number } = {},
  ) {
    this.keys = options.remembersKeys ? new Map() : null;
    this.keyBlocks = options.remembersKeys ? [] : null;
    this.descending = order.descending;
    this.block = options.blockSize ?? BLOCK;
  }

  get size(): number {
    return this.count;
  }

  has(item: T): boolean {
    if (this.keys) return this.keys.has(item);
    if (this.blocks.length === 0) return false;
    const key = this.order.key(item);
    const b = this.blockFor(key);
    return this.blocks[b][this.lowerBound(b, key)] === item;
  }

  insert(item: T): void {
    const key = this.order.key(item);
    if (this.keys) {
      if (this.keys.has(item)) throw new Error('item is already in the index');
      this.keys.set(item, key);
    }
    this.place(item, key);
  }

  /**
   * Move an item that is in the index to the place its current key gives it
   * (remembersKeys only: it is found by the key it had). The same as remove
   * then insert, except that the remembered key is overwritten rather than
   * deleted and added again: a Map that deletes and re-adds one key over and
   * over keeps every deleted entry in that key's hash chain until it next
   * rehashes, and every lookup of a key sharing the chain walks them all
   * (a post edited many times made each edit slower: bench/README.md,
   * Measured choices in the code).
   */
  reposition(item: T): void {
    if (!this.keys) throw new Error('reposition needs an index that remembers keys');
    if (!this.take(item)) throw new Error('item is not in the index');
    const key = this.order.key(item);
    this.keys.set(item, key);
    this.place(item, key);
  }

  private place(item: T, key: SortKey): void {
    if (this.blocks.length === 0) {
      this.blocks.push([item]);
      this.keyBlocks?.push([key]);
      this.count = 1;
      return;
    }
    const last = this.blocks.length - 1;
    const end = this.blocks[last].length;
    // After everything (a bulk load in list order) or before everything (a new
    // draft: the latest edit): no search.
    if (compareKeys(this.keyAt(last, end - 1), key, this.descending) < 0) this.insertAt(last, end, item, key);
    else if (compareKeys(key, this.keyAt(0, 0), this.descending) < 0) this.insertAt(0, 0, item, key);
    else {
      const b = this.blockFor(key);
      this.insertAt(b, this.lowerBound(b, key), item, key);
    }
  }

  private insertAt(b: number, i: number, item: T, key: SortKey): void {
    const block = this.blocks[b];
    const keys = this.keyBlocks?.[b];
    if (i === block.length) {
      block.push(item);
      keys?.push(key);
    } else {
      block.splice(i, 0, item);
      keys?.splice(i, 0, key);
    }
    this.count++;
    if (block.length > 2 * this.block) {
      this.blocks.splice(b + 1, 0, block.splice(this.block));
      if (keys) this.keyBlocks!.splice(b + 1, 0, keys.splice(this.block));
    }
  }

  /** Remove `item`, found by the key it was inserted under. False when it is not there. */
  remove(item: T): boolean {
    if (!this.take(item)) return false;
    this.keys?.delete(item);
    return true;
  }

  /** Take `item` out of the blocks (its remembered key stays in the Map): false when it is not there. */
  private take(item: T): boolean {
    if (this.blocks.length === 0) return false;
    const key = this.keys ? this.keys.get(item) : this.order.key(item);
    if (key === undefined) return false;
    const b = this.blockFor(key);
    const block = this.blocks[b];
    const i = this.lowerBound(b, key);
    if (block[i] !== item) return false;
    block.splice(i, 1);
    const keyBlocks = this.keyBlocks;
    keyBlocks?.[b].splice(i, 1);
    this.count--;
    if (block.length === 0) {
      this.blocks.splice(b, 1);
      keyBlocks?.splice(b, 1);
    } else if (block.length < this.block / 4 && b + 1 < this.blocks.length && block.length + this.blocks[b + 1].length <= 2 * this.block) {
      // Merge small neighbours so the block list stays short after many removals.
      block.push(...this.blocks[b + 1]);
      this.blocks.splice(b + 1, 1);
      if (keyBlocks) {
        keyBlocks[b].push(...keyBlocks[b + 1]);
        keyBlocks.splice(b + 1, 1);
      }
    }
    return true;
  }

  /** Items strictly after `key` in list order (all items when key is null). */
  *after(key: SortKey | null): Generator<T> {
    let b = 0;
    let i = 0;
    if (key !== null && this.blocks.length > 0) {
      b = this.blockAfter(key);
      if (b < this.blocks.length) i = this.upperBound(b, key);
    }
    for (; b < this.blocks.length; b++, i = 0) {
      const block = this.blocks[b];
      for (; i < block.length; i++) yield block[i];
    }
  }

  toArray(): T[] {
    return this.blocks.flat();
  }

  private keyAt(b: number, i: number): SortKey {
    return this.keyBlocks ? this.keyBlocks[b][i] : this.order.key(this.blocks[b][i]);
  }

  /** The block where an item with `key` belongs: the first whose last item is not before it. */
  private blockFor(key: SortKey): number {
    const b = this.firstBlockWhere((last) => compareKeys(last, key, this.descending) >= 0);
    return Math.min(b, this.blocks.length - 1);
  }

  /** The first block holding an item after `key` (blocks.length when none does). */
  private blockAfter(key: SortKey): number {
    return this.firstBlockWhere((last) => compareKeys(last, key, this.descending) > 0);
  }

  private firstBlockWhere(test: (lastKey: SortKey) => boolean): number {
    return firstIndexWhere(this.blocks.length, (b) => test(this.keyAt(b, this.blocks[b].length - 1)));
  }

  /** First position in block `b` whose item is not before `key`. */
  private lowerBound(b: number, key: SortKey): number {
    return firstIndexWhere(this.blocks[b].length, (i) => compareKeys(this.keyAt(b, i), key, this.descending) >= 0);
  }

  /** First position in block `b` whose item is after `key`. */
  private upperBound(b: number, key: SortKey): number {
    return firstIndexWhere(this.blocks[b].length, (i) => compareKeys(this.keyAt(b, i), key, this.descending) > 0);
  }
}
