/**
 * How a query is kept inside its publication, by PostgreSQL itself.
 *
 * 1. Row-level security on every analytics table, one policy for the query
 *    role: a row is visible when its blog_id (blogs.id for blogs) equals
 *    analytics_private.current_blog_id(). Views are security_invoker (see
 *    views.ts), so the policies apply through them too.
 *
 * 2. Where the scope lives. The engine writes the query's publication id into
 *    analytics_private.query_scope inside the query's own transaction, before
 *    switching to the query role, and always rolls the transaction back.
 *    Uncommitted rows are visible only to their own transaction, so concurrent
 *    queries (node-postgres pool) never see each other's scope, and nothing is
 *    ever committed. current_blog_id() is SECURITY DEFINER (it reads the table
 *    with its owner's rights) and returns NULL unless exactly one scope row is
 *    visible, so a missing or doubled scope shows no rows at all.
 *    Why a table and not a setting (set_config('app.blog_id')): any role may
 *    SET a custom "app.*" setting, so a setting would be protected by the SQL
 *    guard alone. The query role has no privilege at all on query_scope (not
 *    even USAGE on its schema: the policy's function is resolved when the
 *    policy is created, and only EXECUTE is checked when it runs), and the
 *    transaction is read-only, so the scope cannot be written or read directly.
 *
 * 3. The query role (analytics_reader): NOLOGIN, not superuser, no BYPASSRLS,
 *    owns nothing (owners bypass RLS), SELECT on the analytics tables and
 *    views only. Getting the engine's rights back would need SET ROLE, RESET
 *    ROLE or SET SESSION AUTHORIZATION (utility statements: they cannot occur
 *    inside a SELECT and the guard refuses them) or set_config('role', ...)
 *    (EXECUTE revoked, below). DO, CREATE FUNCTION, COPY are statements too.
 *
 * 4. Functions: EXECUTE on every pg_catalog function is revoked from PUBLIC and
 *    granted back to the query role only for the guard's allow-list plus the
 *    functions behind operators, casts and type input/output. set_config,
 *    current_setting, query_to_xml (runs SQL text), pg_read_file, lo_import,
 *    pg_sleep, ... are thus refused by PostgreSQL even if the guard missed
 *    them. dblink and other extensions are not installed.
 *
 * 5. Catalogs: SELECT on pg_catalog tables and USAGE on information_schema are
 *    revoked from PUBLIC (pg_stats would otherwise show other publications'
 *    column values). The engine reads them as its own privileged role.
 *
 * 6. The clock: the scope row also holds the reference clock's reading for
 *    the query; the functions of the analytics_clock schema (clock.ts) read
 *    it for now(), CURRENT_DATE and the rest. The query role has USAGE on
 *    that schema and EXECUTE on its functions, nothing else there; they
 *    reveal the time and nothing more.
 *
 * Points 4 and 5 change database-wide defaults: with an external server the
 * engine needs a superuser connection to a database of its own.
 */
import { ALLOWED_FUNCTIONS } from '../guard/allowed-functions.js';
import { TABLE_NAMES, scopeColumn } from './tables.js';
import { VIEW_NAMES } from './views.js';

export const READER_ROLE = 'analytics_reader';

/**
 * Created once per cluster (roles are cluster-wide); safe to run again, and
 * safe when two engines install at once on databases of the same server (the
 * reference and its tests): the second CREATE ROLE then fails on the first's
 * row, which is the role wanted.
 */
export const ROLE_SQL = `
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = '${READER_ROLE}') THEN
    CREATE ROLE ${READER_ROLE} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOBYPASSRLS NOREPLICATION;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$`;

/** The scope table and the function the policies compare to. */
export const SCOPE_SQL = `
CREATE SCHEMA analytics_private;
REVOKE ALL ON SCHEMA analytics_private FROM PUBLIC;
-- A row is the publication of the query running in this transaction, and the
-- reference clock's reading for it (clock.ts). Rows are written inside each
-- query's transaction and never committed.
CREATE TABLE analytics_private.query_scope (
  blog_id text NOT NULL,
  clock_at timestamp with time zone NOT NULL,
  clock_frozen boolean NOT NULL
);
REVOKE ALL ON analytics_private.query_scope FROM PUBLIC;
CREATE FUNCTION analytics_private.current_blog_id() RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER PARALLEL RESTRICTED
  SET search_path = pg_catalog
  AS $$ SELECT CASE WHEN count(*) = 1 THEN min(blog_id) END FROM analytics_private.query_scope $$;
REVOKE ALL ON FUNCTION analytics_private.current_blog_id() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION analytics_private.current_blog_id() TO ${READER_ROLE}`;

/**
 * One policy per table. The scalar subquery makes the planner evaluate the
 * function once per query (an InitPlan) instead of once per row.
 */
export function rlsSql(): string {
  return TABLE_NAMES.map(
    (t) => `ALTER TABLE analytics.${t} ENABLE ROW LEVEL SECURITY;
CREATE POLICY publication_rows ON analytics.${t} FOR SELECT TO ${READER_ROLE}
  USING (${scopeColumn(t)} = (SELECT analytics_private.current_blog_id()))`,
  ).join(';\n');
}

/** Privileges of the query role and the database-wide revocations (points 3-5). */
export function privilegesSql(): string {
  const allowed = [...ALLOWED_FUNCTIONS].map((f) => `'${f}'`).join(', ');
  const relations = [...TABLE_NAMES, ...VIEW_NAMES].map((r) => `analytics.${r}`).join(', ');
  return `
REVOKE ALL ON SCHEMA public FROM PUBLIC;
DO $$ BEGIN EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database()); END $$;
REVOKE USAGE ON SCHEMA information_schema FROM PUBLIC;
REVOKE SELECT ON ALL TABLES IN SCHEMA pg_catalog FROM PUBLIC;
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA pg_catalog FROM PUBLIC;
REVOKE ALL ON SCHEMA analytics FROM PUBLIC;
GRANT USAGE ON SCHEMA analytics TO ${READER_ROLE};
GRANT SELECT ON ${relations} TO ${READER_ROLE};
DO $$
DECLARE f regprocedure;
BEGIN
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_catalog.pg_proc p
    WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.prokind <> 'p' AND (
      p.proname = ANY (ARRAY[${allowed}]::text[])
      OR p.oid IN (SELECT oprcode FROM pg_catalog.pg_operator)
      OR p.oid IN (SELECT castfunc FROM pg_catalog.pg_cast)
      OR p.oid IN (SELECT typinput FROM pg_catalog.pg_type UNION SELECT typoutput FROM pg_catalog.pg_type
                   UNION SELECT typmodin FROM pg_catalog.pg_type UNION SELECT typmodout FROM pg_catalog.pg_type))
  LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO ${READER_ROLE}', f);
  END LOOP;
END $$`;
}
