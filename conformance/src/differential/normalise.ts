/**
 * What may legitimately differ between two servers that both follow the
 * spec, taken out of a response before the two sides are compared. The list
 * is short on purpose: everything not named here must be equal.
 */

export interface Normalisation {
  id: string;
  what: string;
  why: string;
}

/** The documented list (README.md and conformance/README.md show it). */
export const NORMALISATIONS: readonly Normalisation[] = [
  { id: 'ids', what: 'ids the sequence created become post#0, content#1, ...; the fixture publications publication:A/B; any other value of an id field (id, …Id, …Ids) becomes <id>', why: 'each server mints its own ids' },
  { id: 'base-url', what: "each side's own base URL becomes <base>", why: 'the two servers listen at different addresses' },
  { id: 'times', what: "a time (a field ending in At, or date; Unix ms, ms as a string, or ISO 8601) becomes its distance from the side's frozen clock, equal within 2 s; without a controlled clock just <time>", why: 'the two clocks are not the same clock' },
  { id: 'cursors', what: 'cursor values become <cursor>', why: 'cursors are opaque' },
  { id: 'slug-suffix', what: 'a last slug segment with a digit in it (hello-world-2, hello-world-x7k2) is dropped, in slugs and URLs', why: 'how a taken slug is made unique is not specified' },
  { id: 'message', what: 'the msg of an error body becomes <msg>', why: 'message wording is free; the status and the error shape are not' },
  { id: 'order', what: 'lists whose order SPEC.md leaves open are compared as sets within the page; in ordered lists, items that tie on their times are compared as a set', why: 'ties are broken by id, and ids differ' },
  { id: 'own-only', what: 'without the same fixtures on both sides: list items the sequence did not create are dropped, and page totals become <count>', why: "a live target's other data is not the reference's" },
];

export interface NormaliseContext {
  /** Concrete values of this side -> their names (post#0, publication:A, ...). */
  names: ReadonlyMap<string, string>;
  baseUrl: string;
  /** The side's frozen clock; undefined: times are only <time>. */
  now?: number;
  ownOnly: boolean;
  unordered: boolean;
}

export interface Observed {
  status: number;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: unknown;
}

export interface Normalised {
  status: number;
  error: boolean;
  body: unknown;
}

const TIME_KEY = /(At|^date|^now)$/;
const ID_KEY = /^(id|.+Id)$/;
const IDS_KEY = /^.+Ids$/;
const SLUG_SUFFIX = /-(?=[a-z0-9]*\d)[a-z0-9]{1,12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
export const TIME_TOLERANCE_MS = 2_000;

export function normalise(observed: Observed, context: NormaliseContext): Normalised {
  const error = observed.status >= 400;
  let body = value(observed.body, '', context);
  if (error && isRecord(body) && 'msg' in body) body = { ...body, msg: typeof body.msg === 'string' ? '<msg>' : body.msg };
  return { status: observed.status, error, body };
}

function value(input: unknown, key: string, context: NormaliseContext): unknown {
  if (Array.isArray(input)) {
    const items = input.map((item) => value(item, IDS_KEY.test(key) ? 'id' : key, context));
    return key === 'items' ? listItems(items, context) : items;
  }
  if (isRecord(input)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) out[k] = value(v, k, context);
    if (context.ownOnly && isRecord(out.pagination) && 'total' in out.pagination) out.pagination = { ...out.pagination, total: '<count>' };
    return out;
  }
  if (typeof input === 'string') return text(input, key, context);
  if (typeof input === 'number' && TIME_KEY.test(key)) return time(input, context);
  return input;
}

function text(input: string, key: string, context: NormaliseContext): string {
  const named = context.names.get(input);
  if (named) return named;
  if (TIME_KEY.test(key) && (ISO.test(input) || /^\d{10,}$/.test(input))) {
    return time(ISO.test(input) ? Date.parse(input) : Number(input), context);
  }
  if (key === 'cursor' || key === 'nextCursor') return '<cursor>';
  if (ID_KEY.test(key)) return '<id>';
  let out = input.split(context.baseUrl).join('<base>');
  for (const [concrete, name] of context.names) if (concrete.length >= 8 && out.includes(concrete)) out = out.split(concrete).join(name);
  if (key === 'slug' || key === 'url' || key.endsWith('Url')) out = out.replace(SLUG_SUFFIX, '');
  return out;
}

function time(ms: number, context: NormaliseContext): string {
  if (context.now === undefined || !Number.isFinite(ms)) return '<time>';
  const offset = ms - context.now;
  return `<time ${offset >= 0 ? '+' : ''}${offset}ms>`;
}

/** The items of a page: the run's own only, where asked; as a set, or with ties as sets. */
function listItems(items: unknown[], context: NormaliseContext): unknown[] {
  const kept = context.ownOnly ? items.filter((item) => isRecord(item) && isName(item.id)) : items;
  if (context.unordered) return sortCanonically(kept);
  const out: unknown[] = [];
  let run: unknown[] = [];
  for (const item of kept) {
    if (run.length > 0 && timesOf(run[0]) !== timesOf(item)) {
      out.push(...sortCanonically(run));
      run = [];
    }
    run.push(item);
  }
  out.push(...sortCanonically(run));
  return out;
}

/** A name given by `ids`: post#0, content#3, publication:A. */
function isName(value: unknown): boolean {
  return typeof value === 'string' && /^[a-z-]+(#\d+|:[AB])$/.test(value);
}

function timesOf(item: unknown): string {
  if (!isRecord(item)) return '';
  return Object.entries(item)
    .filter(([k]) => TIME_KEY.test(k))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
}

function sortCanonically(items: unknown[]): unknown[] {
  return items
    .map((item) => [canonical(item), item] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, item]) => item);
}

/** JSON with sorted keys, times rounded to the tolerance so that near-equal times sort alike. */
export function canonical(input: unknown): string {
  if (Array.isArray(input)) return `[${input.map(canonical).join(',')}]`;
  if (isRecord(input)) return `{${Object.keys(input).sort().map((k) => `${JSON.stringify(k)}:${canonical(input[k])}`).join(',')}}`;
  if (typeof input === 'string') {
    const offset = timeOffset(input);
    if (offset !== undefined) return JSON.stringify(`<time ${Math.round(offset / (TIME_TOLERANCE_MS * 2))}>`);
  }
  return JSON.stringify(input) ?? 'undefined';
}

/** The offset of a normalised time, or undefined for any other value. */
export function timeOffset(input: string): number | undefined {
  const match = /^<time ([+-]?\d+)ms>$/.exec(input);
  return match ? Number(match[1]) : undefined;
}

export function isRecord(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}
