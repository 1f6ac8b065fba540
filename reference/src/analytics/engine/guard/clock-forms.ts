/**
 * The forms of SQL that read the current time, found in the parse tree and
 * rewritten into calls of the analytics_clock functions, which answer from
 * the reference clock's reading for the query (../schema/clock.ts says what
 * each answers and why this is done in the text).
 *
 * | written                                                | becomes                                           |
 * |--------------------------------------------------------|---------------------------------------------------|
 * | now(), transaction_timestamp(), statement_timestamp()  | (SELECT analytics_clock.now()), ...               |
 * | clock_timestamp(), timeofday()                         | analytics_clock.clock_timestamp(), ... (per row)  |
 * | CURRENT_DATE, CURRENT_TIMESTAMP, CURRENT_TIME,         | (SELECT analytics_clock."current_date"()), ...    |
 * | LOCALTIME, LOCALTIMESTAMP                              |                                                   |
 * | CURRENT_TIMESTAMP(p), CURRENT_TIME(p), LOCALTIME(p),   | CAST((SELECT analytics_clock."current_time"())    |
 * | LOCALTIMESTAMP(p)                                      | AS time(p) with time zone), ...                   |
 * | age(t)                                                 | analytics_clock.age(t)                            |
 *
 * The same with pg_catalog. in front of a function name. A scalar subquery
 * is computed once per query (an InitPlan), so the stable forms cost nothing
 * per row; clock_timestamp() and timeofday() move while a query runs, so they
 * stay calls. Calls with the wrong number of arguments, or decorated (OVER,
 * FILTER, DISTINCT, *, VARIADIC, WITHIN GROUP), are left alone: PostgreSQL
 * refuses them anyway. The replacement keeps the column name PostgreSQL
 * gives the original (the subquery's column is named after its function).
 *
 * Positions: the parse tree gives where a form starts (a byte offset into
 * the UTF-8 text); PostgreSQL's own scanner (libpg-query, the parser's WASM
 * module) gives the tokens, so comments, quoted and Unicode-escaped names are
 * seen as the server sees them. The text is spliced as bytes.
 */
import { scan } from 'libpg-query';
import { CLOCK_SCHEMA } from '../schema/clock.js';

type Node = Record<string, unknown>;

/** A form found in the tree: it starts at `location` and runs to `end`, and `text` replaces it. */
export interface ClockForm {
  location: number;
  /** call: through the closing parenthesis; name: the function name only; keyword: the keyword, with its (p) if `precision`. */
  end: 'call' | 'name' | 'keyword';
  precision: boolean;
  text: string;
}

/** Stable within a query: computed once. */
const ONCE = new Set(['now', 'transaction_timestamp', 'statement_timestamp']);
/** Moving while a query runs: called for each row. */
const EACH = new Set(['clock_timestamp', 'timeofday']);

const once = (fn: string) => `(SELECT ${CLOCK_SCHEMA}.${fn}())`;

const KEYWORDS: Record<string, { fn: string; type?: (p: number) => string }> = {
  SVFOP_CURRENT_DATE: { fn: '"current_date"' },
  SVFOP_CURRENT_TIMESTAMP: { fn: '"current_timestamp"' },
  SVFOP_CURRENT_TIMESTAMP_N: { fn: '"current_timestamp"', type: (p) => `timestamp(${p}) with time zone` },
  SVFOP_CURRENT_TIME: { fn: '"current_time"' },
  SVFOP_CURRENT_TIME_N: { fn: '"current_time"', type: (p) => `time(${p}) with time zone` },
  SVFOP_LOCALTIMESTAMP: { fn: '"localtimestamp"' },
  SVFOP_LOCALTIMESTAMP_N: { fn: '"localtimestamp"', type: (p) => `timestamp(${p}) without time zone` },
  SVFOP_LOCALTIME: { fn: '"localtime"' },
  SVFOP_LOCALTIME_N: { fn: '"localtime"', type: (p) => `time(${p}) without time zone` },
};

/** The names of the functions rewritten (unqualified), for the guard's refusal of other schema-qualified calls. */
export const CLOCK_FUNCTIONS: ReadonlySet<string> = new Set([...ONCE, ...EACH, 'age']);

function names(call: Node): string[] {
  return ((call.funcname as Node[] | undefined) ?? []).map((n) => (n.String as { sval?: string } | undefined)?.sval ?? '');
}

/**
 * The rewrite of a FuncCall node's body, or null when the call is not one of
 * the clock forms (another function, another schema, decorated, wrong arity).
 */
