/**
 * Isolation: with two keys, every table and view shows each key only its own
 * publication's rows, with or without a filter, and the usual ways out
 * (settings, roles, catalogs, other schemas) are refused or see nothing.
 */
import { expectError, fail, fc, rule, type ApiClient, type RuleContext } from '../../src/authoring/index.js';
import { literal, runQuery, schemaColumns, scopeColumn, select } from './support.js';

function ids(ctx: RuleContext): { a: string; b: string } {
  return { a: ctx.target.publications.a!.id, b: ctx.target.publications.b!.id };
}

/** The distinct publication ids a relation shows this key. */
async function scopesSeen(api: ApiClient, relation: string): Promise<unknown[]> {
  const result = await select(api, `SELECT DISTINCT ${scopeColumn(relation)} AS scope FROM ${relation}`);
  return result.rows.map((r) => r.scope);
}

rule(
  ['analytics.query.isolation', 'analytics.query.rls-without-filter'],
  'an unfiltered SELECT on every table and view shows each key only its own blog_id',
  async (ctx) => {
    const { a, b } = ids(ctx);
    const relations = [...(await schemaColumns(ctx)).keys()];
    let seenA = 0;
    let seenB = 0;
    for (const relation of relations) {
      const fromA = await scopesSeen(ctx.api, relation);
      const fromB = await scopesSeen(ctx.api.b, relation);
      const strayA = fromA.filter((s) => s !== a);
      const strayB = fromB.filter((s) => s !== b);
      if (strayA.length > 0) fail(`${relation} shows A's key rows of ${JSON.stringify(strayA)}`);
      if (strayB.length > 0) fail(`${relation} shows B's key rows of ${JSON.stringify(strayB)}`);
      seenA += fromA.length;
      seenB += fromB.length;
    }
    if (seenA === 0 || seenB === 0) await ctx.vitest.annotate('one of the publications has no analytics rows at all: isolation was checked on empty data');
  },
  { needs: ['publicationIds', 'secondKey'] },
);

rule(
  ['analytics.query.isolation'],
  "filters naming the other publication find nothing: WHERE blog_id = B, IN (A, B), OR true",
  async (ctx) => {
    const { a, b } = ids(ctx);
    const relations = [...(await schemaColumns(ctx)).keys()];
    const filters = [
      (col: string) => `${col} = ${literal(b)}`,
      (col: string) => `${col} IN (${literal(a)}, ${literal(b)})`,
      (col: string) => `${col} <> ${literal(a)}`,
      (col: string) => `true OR ${col} = ${literal(b)}`,
      (col: string) => `NOT (${col} = ${literal(a)})`,
      (col: string) => `${col} IS DISTINCT FROM ${literal(a)}`,
    ];
    await ctx.check(fc.tuple(fc.constantFrom(...relations), fc.nat(filters.length - 1)), async ([relation, f]) => {
      const col = scopeColumn(relation);
      const result = await select(ctx.api, `SELECT ${col} AS scope FROM ${relation} WHERE ${filters[f](col)}`);
      const stray = result.rows.find((r) => r.scope !== a);
      if (stray) fail(`WHERE ${filters[f](col)} on ${relation} shows A's key a row of ${JSON.stringify(stray.scope)}`);
    }, { runs: 20 });
  },
  { needs: ['publicationIds', 'secondKey'] },
);

rule(
  ['analytics.query.isolation'],
  'escape attempts (settings, roles, catalogs, private schemas) are refused or see nothing of the other publication',
  async (ctx) => {
    const { a, b } = ids(ctx);
    // What B has that A must never see: its id and its post ids.
    const secrets = [b, ...(await select(ctx.api.b, 'SELECT id FROM posts LIMIT 50')).rows.map((r) => String(r.id))];
    const attempts = [
      `SELECT set_config('app.blog_id', ${literal(b)}, false) AS x`,
      `WITH s AS (SELECT set_config('role', 'postgres', true) AS r) SELECT p.* FROM posts p, s`,
      `WITH s AS (SELECT set_config('analytics.blog_id', ${literal(b)}, true) AS r) SELECT p.id, p.blog_id FROM s, posts p`,
      "SELECT current_setting('role') AS r",
      "SELECT current_setting('search_path') AS p",
      'SET ROLE postgres',
      'SET SESSION AUTHORIZATION postgres',
      'RESET ROLE',
      `SET app.blog_id = ${literal(b)}`,
      'SELECT * FROM pg_catalog.pg_class',
      'SELECT relname FROM pg_class',
      "SELECT * FROM pg_stats WHERE tablename = 'posts'",
      'SELECT * FROM pg_catalog.pg_statistic',
      'SELECT * FROM pg_roles',
      'SELECT * FROM pg_catalog.pg_policy',
      'SELECT * FROM information_schema.columns',
      'SELECT * FROM information_schema.tables',
      'SELECT * FROM analytics_private.query_scope',
      'SELECT * FROM public.posts',
      'SELECT id, blog_id FROM analytics.posts',
      `SELECT id, blog_id FROM posts WHERE blog_id = ${literal(b)} UNION ALL SELECT id, blog_id FROM analytics.posts WHERE blog_id = ${literal(b)}`,
      "SELECT 'posts'::regclass AS r",
      `SELECT to_jsonb(p) AS row FROM posts p WHERE p.blog_id = ${literal(b)}`,
      'SELECT count(*) AS n FROM posts, blogs WHERE blogs.id <> posts.blog_id',
    ];
    for (const sql of attempts) {
      const res = await runQuery(ctx.api, sql);
      if (res.status === 200) {
        const leaked = secrets.find((s) => res.text.includes(s));
        if (leaked) fail(`${sql} answered 200 with data of B (${leaked === b ? "B's id" : `B's post ${leaked}`})`);
        continue;
      }
      expectError(res, 400);
    }
    // And the key still sees its own rows afterwards (no setting stuck to a session).
    const own = await select(ctx.api, 'SELECT DISTINCT blog_id FROM posts');
    if (own.rows.some((r) => r.blog_id !== a)) fail("after the attempts, A's key sees posts of another publication");
  },
  { needs: ['publicationIds', 'secondKey'] },
);
