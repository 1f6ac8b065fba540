import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sameValue } from './fields.js';

/** JSON text with keys sorted and undefined members dropped: what "the same value" means. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, undefined, true, false, 0, 1, '', 'a', 'b'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('type', 'text', 'attrs', 'content', 'marks'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

describe('sameValue', () => {
  it('is equality of JSON values: key order and undefined members do not count', () => {
    expect(sameValue({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue(0, '0')).toBe(false);
  });

  it('agrees with comparing canonical JSON text', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        // At the top, and in arrays as JSON has it, a missing value is null.
        expect(sameValue(a, b)).toBe(canonical(a ?? null) === canonical(b ?? null));
        expect(sameValue(a, structuredClone(a))).toBe(true);
      }),
      { seed: 8, numRuns: 500 },
    );
  });
});
