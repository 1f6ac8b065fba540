/**
 * DDL for the analytics schema, generated from tables.ts and views.ts, and the
 * whole install sequence (schema, security, privileges) in order.
 */
import { parse } from 'pgsql-parser';
import { findClockForms, rewriteClockForms } from '../guard/clock-forms.js';
import type { ClockMechanism } from '../query-clock.js';
import { CLOCK_SCHEMA, clockSql } from './clock.js';
import { READER_ROLE, ROLE_SQL, SCOPE_SQL, privilegesSql, rlsSql } from './security.js';
import { TABLES, TABLE_NAMES } from './tables.js';
import { VIEWS } from './views.js';

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Foreign keys document the relationships but are declared NOT ENFORCED
 * (PostgreSQL 18+): the mirror is fed by independent areas of the reference
 * in whatever order their changes happen, and the reference's own stores are
 * where integrity is kept. Servers before 18 cannot declare an unenforced
 * key, so there the keys are left out (the table comments still say it).
 */
/*
 * Tables are UNLOGGED: they hold a mirror that is loaded from the reference's
 * state whenever the database starts, so write-ahead logging buys nothing
 * and slows every mirrored row's insert.
 */
function tableSql(serverVersionNum: number): string[] {
  const out: string[] = [];
  for (const name of TABLE_NAMES) {
    const def = TABLES[name];
    const cols = Object.entries(def.columns).map(
      ([col, spec]) => `  ${col} ${spec.type}${spec.nullable ? '' : ' NOT NULL'}`,
    );
    cols.push(`  PRIMARY KEY (${def.primaryKey.join(', ')})`);
    out.push(`CREATE UNLOGGED TABLE analytics.${name} (\n${cols.join(',\n')}\n)`);
    out.push(`COMMENT ON TABLE analytics.${name} IS ${quote(def.comment)}`);
    for (const index of def.indexes ?? []) {
      out.push(`CREATE INDEX ON analytics.${name} (${index.join(', ')})`);
    }
  }
  if (serverVersionNum >= 180000) {
    for (const name of TABLE_NAMES) {
      for (const [col, spec] of Object.entries(TABLES[name].columns)) {
        if (!spec.references) continue;
        out.push(
          `ALTER TABLE analytics.${name} ADD FOREIGN KEY (${col}) REFERENCES analytics.${spec.references} NOT ENFORCED`,
        );
      }
    }
  }
  return out;
}

/**
 * A view's SQL reads the current time the way user SQL does: with the 'sql'
 * clock mechanism its clock forms (now(), CURRENT_DATE, ...) are rewritten
 * like a query's (../guard/clock-forms.ts), so a view follows the reference
 * clock of the query that reads it.
 */
export async function viewBody(sql: string): Promise<string> {
  const trimmed = sql.trim();
  return rewriteClockForms(trimmed, findClockForms(await parse(trimmed)));
}

async function viewSql(clock: ClockMechanism): Promise<string[]> {
  const out: string[] = [];
  for (const v of VIEWS) {
    const body = clock === 'sql' ? await viewBody(v.sql) : v.sql.trim();
    out.push(`CREATE VIEW analytics.${v.name} WITH (security_invoker = true) AS ${body}`);
    out.push(`COMMENT ON VIEW analytics.${v.name} IS ${quote(v.comment)}`);
  }
  return out;
}

/**
 * Everything, in order, as separate scripts (each may hold several
 * statements). Dropping first makes the install repeatable on an external
 * server that already has an older analytics schema.
 */
export async function installScripts(serverVersionNum: number, clock: ClockMechanism): Promise<string[]> {
  return [
    ROLE_SQL,
    `DROP SCHEMA IF EXISTS analytics CASCADE; DROP SCHEMA IF EXISTS ${CLOCK_SCHEMA} CASCADE; DROP SCHEMA IF EXISTS analytics_private CASCADE`,
    "CREATE SCHEMA analytics; COMMENT ON SCHEMA analytics IS 'Analytics tables and views of the publishing API'",
    SCOPE_SQL,
    // The clock functions are the 'sql' mechanism's; the embedded database's own clock needs none.
    ...(clock === 'sql' ? [clockSql(READER_ROLE)] : []),
    ...tableSql(serverVersionNum),
    ...(await viewSql(clock)),
    rlsSql(),
    privilegesSql(),
  ];
}
