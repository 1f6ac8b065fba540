/**
 * What can be wrong with a request, as small descriptors (what a failure
 * report shows and fast-check shrinks); request.ts turns a descriptor into
 * the bytes on the wire, megabytes included.
 */
import { fc } from '../../src/authoring/index.js';
import { wrongKinds, type FieldSlot, type JsonKind } from './schema-fields.js';

export const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

export type Malformation =
  | { kind: 'none' }
  | { kind: 'wrong-type'; field: string; value: unknown }
  | { kind: 'nulls' }
  | { kind: 'missing'; fields: string[] }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'forbidden-key'; key: (typeof FORBIDDEN_KEYS)[number]; at: string | null }
  | { kind: 'huge-string'; field: string }
  | { kind: 'huge-array'; field: string }
  | { kind: 'deep'; field: string | null; shape: 'array' | 'object' }
  | { kind: 'not-an-object'; value: unknown }
  | { kind: 'invalid-json'; text: string }
  | { kind: 'truncated'; keep: number }
  | { kind: 'content-type'; contentType: string | null }
  | { kind: 'invalid-utf8'; bytes: number[] }
  | { kind: 'raw-body'; text: string }
  | { kind: 'huge-body' }
  | { kind: 'bad-query'; query: string }
  | { kind: 'long-url'; where: 'query' | 'path' }
  | { kind: 'long-header'; header: string };

/** What the operation takes, which decides the malformations that make sense for it. */
export interface BodyShape {
  /** 'json' bodies get field-level malformations; 'form' and 'multipart' raw ones; 'none' an unexpected body. */
  type: 'json' | 'form' | 'multipart' | 'none';
  /** Field slots that may be malformed (pinned and never-touched fields already removed). */
  slots: FieldSlot[];
  /** Top-level fields of the base that may be dropped or nulled. */
  baseFields: string[];
  /** Property names the contract knows, so "extra" fields are really extra. */
  knownProperties: Set<string>;
  /** Fields of the base holding objects, where a forbidden key can hide one level down. */
  objectFields: string[];
  queryParams: string[];
}

const valueOfKind: Record<JsonKind, fc.Arbitrary<unknown>> = {
  string: fc.constantFrom('', 'x', '0', 'false', 'null', '[]', '\u0000', '💥'),
  number: fc.constantFrom(1.5, -0.5, 1e308, -1e308, 5e-324),
  integer: fc.constantFrom(0, -1, 1, 2 ** 53, -(2 ** 53), 1e21),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.constantFrom([], [null], [1, 2], ['x'], [[]]),
  object: fc.constantFrom({}, { a: 1 }, { length: 1 }, { 0: 'x' }),
};

const INVALID_JSON = [
  '{',
  '}',
  '{"a":',
  "{'title': 'x'}",
  '{title: "x"}',
  '{"a":1,}',
  '{"a":01}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"a":"\u0001"}',
  '{"a":"\\x41"}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '[1,2',
  '"unterminated',
  '\ufeff{}',
  'nul',
  '<xml/>',
  '\u0000',
  ' '.repeat(100),
];

const CONTENT_TYPES: Array<string | null> = [
  null,
  '',
  'text/plain',
  'text/csv',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  'application/jsonx',
  'application',
  ';;;',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json, text/plain',
  'APPLICATION/JSON',
  `application/json; x=${'a'.repeat(4000)}`,
];

const INVALID_UTF8: number[][] = [[0xff], [0xfe, 0xff], [0xc3, 0x28], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]];

const QUERY_VALUES = ['-1', '0', '101', '1e3', '1.5', 'abc', '', '%zz', '%E0%A4%A', '%FF', 'true', 'NaN', '9'.repeat(400), '[]', '{}', '__proto__', "'", 'null'];

const LONG_HEADERS = ['x-robustness-pad', 'authorization', 'content-type', 'cookie', 'accept', 'user-agent'];

function fieldArbitrary(slots: FieldSlot[]): fc.Arbitrary<string> {
  return fc.constantFrom(...slots.map((slot) => slot.path.join('.')));
}

function queryArbitrary(params: string[]): fc.Arbitrary<Malformation> {
  const name = fc.constantFrom(...params, '__proto__', 'constructor', 'unknown', '');
  const pair = fc.tuple(name, fc.constantFrom(...QUERY_VALUES)).map(([n, v]) => `${n}=${v}`);
  return fc.array(pair, { minLength: 1, maxLength: 3 }).map((pairs) => ({ kind: 'bad-query' as const, query: pairs.join('&') }));
}

