/**
 * What SQL is refused: anything but SELECT/WITH, semicolons, writes, DDL,
 * superuser functions. Every refusal is a 400 with the error body, and
 * nothing changes.
 */
import { AnalyticsQueryResult } from '../../../schemas/analytics.js';
import { expectError, expectOk, fail, fc, rule, type ApiClient } from '../../src/authoring/index.js';
import { count, runQuery } from './support.js';

/** Refused with 400 and the error body. */
async function refused(api: ApiClient, sql: string): Promise<void> {
  const res = await runQuery(api, sql);
  if (res.status === 200) fail(`${JSON.stringify(sql)} was run (200), expected 400`);
  expectError(res, 400);
}

/** The row counts of the tables a write would touch, to see that nothing changed. */
async function tableCounts(api: ApiClient): Promise<string> {
  const sql = "SELECT (SELECT count(*) FROM posts) || '/' || (SELECT count(*) FROM subscribers) || '/' || (SELECT count(*) FROM blogs) AS counts";
  return String((expectOk(await runQuery(api, sql), AnalyticsQueryResult).rows[0] ?? {}).counts);
}

const WRITES = [
  "INSERT INTO posts (id, blog_id, title) VALUES ('x', 'y', 'z')",
  "UPDATE posts SET title = 'changed'",
  'DELETE FROM posts',
  'DELETE FROM subscribers WHERE true',
  "MERGE INTO posts p USING blogs b ON p.blog_id = b.id WHEN MATCHED THEN UPDATE SET title = 'x'",
  'TRUNCATE posts',
  "WITH gone AS (DELETE FROM posts RETURNING id) SELECT count(*) FROM gone",
  "WITH changed AS (UPDATE subscribers SET email = 'x@example.com' RETURNING id) SELECT * FROM changed",
  'SELECT * INTO copied_posts FROM posts',
  'SELECT * FROM posts FOR UPDATE',
  "COPY posts TO STDOUT",
];

const DDL = [
  'CREATE TABLE scratch (id int)',
  'CREATE TEMP TABLE scratch AS SELECT * FROM posts',
  'DROP TABLE posts',
  'ALTER TABLE posts ADD COLUMN x int',
  'CREATE VIEW mine AS SELECT * FROM posts',
  'CREATE INDEX ON posts (title)',
  "CREATE FUNCTION f() RETURNS int LANGUAGE sql AS 'SELECT 1'",
  'GRANT SELECT ON posts TO PUBLIC',
  'ALTER TABLE posts DISABLE ROW LEVEL SECURITY',
  "DO $$ BEGIN PERFORM 1; END $$",
];

const OTHER_STATEMENTS = ['SET ROLE postgres', 'RESET ROLE', 'SHOW search_path', 'EXPLAIN SELECT * FROM posts', 'BEGIN', 'VACUUM posts', 'ANALYZE posts', 'LISTEN x', "PREPARE p AS SELECT 1", 'CALL p()'];

const SUPERUSER_FUNCTIONS = [
  "SELECT pg_read_file('/etc/passwd')",
  "SELECT pg_ls_dir('.')",
  "SELECT set_config('role', 'postgres', false)",
  "SELECT current_setting('data_directory')",
  'SELECT pg_terminate_backend(1)',
  'SELECT pg_cancel_backend(1)',
  'SELECT pg_reload_conf()',
  "SELECT lo_import('/etc/passwd')",
  "SELECT query_to_xml('SELECT 1', true, true, '')",
  'SELECT pg_sleep(1)',
  "SELECT dblink('host=localhost', 'SELECT 1')",
  'SELECT version()',
];

rule(
  ['analytics.query.select-only', 'analytics.query.invalid-sql-400'],
  'SELECT and WITH queries run; other statements are refused with 400',
  async ({ api }) => {
    expectOk(await runQuery(api, 'SELECT count(*) AS n FROM posts'), AnalyticsQueryResult);
    expectOk(await runQuery(api, 'WITH p AS (SELECT id FROM posts) SELECT count(*) AS n FROM p'), AnalyticsQueryResult);
    expectOk(await runQuery(api, '  select 1 AS lower_case  '), AnalyticsQueryResult);
    expectOk(await runQuery(api, '(SELECT 1 AS n) UNION ALL (SELECT 2)'), AnalyticsQueryResult);
    for (const sql of OTHER_STATEMENTS) await refused(api, sql);
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.query.no-semicolons', 'analytics.query.invalid-sql-400'],
  'SQL with a semicolon anywhere is refused with 400',
  async ({ api, check }) => {
    await refused(api, 'SELECT 1;');
    await refused(api, 'SELECT 1; SELECT 2');
    await refused(api, 'SELECT 1; DELETE FROM posts');
    await refused(api, "SELECT ';' AS semicolon");
    await refused(api, 'SELECT 1 -- ;');
    await check(fc.tuple(fc.constantFrom('SELECT 1 AS n', 'SELECT count(*) FROM posts', 'WITH x AS (SELECT 1) SELECT * FROM x'), fc.nat(40), fc.string({ maxLength: 5 })), async ([sql, at, junk]) => {
      const cut = Math.min(at, sql.length);
      await refused(api, `${sql.slice(0, cut)};${junk}${sql.slice(cut)}`);
    }, { runs: 15 });
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.query.no-writes', 'analytics.query.invalid-sql-400'],
  'writes and DDL are refused with 400, and nothing changes',
  async ({ api }) => {
    const before = await tableCounts(api);
    for (const sql of [...WRITES, ...DDL]) await refused(api, sql);
    const after = await tableCounts(api);
    if (after !== before) fail(`the row counts (posts/subscribers/blogs) changed from ${before} to ${after} after refused writes`);
    const titles = await count(api, "SELECT count(*) FROM posts WHERE title = 'changed'");
    if (titles !== 0) fail(`${titles} post titles read 'changed' after a refused UPDATE`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.query.no-superuser-functions', 'analytics.query.invalid-sql-400'],
  'superuser and server functions (files, settings, other sessions, sleeping) are refused with 400',
  async ({ api }) => {
    for (const sql of SUPERUSER_FUNCTIONS) await refused(api, sql);
    // Hidden inside a subquery, a CTE or a schema-qualified call: still refused.
    await refused(api, "SELECT * FROM posts WHERE title = (SELECT pg_read_file('/etc/hostname'))");
    await refused(api, "WITH s AS (SELECT set_config('role', 'postgres', true) AS r) SELECT * FROM s");
    await refused(api, "SELECT pg_catalog.pg_read_file('/etc/passwd')");
  },
  { needs: ['apiKey'] },
);
