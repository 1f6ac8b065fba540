/** Limits every paginated list refuses with 400: 0, over its maximum, negative, or not an integer. */
import { fc } from '../../src/authoring/index.js';

export function badLimits(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('0', String(max + 1), '-1', '1.5', 'ten', '', ' 5', '1e1', '0x10'),
    fc.integer({ min: max + 1, max: 1_000_000 }).map(String),
    fc.integer({ min: -1_000_000, max: 0 }).map(String),
  );
}
