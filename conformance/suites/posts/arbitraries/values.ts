/**
 * Building blocks of the field arbitraries: text of a given length, lengths
 * around a limit, and values of the wrong JSON type.
 *
 * Text uses letters, digits, punctuation, spaces and a few letters outside
 * ASCII, all in the Basic Multilingual Plane and without combining marks:
 * SPEC.md does not say whether a "character" is a UTF-16 unit, a code point
 * or a grapheme, and for these characters the three counts agree.
 */
import { fc } from '../../../src/authoring/index.js';

const CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?-_\'"()&/éüßçñøåÉ—–€中文字'];

export const textChar = fc.constantFrom(...CHARS);

/** Text of exactly `length` characters that neither starts nor ends with a space (a server may trim those). */
export function textOfLength(length: number): fc.Arbitrary<string> {
  if (length === 0) return fc.constant('');
  return fc.array(textChar, { minLength: length, maxLength: length }).map((chars) => {
    if (chars[0] === ' ') chars[0] = 'a';
    if (chars[chars.length - 1] === ' ') chars[chars.length - 1] = 'z';
    return chars.join('');
  });
}

/** Lengths from min to max, the boundaries (min, min+1, max-1, max) often. */
export function lengthWithin(min: number, max: number): fc.Arbitrary<number> {
  const edges = [...new Set([min, min + 1, max - 1, max].filter((n) => n >= min && n <= max))];
  return fc.oneof({ arbitrary: fc.constantFrom(...edges), weight: 2 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
}

/** Lengths past a maximum: max+1 often, then anything up to twice the maximum. */
export function lengthBeyond(max: number): fc.Arbitrary<number> {
  return fc.oneof({ arbitrary: fc.constantFrom(max + 1, max + 2), weight: 2 }, { arbitrary: fc.integer({ min: max + 1, max: max * 2 + 10 }), weight: 1 });
}

/** Text whose length is within [min, max]. */
export function textWithin(min: number, max: number): fc.Arbitrary<string> {
  return lengthWithin(min, max).chain(textOfLength);
}

/** Text longer than max. */
export function textBeyond(max: number): fc.Arbitrary<string> {
  return lengthBeyond(max).chain(textOfLength);
}

/** JSON values that are not strings (null included: a field typed string is not nullable unless SPEC.md says so). */
export const notAString = fc.constantFrom<unknown>(null, 0, 42, -1.5, true, false, [], ['x'], {}, { value: 'x' });

/** JSON values that are not booleans (the strings too: SPEC.md types these fields boolean). */
export const notABoolean = fc.constantFrom<unknown>(null, 0, 1, 'yes', 'no', 'maybe', [], [true], {}, { value: true });

/** JSON values that are not integers >= 0 (Unix ms). */
export const notUnixMs = fc.constantFrom<unknown>(-1, -1_000, 1.5, 1e12 + 0.25, 'soon', '1735689600000', true, [], {}, [1]);

/** JSON values that are not arrays of strings. */
export const notAStringArray = fc.constantFrom<unknown>(null, 42, true, {}, { 0: 'x' }, [1, 2], [null], [['nested']], [{}]);

/** A value of the same kind as `valid`, but of the wrong JSON type. */
export function oneOf<T>(...arbitraries: fc.Arbitrary<T>[]): fc.Arbitrary<T> {
  return fc.oneof(...arbitraries);
}
