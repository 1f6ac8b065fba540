/**
 * The string-level checks on an analytics query, done with PostgreSQL's own
 * parser (libpg-query compiled to WASM, through pgsql-parser) rather than
 * regular expressions, so that comments, quoting and dollar-quoting cannot
 * hide anything from the checks.
 *
 * This is the first of two layers. The second is PostgreSQL itself (see
 * ../schema/security.ts): row-level security, a query role with SELECT on the
 * analytics tables only, EXECUTE only on allow-listed functions, and a
 * read-only transaction. Either layer alone should keep a query inside its
 * publication; the guard's extra job is to refuse early with a message that
 * says what was refused.
 *
 * Refused: empty or over-long text; any semicolon (even inside a string
 * literal, as the spec says "no semicolons"); anything but one SELECT (WITH
 * and VALUES included); data-modifying CTEs; SELECT INTO; locking clauses;
 * functions outside the allow-list or schema-qualified (except the clock
 * functions in pg_catalog, which are rewritten); relations outside the
 * analytics schema; casts to reg* types and their arrays (they look up
 * catalog objects by name).
 *
 * Rewritten, for an engine whose clock mechanism is 'sql' (../query-clock.ts):
 * every form that reads the current time (now(), CURRENT_DATE, ...) becomes a
 * call that answers from the reference clock (clock-forms.ts); checkSql
 * returns the SQL to run.
 *
 * Not caught here, by design: PostgreSQL's functional notation (p.f for f(p))
 * looks like a column reference until the database resolves it; such calls
 * meet the EXECUTE grants of the second layer instead.
 */
import { parse } from 'pgsql-parser';
import { badRequest } from '../../../errors.js';
import { ALLOWED_FUNCTIONS } from './allowed-functions.js';
import { clockCall, clockKeyword, rewriteClockForms, type ClockForm } from './clock-forms.js';
import { statementKeyword } from './statement-keyword.js';
import type { ClockMechanism } from '../query-clock.js';

export const MAX_SQL_LENGTH = 10_000;

/** Names of the tables and views a query may read (unqualified or as analytics.<name>). */
export type RelationNames = ReadonlySet<string>;

type Node = Record<string, unknown>;

/**
 * Throws ApiError 400 when the query is refused; resolves to the SQL to run
 * (with the 'sql' clock mechanism, its clock forms rewritten) when it may run. `relations` are
 * the analytics tables and views (anything else is refused, because an
 * unqualified unknown name would be looked up in pg_catalog).
 */
export async function checkSql(sql: unknown, relations: RelationNames, clock: ClockMechanism): Promise<string> {
  if (typeof sql !== 'string') throw badRequest('sql must be a string');
  if (sql.length < 1) throw badRequest('sql must be at least 1 character');
  if (sql.length > MAX_SQL_LENGTH) throw badRequest(`sql must be at most ${MAX_SQL_LENGTH} characters`);
  if (sql.includes(';')) throw badRequest('semicolons are not allowed');
  // The parser and the wire protocol both read C strings: text after a NUL
  // would be checked by neither.
  if (sql.includes('\0')) throw badRequest('sql must not contain NUL characters');

  // The parser lists the statements even when there is none (text of comments or blanks).
  let tree: { stmts: { stmt: Node }[] };
  try {
    tree = (await parse(sql)) as unknown as typeof tree;
  } catch (error) {
    // The parser's message is PostgreSQL's own ("syntax error at or near ...").
    throw badRequest(error instanceof Error ? error.message : 'syntax error');
  }
  const stmts = tree.stmts;
  if (stmts.length === 0) throw badRequest('sql must contain a SELECT query');
  // Without semicolons there is at most one statement; keep the check anyway.
  if (stmts.length > 1) throw badRequest('only one statement is allowed');

  const [kind, body] = onlyEntry(stmts[0].stmt);
  if (kind !== 'SelectStmt') {
    throw badRequest(`only SELECT or WITH queries are allowed; got ${statementKeyword(kind, body as Node)}`);
  }
  const walker = new Walker(relations);
  walker.select(body as Node, new Set());
  return clock === 'sql' ? rewriteClockForms(sql, walker.clockForms) : sql;
}

function onlyEntry(node: Node): [string, unknown] {
  const entries = Object.entries(node);
  return entries.length === 1 ? entries[0] : ['?', node];
}

class Walker {
  /** The forms that read the current time, to be rewritten. */
  readonly clockForms: ClockForm[] = [];

  constructor(private readonly relations: RelationNames) {}

  /** A SelectStmt (wrapped or not). `ctes` are the WITH names visible here. */
  select(stmt: Node, ctes: ReadonlySet<string>): void {
    if (stmt.intoClause) throw badRequest('SELECT INTO is not allowed');
    // The parser writes the list only when the query has a locking clause.
    if (stmt.lockingClause) {
      throw badRequest('locking clauses (FOR UPDATE, FOR SHARE) are not allowed');
    }
    const inner = this.withClause(stmt.withClause as Node | undefined, ctes);
    for (const [key, value] of Object.entries(stmt)) {
      if (key === 'withClause') continue;
      // Set operations hold their arms unwrapped.
      if ((key === 'larg' || key === 'rarg') && value && typeof value === 'object') this.select(value as Node, inner);
      else this.walk(value, inner);
    }
  }

