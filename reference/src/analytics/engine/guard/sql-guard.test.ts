import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../errors.js';
import { ANALYTICS_RELATIONS } from '../relations.js';
import { viewBody } from '../schema/ddl.js';
import { checkSql } from './sql-guard.js';

async function refusal(sql: unknown): Promise<string> {
  try {
    await checkSql(sql, ANALYTICS_RELATIONS, 'sql');
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).message;
  }
  throw new Error(`expected a refusal for: ${String(sql)}`);
}

describe('allowed queries', () => {
  it.each([
    'SELECT * FROM posts',
    'select id, title from posts where published_at > now() - interval \'7 days\' order by published_at desc limit 5',
    'SELECT * FROM analytics.posts',
    'WITH recent AS (SELECT * FROM posts) SELECT count(*) FROM recent',
    'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r',
    'WITH a AS (SELECT 1 AS x), b AS (SELECT x FROM a) SELECT * FROM b',
    'VALUES (1), (2)',
    'TABLE blogs',
    'SELECT p.title, s.total_views FROM posts p JOIN post_analytics_summary s ON s.post_id = COALESCE(p.draft_of, p.id)',
    "SELECT extract(year FROM published_at), date_trunc('month', published_at), trim(both ' ' from title) FROM posts",
    "SELECT title SIMILAR TO 'a%', published_at AT TIME ZONE 'UTC', substring(title from 1 for 3), position('a' in title) FROM posts",
    'SELECT count(*) FILTER (WHERE open_count > 0), avg(click_count_total), row_number() OVER (ORDER BY sent_at) FROM newsletter_metrics GROUP BY sent_at',
    'SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY read_time) FROM detailed_post_metrics',
    "SELECT jsonb_build_object('a', 1) -> 'a', to_char(now(), 'YYYY'), coalesce(title, '?'), greatest(1, 2) FROM posts",
    'SELECT g FROM generate_series(1, 10) AS g',
    'SELECT count(*) FROM generate_series(1, 100000000) a, generate_series(1, 100000000) b',
    'SELECT x::int, CAST(x AS numeric(10, 2)), x::text[] FROM (VALUES (1)) v(x)',
    'SELECT * FROM posts -- trailing comment',
    '/* leading comment */ SELECT 1',
    "SELECT $$dollar quoted$$, E'escaped \\' quote'",
    'WITH pg_class AS (SELECT 1 AS oid) SELECT * FROM pg_class',
    'SELECT * FROM (SELECT 1 AS a, 2 AS a) q',
    'SELECT pg_typeof(1)',
    // Each arm of a set operation with a WITH of its own.
    '(WITH x AS (SELECT 1 AS n) SELECT n FROM x) UNION ALL (WITH y AS (SELECT 2 AS n) SELECT n FROM y)',
    // A type of the analytics schema (a table's row type) is the database's to check.
    'SELECT NULL::analytics.posts',
  ])('%s', async (sql) => {
    // The SQL to run: the same text, but for the clock forms (see the clock tests below).
    const run = await checkSql(sql, ANALYTICS_RELATIONS, 'sql');
    if (!/now\(\)/.test(sql)) expect(run).toBe(sql);
    // The embedded engine's database keeps the time itself: its SQL runs exactly as written.
    expect(await checkSql(sql, ANALYTICS_RELATIONS, 'database')).toBe(sql);
  });
});

