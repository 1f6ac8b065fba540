/**
 * zod results turned into messages a person can act on: the field, then the
 * rule ("title must be at most 200 characters"), never a zod dump.
 *
 * Schemas may carry their own message ("must be an integer from 1 to 100");
 * every other issue gets one from `ruleMessage`, installed as zod's error map.
 */
import { z } from 'zod';
import { badRequest } from '../errors.js';

type RawIssue = z.core.$ZodRawIssue;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const t = typeof value;
  return t === 'object' ? 'an object' : `a ${t}`;
}

function count(origin: string, n: number | bigint): string {
  const c = Number(n);
  if (origin === 'string') return `${c} character${c === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${c} item${c === 1 ? '' : 's'}`;
  return String(n);
}

const isNumeric = (origin: string) => origin === 'number' || origin === 'int' || origin === 'bigint';

function article(expected: string): string {
  if (expected === 'int') return 'an integer';
  if (/^[aeiou]/.test(expected)) return `an ${expected}`;
  return `a ${expected}`;
}

const FORMAT_NAMES: Record<string, string> = {
  url: 'URL',
  email: 'email address',
  uuid: 'UUID',
  datetime: 'ISO 8601 date-time',
  regex: 'value of the expected pattern',
};

/** The rule a value broke, phrased to follow the field's name. */
export function ruleMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${article(issue.expected)}, not ${typeOf(issue.input)}`;
    case 'too_big':
      return isNumeric(issue.origin)
        ? `must be at most ${issue.maximum}`
        : `must be at most ${count(issue.origin, issue.maximum as number)}`;
    case 'too_small':
      if (isNumeric(issue.origin)) return `must be at least ${issue.minimum}`;
      if (Number(issue.minimum) === 1) return issue.origin === 'string' ? 'must not be empty' : 'must have at least 1 item';
      return `must be at least ${count(issue.origin, issue.minimum as number)}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return `must be a valid ${FORMAT_NAMES[issue.format] ?? issue.format}`;
    case 'unrecognized_keys':
      return `has unknown ${issue.keys.length === 1 ? 'property' : 'properties'}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'has an invalid value';
    default:
      return 'is invalid';
  }
}

z.config({ customError: (issue) => ruleMessage(issue) });

function fieldName(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

export function describeIssue(issue: z.core.$ZodIssue, where = 'body'): string {
  const field = fieldName(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => (field ? `${field}.${k}` : k)).join(', ');
    return `unknown ${issue.keys.length === 1 ? 'property' : 'properties'} in ${where}: ${keys}`;
  }
  return field ? `${field} ${issue.message}` : `${where} ${issue.message}`;
}

/** Parse or throw a 400 naming the first problem. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, where = 'body'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(describeIssue(result.error.issues[0], where));
}

/** Query strings as an object of their first values, for parsing with a schema. */
export function queryObject(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of query) if (!(k in out)) out[k] = v;
  return out;
}

/** Parse a query string (its first value of each name) or throw a 400 naming the first problem. */
export function parseQuery<S extends z.ZodType>(schema: S, query: URLSearchParams): z.output<S> {
  return parseOr400(schema, queryObject(query), 'query');
}