  /**
   * Scope rules as PostgreSQL applies them: a plain WITH item sees the items
   * before it; WITH RECURSIVE items see all of them; the body sees all. A
   * name used outside its scope would silently resolve to a real relation,
   * possibly one in pg_catalog, so the scopes must be exact.
   */
  private withClause(clause: Node | undefined, outer: ReadonlySet<string>): ReadonlySet<string> {
    if (!clause) return outer;
    // The grammar has no WITH without an item.
    const items = (clause.ctes as Node[]).map((c) => c.CommonTableExpr as Node);
    const all = new Set([...outer, ...items.map((c) => String(c.ctename))]);
    let visible = new Set(outer);
    for (const cte of items) {
      const [kind, body] = onlyEntry(cte.ctequery as Node);
      if (kind !== 'SelectStmt') {
        throw badRequest(`data-modifying WITH queries are not allowed; got ${statementKeyword(kind, body as Node)}`);
      }
      this.select(body as Node, clause.recursive ? all : visible);
      visible = new Set([...visible, String(cte.ctename)]);
      for (const [key, value] of Object.entries(cte)) if (key !== 'ctequery') this.walk(value, visible);
    }
    return all;
  }

  private walk(value: unknown, ctes: ReadonlySet<string>): void {
    if (Array.isArray(value)) {
      for (const item of value) this.walk(item, ctes);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as Node;
    // Recognise nodes by shape as well as by wrapper key: libpg-query leaves
    // typed fields (TypeCast.typeName, IntoClause.rel, ...) unwrapped.
    if (typeof node.relname === 'string') this.relation(node, ctes);
    if (Array.isArray(node.funcname)) this.func(node);
    if (Array.isArray(node.names) && 'typemod' in node) this.typeName(node);
    for (const [key, child] of Object.entries(node)) {
      if (key === 'SQLValueFunction') this.keyword(child as Node);
      if (key === 'SelectStmt') this.select(child as Node, ctes);
      else if (key.endsWith('Stmt')) {
        throw badRequest(`only SELECT or WITH queries are allowed; got ${statementKeyword(key, child as Node)}`);
      } else this.walk(child, ctes);
    }
  }

  private relation(rv: Node, ctes: ReadonlySet<string>): void {
    const name = String(rv.relname);
    const schema = rv.schemaname === undefined ? undefined : String(rv.schemaname);
    if (rv.catalogname !== undefined || (schema !== undefined && schema !== 'analytics')) {
      const full = [rv.catalogname, schema, name].filter((p) => p !== undefined).join('.');
      throw badRequest(`relation ${full} is not allowed: query the analytics tables`);
    }
    if (schema === undefined && ctes.has(name)) return;
    if (this.relations.has(name)) return;
    // PostgreSQL searches pg_catalog before the search path for unqualified
    // names, so an unknown name must not reach it.
    if (schema === undefined && name.startsWith('pg_')) {
      throw badRequest(`relation ${name} is not allowed: query the analytics tables`);
    }
    throw badRequest(`relation "${schema ? `${schema}.` : ''}${name}" does not exist`);
  }

  private func(call: Node): void {
    const parts = (call.funcname as Node[]).map(stringValue);
    const name = parts[parts.length - 1];
    const clock = clockCall(call);
    if (clock) this.clockForms.push(clock);
    // pg_catalog.now() and the like follow the reference clock as well: the
    // call is rewritten, so pg_catalog's own function is never reached.
    if (parts.length > 1 && !clock) {
      // The grammar itself writes pg_catalog.<f> for SQL-syntax forms such as
      // EXTRACT(... FROM ...), TRIM(... FROM ...), AT TIME ZONE, SIMILAR TO.
      const generated =
        parts.length === 2 &&
        parts[0] === 'pg_catalog' &&
        (call.funcformat === 'COERCE_SQL_SYNTAX' || name === 'similar_to_escape');
      if (!generated) throw badRequest(`schema-qualified function ${parts.join('.')} is not allowed`);
    }
    if (!ALLOWED_FUNCTIONS.has(name)) throw badRequest(`function ${name} is not allowed`);
  }

  /** CURRENT_DATE, LOCALTIMESTAMP(3), ...: the parser's SQLValueFunction, not a call. */
  private keyword(svf: Node): void {
    const clock = clockKeyword(svf);
    if (clock) this.clockForms.push(clock);
  }

  private typeName(type: Node): void {
    const parts = (type.names as Node[]).map(stringValue);
    const name = parts[parts.length - 1];
    if (parts.length > 1 && parts[0] !== 'pg_catalog' && parts[0] !== 'analytics') {
      throw badRequest(`type ${parts.join('.')} is not allowed`);
    }
    // An array of them (_regclass is regclass[]) looks each element up as well.
    if (name.startsWith('reg') || name.startsWith('_reg')) throw badRequest(`type ${name} is not allowed`);
  }
}

function stringValue(node: Node): string {
  const s = node.String as { sval?: string } | undefined;
  return s?.sval ?? '';
}