describe('refused: input shape', () => {
  it('non-strings and empty text', async () => {
    expect(await refusal(42)).toBe('sql must be a string');
    expect(await refusal('')).toBe('sql must be at least 1 character');
    expect(await refusal('   ')).toBe('sql must contain a SELECT query');
    // One character is long enough to be read (and refused by the parser).
    expect(await refusal(' ')).toBe('sql must contain a SELECT query');
    expect(await refusal('x')).toBe('syntax error at or near "x"');
    expect(await refusal('-- only a comment')).toBe('sql must contain a SELECT query');
    expect(await refusal('SELECT 1\0 DROP TABLE posts')).toBe('sql must not contain NUL characters');
  });

  it('more than 10,000 characters; exactly 10,000 is fine', async () => {
    const pad = (n: number) => `SELECT 1 ${' '.repeat(n - 'SELECT 1 '.length)}`;
    await expect(checkSql(pad(10_000), ANALYTICS_RELATIONS, 'sql')).resolves.toBe(pad(10_000));
    expect(await refusal(pad(10_001))).toBe('sql must be at most 10000 characters');
  });

  it.each([
    'SELECT 1;',
    'SELECT 1; SELECT 2',
    "SELECT ';'",
    'SELECT 1 -- ;',
    'SELECT $$;$$',
    'SELECT 1 /* ; */',
  ])('semicolons anywhere: %s', async (sql) => {
    expect(await refusal(sql)).toBe('semicolons are not allowed');
  });

  it('syntax errors carry PostgreSQL\'s message', async () => {
    expect(await refusal('SELEC 1')).toBe('syntax error at or near "SELEC"');
    expect(await refusal('SELECT * FRM posts')).toMatch(/syntax error at or near/);
  });
});

describe('refused: statements other than SELECT', () => {
  it.each([
    ["INSERT INTO posts (id) VALUES ('x')", 'INSERT'],
    ["UPDATE posts SET title = 'x'", 'UPDATE'],
    ['DELETE FROM posts', 'DELETE'],
    ['MERGE INTO posts p USING blogs b ON p.blog_id = b.id WHEN MATCHED THEN DELETE', 'MERGE'],
    ['CREATE TABLE t (x int)', 'CREATE'],
    ['CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql', 'CREATE FUNCTION'],
    ['DROP TABLE posts', 'DROP'],
    ['TRUNCATE posts', 'TRUNCATE'],
    ['ALTER TABLE posts ADD COLUMN x int', 'ALTER TABLE'],
    ["COPY posts TO '/tmp/x'", 'COPY'],
    ['COPY (SELECT 1) TO STDOUT', 'COPY'],
    ['SET ROLE postgres', 'SET'],
    ['SET LOCAL app.blog_id = \'b2\'', 'SET'],
    ['SET SESSION AUTHORIZATION postgres', 'SET'],
    ['RESET ROLE', 'RESET'],
    ['RESET ALL', 'RESET'],
    ['SHOW search_path', 'SHOW'],
    ["DO $$ BEGIN PERFORM 1 END $$", 'DO'],
    ['CALL p()', 'CALL'],
    ['EXPLAIN SELECT * FROM posts', 'EXPLAIN'],
    ['EXPLAIN ANALYZE SELECT * FROM posts', 'EXPLAIN'],
    ['BEGIN', 'BEGIN'],
    ['PREPARE q AS SELECT 1', 'PREPARE'],
    ['DECLARE c CURSOR FOR SELECT 1', 'DECLARE'],
    ['GRANT SELECT ON posts TO public', 'GRANT'],
    ['LISTEN x', 'LISTEN'],
    ["NOTIFY x, 'y'", 'NOTIFY'],
    ['LOCK TABLE posts', 'LOCK'],
    ['VACUUM posts', 'VACUUM'],
    ["LOAD 'x'", 'LOAD'],
    ['CREATE TABLE t AS SELECT 1', 'CREATE TABLE AS'],
    ['GRANT admin TO bob', 'GRANT'],
    ['CLOSE c', 'CLOSE'],
    ['FETCH c', 'FETCH'],
    ['EXECUTE q', 'EXECUTE'],
    ['DEALLOCATE q', 'DEALLOCATE'],
    ['CREATE INDEX ON posts (title)', 'CREATE INDEX'],
    ['CREATE VIEW v AS SELECT 1', 'CREATE VIEW'],
    ['CREATE RULE r AS ON INSERT TO posts DO INSTEAD NOTHING', 'CREATE RULE'],
    ['CREATE ROLE r', 'CREATE ROLE'],
    ['ALTER ROLE r LOGIN', 'ALTER ROLE'],
    ['CREATE EXTENSION x', 'CREATE EXTENSION'],
    ['CHECKPOINT', 'CHECKPOINT'],
    ['DISCARD ALL', 'DISCARD'],
    ['ANALYZE posts', 'VACUUM'],
    ['START TRANSACTION', 'START'],
    ['COMMIT', 'COMMIT'],
    ["ROLLBACK PREPARED 'x'", 'ROLLBACK PREPARED'],
  ])('%s', async (sql, keyword) => {
    expect(await refusal(sql)).toBe(`only SELECT or WITH queries are allowed; got ${keyword}`);
  });

  it.each([
    ['WITH d AS (DELETE FROM posts RETURNING *) SELECT * FROM d', 'DELETE'],
    ["WITH i AS (INSERT INTO posts (id) VALUES ('x') RETURNING id) SELECT * FROM i", 'INSERT'],
    ["WITH u AS (UPDATE posts SET title = 'x' RETURNING id) SELECT 1", 'UPDATE'],
    ['SELECT * FROM (WITH d AS (DELETE FROM posts RETURNING *) SELECT * FROM d) q', 'DELETE'],
  ])('data-modifying CTE: %s', async (sql, keyword) => {
    expect(await refusal(sql)).toBe(`data-modifying WITH queries are not allowed; got ${keyword}`);
  });

  it('SELECT INTO and locking clauses', async () => {
    expect(await refusal('SELECT * INTO copy FROM posts')).toBe('SELECT INTO is not allowed');
    expect(await refusal('SELECT * FROM posts FOR UPDATE')).toBe('locking clauses (FOR UPDATE, FOR SHARE) are not allowed');
    expect(await refusal('SELECT * FROM posts FOR SHARE')).toBe('locking clauses (FOR UPDATE, FOR SHARE) are not allowed');
    expect(await refusal('SELECT * FROM (SELECT * FROM posts FOR NO KEY UPDATE) q')).toBe(
      'locking clauses (FOR UPDATE, FOR SHARE) are not allowed',
    );
    // In either arm of a set operation.
    expect(await refusal('(SELECT * FROM posts FOR UPDATE) UNION ALL SELECT * FROM posts')).toBe(
      'locking clauses (FOR UPDATE, FOR SHARE) are not allowed',
    );
    expect(await refusal('SELECT * FROM posts UNION ALL (SELECT * FROM posts FOR SHARE)')).toBe(
      'locking clauses (FOR UPDATE, FOR SHARE) are not allowed',
    );
    expect(await refusal('(SELECT * INTO t FROM posts) UNION ALL SELECT * FROM posts')).toBe('SELECT INTO is not allowed');
  });
});