/** The malformations of one operation, weighted so that cheap ones are common and megabyte ones rare. */
export function malformationArbitrary(shape: BodyShape): fc.Arbitrary<Malformation> {
  const arbs: Array<{ weight: number; arbitrary: fc.Arbitrary<Malformation> }> = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<Malformation>) => arbs.push({ weight, arbitrary });

  add(1, fc.constant({ kind: 'none' as const }));
  add(1, fc.constantFrom('query' as const, 'path' as const).map((where) => ({ kind: 'long-url' as const, where })));
  add(1, fc.constantFrom(...LONG_HEADERS).map((header) => ({ kind: 'long-header' as const, header })));
  add(shape.queryParams.length > 0 ? 2 : 1, queryArbitrary(shape.queryParams));

  if (shape.type === 'json') {
    const typed = shape.slots.filter((slot) => wrongKinds(slot).length > 0);
    if (typed.length > 0) {
      const wrong = fc
        .constantFrom(...typed)
        .chain((slot) =>
          fc.constantFrom(...wrongKinds(slot)).chain((kind) => valueOfKind[kind].map((value) => ({ kind: 'wrong-type' as const, field: slot.path.join('.'), value }))),
        );
      add(5, wrong);
    }
    if (shape.baseFields.length > 0) {
      add(1, fc.constant({ kind: 'nulls' as const }));
      add(2, fc.subarray(shape.baseFields, { minLength: 1 }).map((fields) => ({ kind: 'missing' as const, fields })));
    }
    const extraKey = fc
      .oneof(fc.constantFrom('id', 'publicationId', 'ownerUserId', 'success', 'isAdmin', '', ' ', 'toString', 'valueOf', '$where', 'x'.repeat(1000)), fc.string({ maxLength: 12 }))
      .filter((key) => !shape.knownProperties.has(key) && !(FORBIDDEN_KEYS as readonly string[]).includes(key));
    add(2, fc.record({ kind: fc.constant('extra' as const), key: extraKey, value: fc.constantFrom(1, 'x', null, true, [], {}) }));
    add(2, fc.record({ kind: fc.constant('forbidden-key' as const), key: fc.constantFrom(...FORBIDDEN_KEYS), at: fc.constantFrom(null, ...shape.objectFields) }));
    if (shape.slots.length > 0) {
      add(1, fieldArbitrary(shape.slots).map((field) => ({ kind: 'huge-string' as const, field })));
      add(1, fieldArbitrary(shape.slots).map((field) => ({ kind: 'huge-array' as const, field })));
    }
    add(1, fc.record({ kind: fc.constant('deep' as const), field: shape.slots.length > 0 ? fc.option(fieldArbitrary(shape.slots), { nil: null }) : fc.constant(null), shape: fc.constantFrom('array' as const, 'object' as const) }));
    add(1, fc.constantFrom(null, 42, 'x', true, [], [{}]).map((value) => ({ kind: 'not-an-object' as const, value })));
    add(2, fc.oneof(fc.constantFrom(...INVALID_JSON), fc.string({ maxLength: 30 })).map((text) => ({ kind: 'invalid-json' as const, text })));
  }
  if (shape.type !== 'none') {
    add(2, fc.double({ min: 0.01, max: 0.99, noNaN: true }).map((keep) => ({ kind: 'truncated' as const, keep })));
    add(2, fc.constantFrom(...CONTENT_TYPES).map((contentType) => ({ kind: 'content-type' as const, contentType })));
    add(2, fc.constantFrom(...INVALID_UTF8).map((bytes) => ({ kind: 'invalid-utf8' as const, bytes })));
  }
  add(1, fc.constant({ kind: 'huge-body' as const }));
  if (shape.type === 'form' || shape.type === 'multipart' || shape.type === 'none') {
    const raw = ['a=%zz&b=%E0%A4%A', 'decision', '=&=&=', '%', `--${'x'.repeat(70)}`, '{"json":"instead"}', '\u0000\u0001\u0002', 'a=1&'.repeat(10_000)];
    add(2, fc.oneof(fc.constantFrom(...raw), fc.string({ maxLength: 30 })).map((text) => ({ kind: 'raw-body' as const, text })));
  }
  return fc.oneof(...arbs);
}