export function clockCall(call: Node): ClockForm | null {
  const parts = names(call);
  const name = parts[parts.length - 1];
  if (!(parts.length === 1 || (parts.length === 2 && parts[0] === 'pg_catalog'))) return null;
  if (!CLOCK_FUNCTIONS.has(name)) return null;
  if (call.funcformat !== 'COERCE_EXPLICIT_CALL') return null;
  for (const decoration of ['agg_order', 'agg_filter', 'over', 'agg_within_group', 'agg_star', 'agg_distinct', 'func_variadic']) {
    const value = call[decoration];
    if (value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0)) return null;
  }
  const args = (call.args as Node[] | undefined) ?? [];
  const location = offset(call.location);
  if (name === 'age') {
    if (args.length !== 1 || 'NamedArgExpr' in args[0]) return null;
    return { location, end: 'name', precision: false, text: `${CLOCK_SCHEMA}.age` };
  }
  if (args.length !== 0) return null;
  return { location, end: 'call', precision: false, text: ONCE.has(name) ? once(name) : `${CLOCK_SCHEMA}.${name}()` };
}

/** An integer field of the tree: the JSON leaves zeros out. */
function offset(value: unknown): number {
  const n = value === undefined ? 0 : Number(value);
  if (!Number.isInteger(n)) throw new Error(`clock rewrite: ${String(value)} is not an integer`);
  return n;
}

/** The rewrite of a SQLValueFunction node's body, or null for the ones that are not about time (CURRENT_USER, ...). */
export function clockKeyword(svf: Node): ClockForm | null {
  const form = KEYWORDS[String(svf.op)];
  if (!form) return null;
  const location = offset(svf.location);
  if (!form.type) return { location, end: 'keyword', precision: false, text: once(form.fn) };
  const precision = offset(svf.typmod);
  if (precision < 0) throw new Error(`clock rewrite: ${String(svf.op)} without a precision`);
  return { location, end: 'keyword', precision: true, text: `CAST(${once(form.fn)} AS ${form.type(precision)})` };
}

/** Every clock form anywhere in a parse tree (for SQL the guard does not walk, such as the views). */
export function findClockForms(tree: unknown): ClockForm[] {
  const found: ClockForm[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value as Node)) {
      if (key === 'FuncCall') {
        const form = clockCall(child as Node);
        if (form) found.push(form);
      } else if (key === 'SQLValueFunction') {
        const form = clockKeyword(child as Node);
        if (form) found.push(form);
      }
      visit(child);
    }
  };
  visit(tree);
  return found;
}

interface Token {
  start: number;
  end: number;
  text: string;
}

/** Replaces each form in `sql`; forms never overlap (none has arguments that could hold another). */
export async function rewriteClockForms(sql: string, forms: readonly ClockForm[]): Promise<string> {
  if (forms.length === 0) return sql;
  const tokens: Token[] = (await scan(sql)).tokens.filter((t) => t.tokenName !== 'C_COMMENT' && t.tokenName !== 'SQL_COMMENT');
  const byStart = new Map(tokens.map((t, i) => [t.start, i]));
  const bytes = Buffer.from(sql, 'utf8');
  const spans = forms.map((form) => ({ start: form.location, end: spanEnd(form, tokens, byStart), text: form.text }));
  spans.sort((a, b) => a.start - b.start);
  const pieces: Buffer[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at) throw new Error('clock rewrite: overlapping forms');
    pieces.push(bytes.subarray(at, span.start), Buffer.from(span.text, 'utf8'));
    at = span.end;
  }
  pieces.push(bytes.subarray(at));
  return Buffer.concat(pieces).toString('utf8');
}

function spanEnd(form: ClockForm, tokens: Token[], byStart: Map<number, number>): number {
  const first = byStart.get(form.location);
  if (first === undefined) throw new Error(`clock rewrite: no token at byte ${form.location}`);
  const expect = (i: number, text: string): Token => {
    const token = tokens[i];
    if (token?.text !== text) throw new Error(`clock rewrite: expected ${text} at token ${i}, found ${token?.text ?? 'the end'}`);
    return token;
  };
  if (form.end === 'keyword') {
    if (!form.precision) return tokens[first].end;
    // The precision between: one token, any of PostgreSQL's integer literals (3, 0x3, 0b11, 1_0).
    expect(first + 1, '(');
    return expect(first + 3, ')').end;
  }
  // A function name: one or two parts (pg_catalog . name), then the parenthesis.
  let open = first + 1;
  if (tokens[open]?.text === '.') open += 2;
  const paren = expect(open, '(');
  if (form.end === 'name') return paren.start;
  return expect(open + 1, ')').end;
}
