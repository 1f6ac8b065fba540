/**
 * The analytics database over any SqlRunner: install the schema, then serve
 * queries and mirror updates. Used inside the PGlite worker and, directly,
 * by the node-postgres engine.
 */
import type { MirrorChange } from '../mirror-types.js';
import type { ClockMechanism } from '../query-clock.js';
import { installScripts } from '../schema/ddl.js';
import type { QueryResult, SchemaResult } from '../types.js';
import { TYPE_CATALOG_SQL, buildTypeCatalog, type TypeCatalog } from '../values/to-json.js';
import { applyChanges, replaceStep, type ReplaceStep } from './mirror-sql.js';
import type { SqlRunner } from './runner.js';
import { readSchema } from './schema-query.js';
import { runScopedQuery, type ScopedQueryOptions } from './scoped-query.js';

/** Creates (or re-creates) roles, schema, tables, views, policies and privileges. */
export async function installAnalyticsSchema(runner: SqlRunner, clock: ClockMechanism): Promise<void> {
  const version = await runner.query('SELECT current_setting($1)::int::text', ['server_version_num']);
  const versionNum = Number(version.rows[0][0]);
  if (versionNum < 150000) throw new Error('analytics needs PostgreSQL 15 or later (security_invoker views)');
  for (const script of await installScripts(versionNum, clock)) await runner.exec(script);
}

export class AnalyticsDatabase {
  private constructor(
    private readonly runner: SqlRunner,
    private readonly types: TypeCatalog,
  ) {}

  /** Opens an installed database: reads the type catalog the value mapping needs. */
  static async open(runner: SqlRunner): Promise<AnalyticsDatabase> {
    const types = buildTypeCatalog((await runner.query(TYPE_CATALOG_SQL)).rows);
    return new AnalyticsDatabase(runner, types);
  }

  query(blogId: string, sql: string, options: ScopedQueryOptions): Promise<QueryResult> {
    return runScopedQuery(this.runner, this.types, blogId, sql, options);
  }

  schema(): Promise<SchemaResult> {
    return readSchema(this.runner);
  }

  apply(changes: MirrorChange[]): Promise<void> {
    return applyChanges(this.runner, changes);
  }

  /** A step of replacing all rows (see mirror-sql.ts replaceAll). */
  replace(step: ReplaceStep): Promise<void> {
    return replaceStep(this.runner, step);
  }
}
