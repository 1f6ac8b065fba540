import { describe, expect, it } from 'vitest';
import { Random, secretAlphanumeric, secretHex } from './random.js';

const LETTERS_AND_DIGITS = /^[A-Za-z0-9]*$/;
const draws = <T>(n: number, draw: () => T): T[] => Array.from({ length: n }, draw);

describe('Random, the seeded generator', () => {
  it('gives the same sequence for a seed every time: saved states and recorded goldens continue it', () => {
    const random = new Random(1);
    expect([random.uint32(), random.uint32(), random.uint32()]).toEqual([1828152527, 3394835397, 2967886022]);
    expect(random.snapshot()).toEqual([1190388996, 3314191350, 1774087289, 2041432054]);
  });

  it('reads a seed as an unsigned 32-bit integer', () => {
    const first = (seed: number) => {
      const random = new Random(seed);
      return draws(5, () => random.uint32());
    };
    expect(first(2 ** 32 + 7)).toEqual(first(7));
    expect(first(-1)).toEqual(first(2 ** 32 - 1));
    expect(first(7)).not.toEqual(first(8));
  });

  it('continues the same sequence from a restored snapshot, its words read as unsigned 32-bit integers', () => {
    const random = new Random(42);
    random.uint32();
    const snapshot = random.snapshot();
    const next = draws(5, () => random.uint32());
    const restored = new Random(99);
    restored.restoreSnapshot(snapshot);
    expect(draws(5, () => restored.uint32())).toEqual(next);
    const wrapped = new Random(99);
    wrapped.restoreSnapshot(snapshot.map((word) => word + 2 ** 32));
    expect(wrapped.snapshot()).toEqual(snapshot);
  });

  it('saves its words unsigned, as a restored generator does: the same state reads the same in a state file', () => {
    const random = new Random(3);
    const restored = new Random(99);
    restored.restoreSnapshot(random.snapshot());
    for (let i = 0; i < 200; i++) {
      random.uint32();
      restored.uint32();
      expect(random.snapshot().every((word) => word >= 0 && word <= 0xffffffff)).toBe(true);
      expect(restored.snapshot()).toEqual(random.snapshot());
    }
    // A state file saved with a signed word (as earlier versions wrote one) continues the same sequence.
    const signed = new Random(99);
    signed.restoreSnapshot(random.snapshot().map((word, i) => (i === 0 ? word | 0 : word)));
    expect(draws(5, () => signed.uint32())).toEqual(draws(5, () => random.uint32()));
  });

  it('draws floats in [0, 1), integers within both bounds, and every item of a list', () => {
    const random = new Random(5);
    const floats = draws(2000, () => random.float());
    expect(floats.every((f) => f >= 0 && f < 1)).toBe(true);
    expect(Math.max(...floats)).toBeGreaterThan(0.99);
    expect(Math.min(...floats)).toBeLessThan(0.01);
    expect(new Set(draws(2000, () => random.int(3, 5)))).toEqual(new Set([3, 4, 5]));
    expect(new Set(draws(2000, () => random.pick(['a', 'b', 'c'])))).toEqual(new Set(['a', 'b', 'c']));
  });

  it('draws ids of letters and digits (20 unless told), every one of the 62 in use', () => {
    const random = new Random(6);
    expect(random.alphanumeric()).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(random.alphanumeric(5)).toHaveLength(5);
    const seen = new Set(draws(200, () => random.alphanumeric()).join(''));
    expect(seen.size).toBe(62);
  });

  it('draws hex bytes two digits each, zero-padded, and version 4 UUIDs of every variant', () => {
    const random = new Random(8);
    const bytes = draws(500, () => random.hex(1));
    expect(bytes.every((b) => /^[0-9a-f]{2}$/.test(b))).toBe(true);
    expect(bytes.some((b) => b.startsWith('0'))).toBe(true);
    expect(random.hex(4)).toMatch(/^[0-9a-f]{8}$/);
    const uuids = draws(200, () => random.uuid());
    for (const uuid of uuids) expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(uuids.map((uuid) => uuid[19]))).toEqual(new Set(['8', '9', 'a', 'b']));
  });
});

describe('secrets, from the operating system', () => {
  it('are letters and digits of the length asked for, different each time', () => {
    for (const length of [0, 1, 7, 20, 64]) {
      const secret = secretAlphanumeric(length);
      expect(secret).toHaveLength(length);
      expect(secret).toMatch(LETTERS_AND_DIGITS);
    }
    expect(secretAlphanumeric(32)).not.toBe(secretAlphanumeric(32));
    expect(secretHex(16)).toMatch(/^[0-9a-f]{32}$/);
    expect(secretHex(16)).not.toBe(secretHex(16));
  });

  it('draw each of the 62 characters equally often: a byte past the last multiple of 62 is drawn again, not folded onto the first characters', () => {
    const counts = new Map<string, number>();
    for (const c of secretAlphanumeric(62 * 4000)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // A folded byte would give a character five chances in 256 against four: a quarter more than the others.
    // By chance alone a count of 4,000 strays about 63 either way; 15% is nine times that.
    for (const count of counts.values()) expect(Math.abs(count - 4000)).toBeLessThan(600);
  });
});
