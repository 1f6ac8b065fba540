// The database layer alone, with the SQL guard bypassed: PostgreSQL's own
// privileges, RLS and read-only transaction must hold by themselves.
import { describe, expect, it } from 'vitest';
import { viewBody } from '../schema/ddl.js';
import { loadedDatabase } from './loaded-database.support.test.js';
import { UserSqlError } from './runner.js';

describe('database-level isolation (guard bypassed)', () => {
  // The 'sql' clock mechanism (an external server's), tested here on PGlite without a worker clock.
  const { database, pglite: installed } = loadedDatabase('sql');

  const run = async (sql: string, blog = 'b1') => (await database()).query(blog, sql, { maxRows: 100 });

  it('runs as the query role, and RLS scopes rows without any filter', async () => {
    expect((await run('SELECT current_user AS u')).rows).toEqual([{ u: 'analytics_reader' }]);
    expect((await run('SELECT count(*) AS n FROM analytics.posts')).rows).toEqual([{ n: 3 }]);
    expect((await run("SELECT * FROM analytics.posts WHERE blog_id = 'b2'")).rows).toEqual([]);
    expect((await run('SELECT count(*) AS n FROM analytics.post_analytics_summary')).rows).toEqual([{ n: 1 }]);
  });

  it.each([
    ["SELECT set_config('role', 'postgres', true)", /permission denied for function set_config/],
    ["SELECT set_config('app.blog_id', 'b2', true)", /permission denied for function set_config/],
    ["SELECT current_setting('is_superuser')", /permission denied for function current_setting/],
    ["SELECT query_to_xml('SELECT * FROM analytics.posts', true, true, '')", /permission denied for function query_to_xml/],
    ["SELECT pg_read_file('/etc/passwd')", /permission denied for function pg_read_file/],
    ["SELECT lo_import('/etc/passwd')", /permission denied for function lo_import/],
    ['SELECT pg_sleep(0)', /permission denied for function pg_sleep/],
    ['SELECT version()', /permission denied for function version/],
    ['SELECT * FROM pg_catalog.pg_roles', /permission denied for view pg_roles/],
    ['SELECT * FROM pg_class', /permission denied for table pg_class/],
    ['SELECT * FROM pg_stats', /permission denied for view pg_stats/],
    ['SELECT * FROM pg_settings', /permission denied for view pg_settings/],
    ['SELECT * FROM information_schema.tables', /permission denied for schema information_schema/],
    // The scope table and function: refused, and the message does not name them.
    ['SELECT * FROM analytics_private.query_scope', /^query failed$/],
    ['SELECT analytics_private.current_blog_id()', /^query failed$/],
    ['SELECT * FROM analytics.posts FOR UPDATE', /read-only transaction/],
    ['WITH d AS (DELETE FROM analytics.posts RETURNING *) SELECT * FROM d', /data-modifying|read-only transaction|permission denied/],
    ['SELECT * INTO analytics.stolen FROM analytics.posts', /SELECT INTO|syntax error|not allowed/i],
    // Only one statement can follow DECLARE ... FOR, and it must be a query.
    ['SELECT 1; RESET ROLE; SELECT * FROM analytics.posts', /multiple commands|syntax error/],
    ['RESET ROLE', /syntax error/],
    ["SET ROLE postgres", /syntax error/],
  ])('%s', async (sql, message) => {
    const error = await run(sql).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserSqlError);
    expect((error as Error).message).toMatch(message);
  });

  it('leaves no scope behind and returns the session to the engine role', async () => {
    await run('SELECT 1');
    await run('SELECT 1 / 0').catch(() => undefined);
    expect((await (await installed()).query('SELECT count(*)::int AS n FROM analytics_private.query_scope')).rows).toEqual([{ n: '0' }]);
    expect((await (await installed()).query('SELECT current_user AS u')).rows).toEqual([{ u: 'postgres' }]);
  });

  describe("the clock, without the guard's rewrite", () => {
    const T = Date.parse('2031-05-17T12:34:56.789Z');
    const at = async (sql: string) => (await database()).query('b1', sql, { maxRows: 10, clock: { at: T, frozen: true } });

    it('unqualified clock functions find analytics_clock first on the search path', async () => {
      expect((await at("SELECT now(), clock_timestamp(), timeofday(), age(timestamptz '2031-01-01') AS a")).rows).toEqual([
        { now: '2031-05-17T12:34:56.789Z', clock_timestamp: '2031-05-17T12:34:56.789Z', timeofday: 'Sat May 17 12:34:56.789000 2031 UTC', a: '4 mons 16 days' },
      ]);
    });

    it('the SQL keywords need the rewrite: CURRENT_DATE is no function call, so nothing can shadow it', async () => {
      expect((await at('SELECT CURRENT_DATE AS d')).rows[0].d).not.toBe('2031-05-17');
      expect((await at('SELECT pg_catalog.now() AS n')).rows[0].n).not.toBe('2031-05-17T12:34:56.789Z');
    });

    it('a view installed through viewBody follows the clock of the query reading it', async () => {
      const body = await viewBody('SELECT now() AS n, CURRENT_DATE AS d, localtime(0) AS t, age(timestamp \'2031-05-16\') AS a');
      await (await installed()).exec(`CREATE VIEW analytics.clock_probe WITH (security_invoker = true) AS ${body}; GRANT SELECT ON analytics.clock_probe TO analytics_reader`);
      try {
        expect((await at('SELECT * FROM analytics.clock_probe')).rows).toEqual([{ n: '2031-05-17T12:34:56.789Z', d: '2031-05-17', t: '12:34:57', a: '1 day' }]);
      } finally {
        await (await installed()).exec('DROP VIEW analytics.clock_probe');
      }
    });

    it('outside a query (no scope row) the clock functions answer null', async () => {
      expect((await (await installed()).query('SELECT analytics_clock.now() AS n')).rows).toEqual([{ n: null }]);
    });
  });

  it('the query role owns nothing and cannot bypass RLS', async () => {
    const role = await (await installed()).query<{ rolsuper: string; rolbypassrls: string; rolcanlogin: string }>(
      "SELECT rolsuper, rolbypassrls, rolcanlogin FROM pg_roles WHERE rolname = 'analytics_reader'",
    );
    expect(role.rows).toEqual([{ rolsuper: 'f', rolbypassrls: 'f', rolcanlogin: 'f' }]);
    const owned = await (await installed()).query(
      "SELECT relname FROM pg_class WHERE relowner = (SELECT oid FROM pg_roles WHERE rolname = 'analytics_reader')",
    );
    expect(owned.rows).toEqual([]);
    const unprotected = await (await installed()).query(
      "SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'analytics' AND c.relkind = 'r' AND NOT c.relrowsecurity",
    );
    expect(unprotected.rows).toEqual([]);
  });
});