describe('refused: functions', () => {
  it.each([
    ['SELECT pg_sleep(10)', 'pg_sleep'],
    ["SELECT set_config('role', 'postgres', true)", 'set_config'],
    ["SELECT current_setting('app.blog_id')", 'current_setting'],
    ["SELECT pg_read_file('/etc/passwd')", 'pg_read_file'],
    ["SELECT lo_import('/etc/passwd')", 'lo_import'],
    ["SELECT dblink('host=x', 'select 1')", 'dblink'],
    ["SELECT query_to_xml('select 1', true, true, '')", 'query_to_xml'],
    ["SELECT nextval('s')", 'nextval'],
    ['SELECT pg_advisory_lock(1)', 'pg_advisory_lock'],
    ['SELECT version()', 'version'],
    ['SELECT txid_current()', 'txid_current'],
    ["SELECT * FROM posts WHERE title = (SELECT current_setting('role'))", 'current_setting'],
    ["WITH x AS (SELECT set_config('role', 'postgres', true)) SELECT * FROM x", 'set_config'],
    ['SELECT count(*) FILTER (WHERE pg_sleep(1) IS NULL) FROM posts', 'pg_sleep'],
    ['SELECT * FROM generate_series(1, 2) g ORDER BY pg_sleep(1)', 'pg_sleep'],
    ['SELECT "NOW"()', 'NOW'],
  ])('%s', async (sql, name) => {
    expect(await refusal(sql)).toBe(`function ${name} is not allowed`);
  });

  it.each([
    // pg_catalog's clock functions are rewritten (below), but only in the forms that read the clock.
    ['SELECT pg_catalog.now(1)', 'pg_catalog.now'],
    ['SELECT pg_catalog.now() OVER ()', 'pg_catalog.now'],
    ['SELECT pg_catalog.age(now(), now())', 'pg_catalog.age'],
    ["SELECT pg_catalog.set_config('role', 'x', true)", 'pg_catalog.set_config'],
    ['SELECT analytics_private.current_blog_id()', 'analytics_private.current_blog_id'],
    ['SELECT public.f()', 'public.f'],
    // The parser's own pg_catalog.similar_to_escape (SIMILAR TO) passes; no other schema's, nor a longer name.
    ["SELECT public.similar_to_escape('a')", 'public.similar_to_escape'],
    ["SELECT pg_catalog.x.similar_to_escape('a')", 'pg_catalog.x.similar_to_escape'],
    // A clock function's name in another schema, or under a longer name, is not the clock form.
    ['SELECT public.now()', 'public.now'],
    ['SELECT analytics_clock.age(published_at) FROM posts', 'analytics_clock.age'],
    ['SELECT pg_catalog.x.now()', 'pg_catalog.x.now'],
    // Nor is another function of pg_catalog called as the clock's are (no argument, explicit call).
    ['SELECT pg_catalog.pi()', 'pg_catalog.pi'],
  ])('schema-qualified: %s', async (sql, name) => {
    expect(await refusal(sql)).toBe(`schema-qualified function ${name} is not allowed`);
  });

  it('reg* casts look catalog objects up by name', async () => {
    expect(await refusal("SELECT 'pg_authid'::regclass")).toBe('type regclass is not allowed');
    expect(await refusal("SELECT CAST('postgres' AS regrole)")).toBe('type regrole is not allowed');
    // Their arrays by the internal name, which the parser does not spell as regclass[].
    expect(await refusal("SELECT '{pg_authid}'::_regclass")).toBe('type _regclass is not allowed');
    expect(await refusal("SELECT CAST('{postgres}' AS pg_catalog._regrole)")).toBe('type _regrole is not allowed');
    expect(await refusal("SELECT '{pg_authid}'::regclass[]")).toBe('type regclass is not allowed');
  });

  it('types of another schema than pg_catalog and analytics', async () => {
    expect(await refusal('SELECT 1::public.mytype')).toBe('type public.mytype is not allowed');
  });

  it('a WITH item is walked whole: its CYCLE clause as well as its query', async () => {
    const cycle =
      'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3) ' +
      "CYCLE n SET is_cycle TO regclass 'pg_authid' DEFAULT regclass 'pg_class' USING path SELECT * FROM t";
    expect(await refusal(cycle)).toBe('type regclass is not allowed');
  });
});

