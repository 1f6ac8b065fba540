/**
 * SQL's current time is the reference's clock, not the database's: on an
 * external server, through these functions.
 *
 * The engine takes one reading of the reference clock per query (its time and
 * whether it is frozen) and writes it into analytics_private.query_scope next
 * to the publication, inside the query's own transaction (security.ts). The
 * functions of the analytics_clock schema answer from that row:
 *
 * | SQL                                                     | answers                                        |
 * |---------------------------------------------------------|------------------------------------------------|
 * | now(), transaction_timestamp(), statement_timestamp(),  | the reading                                    |
 * | CURRENT_TIMESTAMP[(p)]                                  |                                                |
 * | CURRENT_DATE, CURRENT_TIME[(p)], LOCALTIME[(p)],        | the reading in the session time zone (UTC)     |
 * | LOCALTIMESTAMP[(p)]                                     |                                                |
 * | clock_timestamp(), timeofday()                          | the reading plus the time the query has run so |
 * |                                                         | far; the reading itself when the clock is      |
 * |                                                         | frozen                                         |
 * | age(t) (one argument)                                   | age(midnight of the reading's date, t)         |
 *
 * How user SQL gets there (guard/clock-forms.ts): the guard rewrites each of
 * these forms, pg_catalog-qualified or not, into a call of the function of
 * the same name here: `now()` becomes `(SELECT analytics_clock.now())` (a
 * scalar subquery: evaluated once per query, not once per row), and the SQL
 * keywords (CURRENT_DATE, ..., which PostgreSQL's parser turns into
 * SQLValueFunction nodes, not function calls, so no function can shadow them)
 * likewise, with a CAST for an explicit precision. The function names keep
 * the result columns' names (`SELECT CURRENT_DATE` is still "current_date").
 * The views are rewritten the same way when they are installed.
 *
 * Second layer: each query also runs with search_path = analytics,
 * analytics_clock, pg_catalog, so an unqualified call the rewrite missed
 * would still resolve to these functions (same name and argument types, found
 * first), including with the guard bypassed (db/privileges.test.ts).
 *
 * What cannot follow on an external PostgreSQL server: the special input
 * strings 'now', 'today', 'tomorrow' and 'yesterday' of the date/time types
 * are read by the type's input function from the server's own transaction
 * start time, with no hook to change it. Nor can they be refused: whether
 * 'today' is a date or a post's title is known only once PostgreSQL has
 * resolved the types, and the string may be built at run time.
 *
 * This is the 'sql' clock mechanism (../query-clock.ts), an external
 * server's. The embedded engine installs none of it: its database's own
 * clock runs on the reading (pglite/worker-clock.ts), so every form follows
 * there as written, the input strings too.
 */

export const CLOCK_SCHEMA = 'analytics_clock';

/** One reading per query transaction: NULL unless exactly one scope row is visible, like current_blog_id(). */
const READING = `FROM analytics_private.query_scope HAVING count(*) = 1`;

/** Needs analytics_private.query_scope (security.ts SCOPE_SQL) and the query role. */
export function clockSql(readerRole: string): string {
  const s = CLOCK_SCHEMA;
  // The reading, as the owner (the reader has no right on analytics_private).
  // STABLE: one value for the whole query, like now().
  const definer = 'SECURITY DEFINER PARALLEL RESTRICTED SET search_path = pg_catalog';
  // Plain SQL functions, inlined into the query; they call only the two above.
  const plain = 'LANGUAGE sql STABLE PARALLEL RESTRICTED';
  const reading = `${s}.query_time()`;
  const timestamp = (name: string) =>
    `CREATE FUNCTION ${s}.${name}() RETURNS timestamp with time zone ${plain} AS $$ SELECT ${reading} $$`;
  return `
CREATE SCHEMA ${s};
REVOKE ALL ON SCHEMA ${s} FROM PUBLIC;
COMMENT ON SCHEMA ${s} IS 'SQL''s current time: the reference clock''s reading for the running query';
CREATE FUNCTION ${s}.query_time() RETURNS timestamp with time zone
  LANGUAGE sql STABLE ${definer}
  AS $$ SELECT min(clock_at) ${READING} $$;
-- VOLATILE: moves while the query runs (on the database's clock), unless the reference clock is frozen.
CREATE FUNCTION ${s}.clock_timestamp() RETURNS timestamp with time zone
  LANGUAGE sql VOLATILE ${definer}
  AS $$ SELECT min(clock_at) + CASE WHEN bool_and(clock_frozen) THEN interval '0'
                                    ELSE pg_catalog.clock_timestamp() - pg_catalog.transaction_timestamp() END
        ${READING} $$;
${timestamp('now')};
${timestamp('transaction_timestamp')};
${timestamp('statement_timestamp')};
${timestamp('"current_timestamp"')};
CREATE FUNCTION ${s}."current_date"() RETURNS date ${plain}
  AS $$ SELECT CAST(${reading} AS pg_catalog.date) $$;
CREATE FUNCTION ${s}."current_time"() RETURNS time with time zone ${plain}
  AS $$ SELECT CAST(${reading} AS time with time zone) $$;
CREATE FUNCTION ${s}."localtime"() RETURNS time without time zone ${plain}
  AS $$ SELECT CAST(${reading} AS time without time zone) $$;
CREATE FUNCTION ${s}."localtimestamp"() RETURNS timestamp without time zone ${plain}
  AS $$ SELECT CAST(${reading} AS timestamp without time zone) $$;
-- timeofday()'s own format: '%a %b %d %H:%M:%S.%06d %Y %Z'.
CREATE FUNCTION ${s}.timeofday() RETURNS text LANGUAGE sql VOLATILE PARALLEL RESTRICTED
  AS $$ SELECT pg_catalog.to_char(${s}.clock_timestamp(), 'Dy Mon DD HH24:MI:SS.US YYYY TZ') $$;
-- age(t) is age(current_date at midnight, t), in the type of t, as in pg_catalog.
CREATE FUNCTION ${s}.age(timestamp with time zone) RETURNS interval ${plain}
  AS $$ SELECT pg_catalog.age(CAST(CAST(${reading} AS pg_catalog.date) AS timestamp with time zone), $1) $$;
CREATE FUNCTION ${s}.age(timestamp without time zone) RETURNS interval ${plain}
  AS $$ SELECT pg_catalog.age(CAST(CAST(${reading} AS pg_catalog.date) AS timestamp without time zone), $1) $$;
-- Transaction ids have an age too; pg_catalog.age(xid) rewritten to here must still find it.
CREATE FUNCTION ${s}.age(xid) RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT pg_catalog.age($1) $$;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA ${s} FROM PUBLIC;
GRANT USAGE ON SCHEMA ${s} TO ${readerRole};
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${s} TO ${readerRole}`;
}
