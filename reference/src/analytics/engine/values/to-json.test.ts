import { describe, expect, it } from 'vitest';
import { parsePgArray } from './pg-array.js';
import { buildTypeCatalog, toJsonValue } from './to-json.js';

// A few pg_type rows: [oid, category, elem, delimiter].
const types = buildTypeCatalog([
  ['1007', 'A', '23', ','], // int4[]
  ['1009', 'A', '25', ','], // text[]
  ['1185', 'A', '1184', ','], // timestamptz[]
  ['1020', 'A', '603', ';'], // box[]
  ['25', 'S', '0', ','],
  ['9000', 'A', '0', ','], // an array category without an element type: left as text
]);
const v = (text: string | null, oid: number) => toJsonValue(text, oid, types);

describe('toJsonValue', () => {
  it('null stays null whatever the type', () => {
    expect(v(null, 23)).toBeNull();
    expect(v(null, 1007)).toBeNull();
  });

  it('booleans and small integers', () => {
    expect(v('t', 16)).toBe(true);
    expect(v('f', 16)).toBe(false);
    expect(v('-32768', 21)).toBe(-32768);
    expect(v('2147483647', 23)).toBe(2147483647);
  });

  it('bigint: number when safe, else the exact text', () => {
    expect(v('9007199254740991', 20)).toBe(9007199254740991);
    expect(v('-9007199254740991', 20)).toBe(-9007199254740991);
    expect(v('9007199254740992', 20)).toBe('9007199254740992');
    expect(v('-9223372036854775808', 20)).toBe('-9223372036854775808');
  });

  it('numeric: number when the integer part is safe, else text; NaN and infinities as text', () => {
    expect(v('1.50', 1700)).toBe(1.5);
    expect(v('0.3333333333333333333333', 1700)).toBeCloseTo(1 / 3, 15);
    expect(v('-12.0000', 1700)).toBe(-12);
    expect(v('123456789012345678901234.5', 1700)).toBe('123456789012345678901234.5');
    expect(v('NaN', 1700)).toBe('NaN');
    expect(v('Infinity', 1700)).toBe('Infinity');
  });

  it('floats: numbers, non-finite values as text', () => {
    expect(v('1.5', 701)).toBe(1.5);
    expect(v('-0.1', 700)).toBe(-0.1);
    expect(v('NaN', 701)).toBe('NaN');
    expect(v('-Infinity', 701)).toBe('-Infinity');
  });

  it('timestamptz: ISO 8601 in UTC with milliseconds', () => {
    expect(v('2024-05-01 12:00:00+00', 1184)).toBe('2024-05-01T12:00:00.000Z');
    expect(v('2024-05-01 12:00:00.5+00', 1184)).toBe('2024-05-01T12:00:00.500Z');
    expect(v('2024-05-01 12:00:00.123456+00', 1184)).toBe('2024-05-01T12:00:00.123Z');
    expect(v('infinity', 1184)).toBe('infinity');
    expect(v('0044-03-15 00:00:00+00 BC', 1184)).toBe('0044-03-15 00:00:00+00 BC');
  });

  it('timestamp without zone: ISO 8601 without a zone designator', () => {
    expect(v('2024-05-01 12:00:00.25', 1114)).toBe('2024-05-01T12:00:00.250');
  });

  it('date, time, interval, bytea, uuid, text: PostgreSQL text', () => {
    expect(v('2024-05-01', 1082)).toBe('2024-05-01');
    expect(v('10:30:00', 1083)).toBe('10:30:00');
    expect(v('1 day 02:00:00', 1186)).toBe('1 day 02:00:00');
    expect(v('\\x01ff', 17)).toBe('\\x01ff');
    expect(v('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 2950)).toBe('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11');
    expect(v('hello', 25)).toBe('hello');
  });

  it('json and jsonb: parsed', () => {
    expect(v('{"a": [1, "x", null]}', 3802)).toEqual({ a: [1, 'x', null] });
    expect(v('"s"', 114)).toBe('s');
  });

  it('arrays: JSON arrays, elements mapped by their type', () => {
    expect(v('{1,2,NULL}', 1007)).toEqual([1, 2, null]);
    expect(v('{{1,2},{3,4}}', 1007)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(v('{"a b","c\\"d",NULL,"NULL"}', 1009)).toEqual(['a b', 'c"d', null, 'NULL']);
    expect(v('{"2024-05-01 12:00:00+00"}', 1185)).toEqual(['2024-05-01T12:00:00.000Z']);
    expect(v('{}', 1009)).toEqual([]);
    expect(v('[0:1]={7,8}', 1007)).toEqual([7, 8]);
    expect(v('{(1,1),(0,0);(2,2),(1,1)}', 1020)).toEqual(['(1,1),(0,0)', '(2,2),(1,1)']);
  });
});

describe('buildTypeCatalog', () => {
  it('reads OIDs and element types as numbers, and a missing category or delimiter as X and a comma', () => {
    const catalog = buildTypeCatalog([
      ['1007', 'A', '23', ','],
      ['9001', null, '0', null],
    ]);
    expect(catalog.get(1007)).toEqual({ category: 'A', elem: 23, delimiter: ',' });
    expect(catalog.get(9001)).toEqual({ category: 'X', elem: 0, delimiter: ',' });
  });
});

describe('toJsonValue, edges', () => {
  it('oid: a number, past the int4 range', () => {
    expect(v('4000000000', 26)).toBe(4000000000);
  });

  it('numeric: exactly the largest safe integer is a number, one past it text', () => {
    expect(v('9007199254740991', 1700)).toBe(9007199254740991);
    expect(v('-9007199254740991', 1700)).toBe(-9007199254740991);
    expect(v('-9007199254740993', 1700)).toBe('-9007199254740993');
    expect(v('9007199254740993', 1700)).toBe('9007199254740993');
    expect(v('-Infinity', 1700)).toBe('-Infinity');
    // The integer part decides, not the value rounded to a double (which is 2^53 here).
    expect(v('-9007199254740991.5', 1700)).toBe(-9007199254740992);
    expect(v('9007199254740992.0', 1700)).toBe('9007199254740992.0');
    expect(v('-0.5', 1700)).toBe(-0.5);
  });

  it('numeric: text not in plain decimal form stays as written, whatever digits it holds', () => {
    // Text before or after the number, a point that is not a point, a fraction with text after it.
    for (const text of ['x12', '12x', '1x5', '1.5x', '--1', '1.', '.5']) expect(v(text, 1700)).toBe(text);
  });

  it('floats: Infinity as text, exponents as numbers', () => {
    expect(v('Infinity', 700)).toBe('Infinity');
    expect(v('1e+300', 701)).toBe(1e300);
  });

  it('timestamps that do not have the expected form stay as PostgreSQL wrote them', () => {
    // timestamptz without its zone, a year of five digits, text around a timestamp
    expect(v('2024-05-01 12:00:00', 1184)).toBe('2024-05-01 12:00:00');
    expect(v('12024-05-01 12:00:00+00', 1184)).toBe('12024-05-01 12:00:00+00');
    expect(v('x2024-05-01 12:00:00+00', 1184)).toBe('x2024-05-01 12:00:00+00');
    expect(v('2024-05-01 12:00:00+00x', 1184)).toBe('2024-05-01 12:00:00+00x');
    expect(v('2024-05-01 12:00:00.1234567+00', 1184)).toBe('2024-05-01 12:00:00.1234567+00');
    expect(v('2024-05-01 12:00:00.+00', 1184)).toBe('2024-05-01 12:00:00.+00');
    expect(v('2024-05-01T12:00:00+00', 1184)).toBe('2024-05-01T12:00:00+00');
    expect(v('2024-05-01 12:00:00+01', 1184)).toBe('2024-05-01 12:00:00+01');
    expect(v('infinity', 1114)).toBe('infinity');
  });

  it('timestamps: each fraction length padded or cut to milliseconds', () => {
    expect(v('2024-05-01 12:00:00.1+00', 1184)).toBe('2024-05-01T12:00:00.100Z');
    expect(v('2024-05-01 12:00:00.12+00', 1184)).toBe('2024-05-01T12:00:00.120Z');
    expect(v('2024-05-01 12:00:00.123+00', 1184)).toBe('2024-05-01T12:00:00.123Z');
    expect(v('2024-05-01 12:00:00.999999+00', 1184)).toBe('2024-05-01T12:00:00.999Z');
    expect(v('2024-05-01 12:00:00', 1114)).toBe('2024-05-01T12:00:00.000');
    expect(v('1999-12-31 23:59:59.000001', 1114)).toBe('1999-12-31T23:59:59.000');
  });

  it('an array type without an element type, and a type the catalog lacks: text', () => {
    expect(v('{1,2}', 9000)).toBe('{1,2}');
    expect(v('{1,2}', 123456)).toBe('{1,2}');
  });

  it('arrays of arrays of timestamps and of booleans map each element', () => {
    const catalog = buildTypeCatalog([
      ['1000', 'A', '16', ','],
      ['1185', 'A', '1184', ','],
    ]);
    expect(toJsonValue('{t,f,NULL}', 1000, catalog)).toEqual([true, false, null]);
    expect(toJsonValue('{{"2024-05-01 12:00:00+00"},{NULL}}', 1185, catalog)).toEqual([['2024-05-01T12:00:00.000Z'], [null]]);
  });
});

describe('parsePgArray', () => {
  it('keeps backslash escapes and braces inside quotes', () => {
    expect(parsePgArray('{"{x}","a\\\\b",plain}')).toEqual(['{x}', 'a\\b', 'plain']);
  });
  it('refuses malformed text', () => {
    expect(() => parsePgArray('1,2')).toThrow(/malformed/);
    expect(() => parsePgArray('1,2')).toThrow('malformed array literal: 1,2');
  });

  it('refuses a dimension decoration without its =, and text ending inside an array', () => {
    expect(() => parsePgArray('[0:1]{1,2}')).toThrow('malformed array literal: [0:1]{1,2}');
    expect(() => parsePgArray('{"abc')).toThrow('malformed array literal: {"abc');
    expect(() => parsePgArray('{abc')).toThrow('malformed array literal: {abc');
    expect(() => parsePgArray('{1,2')).toThrow('malformed array literal: {1,2');
    expect(() => parsePgArray('x1}')).toThrow('malformed array literal: x1}');
    expect(() => parsePgArray('{"a"b}')).toThrow('malformed array literal: {"a"b}');
  });

  it('splits on the delimiter given, a comma by default', () => {
    expect(parsePgArray('{a,b}')).toEqual(['a', 'b']);
    expect(parsePgArray('{a;b,c}', ';')).toEqual(['a', 'b,c']);
    expect(parsePgArray('{{a;b};{c;d}}', ';')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('reads quoted elements with escapes, empty ones, and NULL only unquoted', () => {
    expect(parsePgArray('{"",x}')).toEqual(['', 'x']);
    expect(parsePgArray('{"a\\"b",NULL,null}')).toEqual(['a"b', null, 'null']);
    expect(parsePgArray('{"a,b}c"}')).toEqual(['a,b}c']);
    expect(parsePgArray('[1:2][3:4]={{1,2},{3,4}}')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parsePgArray('{{},{}}')).toEqual([[], []]);
  });
});