describe('refused: relations outside the analytics schema', () => {
  it.each([
    ['SELECT * FROM pg_catalog.pg_roles', 'relation pg_catalog.pg_roles is not allowed: query the analytics tables'],
    ['SELECT * FROM pg_roles', 'relation pg_roles is not allowed: query the analytics tables'],
    ['SELECT * FROM pg_settings', 'relation pg_settings is not allowed: query the analytics tables'],
    ['SELECT * FROM pg_stats', 'relation pg_stats is not allowed: query the analytics tables'],
    ['SELECT * FROM information_schema.tables', 'relation information_schema.tables is not allowed: query the analytics tables'],
    ['SELECT * FROM analytics_private.query_scope', 'relation analytics_private.query_scope is not allowed: query the analytics tables'],
    ['SELECT * FROM public.posts', 'relation public.posts is not allowed: query the analytics tables'],
    ['SELECT * FROM db.analytics.posts', 'relation db.analytics.posts is not allowed: query the analytics tables'],
    ['SELECT * FROM posts WHERE id IN (SELECT rolname FROM pg_roles)', 'relation pg_roles is not allowed: query the analytics tables'],
    ['SELECT * FROM nonexistent', 'relation "nonexistent" does not exist'],
    ['SELECT * FROM analytics.nonexistent', 'relation "analytics.nonexistent" does not exist'],
    // In the analytics schema a pg_ name is just unknown, and a WITH name is not a table of the schema.
    ['SELECT * FROM analytics.pg_class', 'relation "analytics.pg_class" does not exist'],
    ['WITH foo AS (SELECT 1) SELECT * FROM analytics.foo', 'relation "analytics.foo" does not exist'],
  ])('%s', async (sql, message) => {
    expect(await refusal(sql)).toBe(message);
  });

  it('a WITH name only shadows a catalog relation inside its own scope', async () => {
    const msg = 'relation pg_class is not allowed: query the analytics tables';
    // Outside the subquery that defines it, pg_class is the catalog table again.
    expect(await refusal('SELECT * FROM (WITH pg_class AS (SELECT 1) SELECT * FROM pg_class) a, pg_class')).toBe(msg);
    // A plain (non-recursive) WITH item cannot see the items after it.
    expect(await refusal('WITH a AS (SELECT * FROM pg_class), pg_class AS (SELECT 1) SELECT * FROM a')).toBe(msg);
    // With RECURSIVE it can, as in PostgreSQL.
    const recursive = 'WITH RECURSIVE a AS (SELECT * FROM pg_class), pg_class AS (SELECT 1) SELECT * FROM a';
    await expect(checkSql(recursive, ANALYTICS_RELATIONS, 'sql')).resolves.toBe(recursive);
    // Set operations: the WITH applies to both arms.
    const union = 'WITH pg_class AS (SELECT 1) SELECT * FROM pg_class UNION SELECT * FROM pg_class';
    await expect(checkSql(union, ANALYTICS_RELATIONS, 'sql')).resolves.toBe(union);
  });
});

describe('clock forms are rewritten to read the reference clock (clock-forms.ts)', () => {
  const run = (sql: string) => checkSql(sql, ANALYTICS_RELATIONS, 'sql');
  const once = (fn: string) => `(SELECT analytics_clock.${fn}())`;

  it.each([
    ['SELECT now()', `SELECT ${once('now')}`],
    ['SELECT NOW ( )', `SELECT ${once('now')}`],
    ['SELECT "now"()', `SELECT ${once('now')}`],
    ['SELECT transaction_timestamp(), statement_timestamp()', `SELECT ${once('transaction_timestamp')}, ${once('statement_timestamp')}`],
    ['SELECT clock_timestamp(), timeofday()', 'SELECT analytics_clock.clock_timestamp(), analytics_clock.timeofday()'],
    ['SELECT CURRENT_DATE', `SELECT ${once('"current_date"')}`],
    ['SELECT current_timestamp, current_time, localtime, localtimestamp', `SELECT ${once('"current_timestamp"')}, ${once('"current_time"')}, ${once('"localtime"')}, ${once('"localtimestamp"')}`],
    ['SELECT CURRENT_TIMESTAMP(3)', `SELECT CAST(${once('"current_timestamp"')} AS timestamp(3) with time zone)`],
    ['SELECT current_time (0), LOCALTIME(6)', `SELECT CAST(${once('"current_time"')} AS time(0) with time zone), CAST(${once('"localtime"')} AS time(6) without time zone)`],
    ['SELECT localtimestamp /* p */ (2)', `SELECT CAST(${once('"localtimestamp"')} AS timestamp(2) without time zone)`],
    // A precision written as any of PostgreSQL's integer literals, and one above 6 (PostgreSQL lowers it, with a warning).
    ['SELECT LOCALTIME(0x3), CURRENT_TIME(0b11), LOCALTIMESTAMP(0o3), CURRENT_TIMESTAMP(1_0)', `SELECT CAST(${once('"localtime"')} AS time(3) without time zone), CAST(${once('"current_time"')} AS time(3) with time zone), CAST(${once('"localtimestamp"')} AS timestamp(3) without time zone), CAST(${once('"current_timestamp"')} AS timestamp(10) with time zone)`],
    ['SELECT age(published_at) FROM posts', 'SELECT analytics_clock.age(published_at) FROM posts'],
    ['SELECT pg_catalog.now(), pg_catalog . /* c */ clock_timestamp ( -- x\n)', `SELECT ${once('now')}, analytics_clock.clock_timestamp()`],
    ['SELECT pg_catalog.age (published_at) FROM posts', 'SELECT analytics_clock.age(published_at) FROM posts'],
    ['SELECT U&"\\006Eow"()', `SELECT ${once('now')}`],
  ])('%s', async (sql, rewritten) => {
    expect(await run(sql)).toBe(rewritten);
  });

  it('everywhere in the query, byte offsets right around non-ASCII text', async () => {
    expect(await run("WITH t AS (SELECT 'ünï' AS s, now() AS n) SELECT s || 'é', n FROM t WHERE n < CURRENT_DATE + 1 ORDER BY age(n)")).toBe(
      `WITH t AS (SELECT 'ünï' AS s, ${once('now')} AS n) SELECT s || 'é', n FROM t WHERE n < ${once('"current_date"')} + 1 ORDER BY analytics_clock.age(n)`,
    );
    expect(await run('SELECT age(now(), published_at), age(published_at, CURRENT_TIMESTAMP(1)) FROM posts')).toBe(
      `SELECT age(${once('now')}, published_at), age(published_at, CAST(${once('"current_timestamp"')} AS timestamp(1) with time zone)) FROM posts`,
    );
    // A set operation's LIMIT comes before its arms in the tree, after them in the text.
    expect(await run('SELECT now() AS n UNION ALL SELECT now() LIMIT extract(day FROM CURRENT_DATE)')).toBe(
      `SELECT ${once('now')} AS n UNION ALL SELECT ${once('now')} LIMIT extract(day FROM ${once('"current_date"')})`,
    );
  });

  it('a form that is a whole clause of the SELECT (WHERE, LIMIT), even one PostgreSQL will refuse by type', async () => {
    expect(await run('SELECT 1 WHERE CURRENT_DATE LIMIT LOCALTIME')).toBe(`SELECT 1 WHERE ${once('"current_date"')} LIMIT ${once('"localtime"')}`);
  });

  it('leaves other functions, other arities and decorated calls to PostgreSQL', async () => {
    for (const sql of ['SELECT pi(), random(), gen_random_uuid()', 'SELECT now(1)', 'SELECT now() OVER ()', 'SELECT age(a, b) FROM (VALUES (now(), now())) v(a, b)', 'SELECT current_user, session_user']) {
      const rewritten = await run(sql);
      expect(rewritten.replaceAll(once('now'), 'now()')).toBe(sql);
    }
    // Each decoration alone (WITHIN GROUP never comes without its ORDER BY), and a named argument.
    for (const sql of [
      'SELECT age(published_at) FILTER (WHERE true) FROM posts',
      'SELECT now(*)',
      'SELECT age(DISTINCT published_at) FROM posts',
      'SELECT age(VARIADIC published_at) FROM posts',
      'SELECT age(published_at ORDER BY published_at) FROM posts',
      'SELECT age(published_at) WITHIN GROUP (ORDER BY 1) FROM posts',
      'SELECT age(t => published_at) FROM posts',
    ]) {
      expect(await run(sql), sql).toBe(sql);
    }
  });

  it('a view is rewritten the same way when it is installed', async () => {
    expect(await viewBody("\nSELECT p.id FROM analytics.posts p WHERE p.published_at > now() - interval '30 days' AND p.created_at::date < CURRENT_DATE\n")).toBe(
      `SELECT p.id FROM analytics.posts p WHERE p.published_at > ${once('now')} - interval '30 days' AND p.created_at::date < ${once('"current_date"')}`,
    );
    // Other calls and keywords are left as written, and forms inside other calls are found.
    expect(await viewBody('SELECT lower(p.title), current_user, age(p.published_at), date_trunc(\'day\', LOCALTIMESTAMP(2)) FROM analytics.posts p')).toBe(
      `SELECT lower(p.title), current_user, analytics_clock.age(p.published_at), date_trunc('day', CAST(${once('"localtimestamp"')} AS timestamp(2) without time zone)) FROM analytics.posts p`,
    );
  });
});
