/**
 * POST /v1/analytics/query: the answer's shape, the sql field, the
 * PostgreSQL dialect, unprefixed tables.
 */
import { AnalyticsQueryResult } from '../../../schemas/analytics.js';
import { expectError, expectOk, fail, fc, rule } from '../../src/authoring/index.js';
import { PUBLIC_RELATIONS, QUERY, count, runQuery, select } from './support.js';

rule(
  ['analytics.query.response'],
  'a SELECT answers 200 {rows, rowCount, fields: [{name}], truncated}',
  async ({ api }) => {
    const result = expectOk(await runQuery(api, "SELECT 1 AS one, 'two' AS two, true AS three"), AnalyticsQueryResult);
    if (result.rowCount !== 1 || result.rows.length !== 1) fail(`rowCount ${result.rowCount} and ${result.rows.length} rows, expected 1`);
    if (result.truncated !== false) fail('truncated is not false for one row');
    const row = result.rows[0];
    if (row.one !== 1 || row.two !== 'two' || row.three !== true) fail(`the row is ${JSON.stringify(row)}, expected {one: 1, two: "two", three: true}`);

    const none = expectOk(await runQuery(api, 'SELECT id FROM posts WHERE false'), AnalyticsQueryResult);
    if (none.rowCount !== 0 || none.rows.length !== 0 || none.truncated) fail('a query without rows does not answer rowCount 0, rows [], truncated false');
    if (none.fields.map((f) => f.name).join() !== 'id') fail(`a query without rows lists fields ${JSON.stringify(none.fields)}, expected [{name: "id"}]`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.query.fields-order', 'analytics.query.response'],
  'fields lists the columns in the order the query names them, and rows use those names',
  async ({ api, check }) => {
    const names = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/), { minLength: 1, maxLength: 8 });
    await check(names, async (columns) => {
      const sql = `SELECT ${columns.map((c, i) => `${i} AS "${c}"`).join(', ')}`;
      const result = await select(api, sql);
      const listed = result.fields.map((f) => f.name);
      if (listed.join('|') !== columns.join('|')) fail(`fields are ${JSON.stringify(listed)} for ${sql}`);
      const row = result.rows[0];
      columns.forEach((c, i) => {
        if (row[c] !== i) fail(`column ${c} holds ${JSON.stringify(row[c])}, expected ${i}`);
      });
    }, { runs: 15 });

    // Real columns keep the relation's order under SELECT *, and the order given otherwise.
    const star = await select(api, 'SELECT * FROM posts LIMIT 1');
    const reversed = [...star.fields].reverse().map((f) => `"${f.name}"`);
    const back = await select(api, `SELECT ${reversed.join(', ')} FROM posts LIMIT 1`);
    if (back.fields.map((f) => `"${f.name}"`).join() !== reversed.join()) fail('selecting the columns of posts in reverse order does not list them in reverse');
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.query.sql-required', 'analytics.query.invalid-sql-400'],
  'sql is required, a string, at least one character',
  async ({ api }) => {
    expectError(await api.post(QUERY, {}), 400);
    expectError(await api.post(QUERY, { sql: '' }), 400);
    expectError(await api.post(QUERY, { sql: 42 }), 400);
    expectError(await api.post(QUERY, { sql: null }), 400);
    expectError(await api.post(QUERY, { sql: ['SELECT 1'] }), 400);
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.query.sql-max-10000'],
  'sql of exactly 10,000 characters runs; 10,001 is refused with 400',
  async ({ api }) => {
    const pad = (length: number) => {
      const head = 'SELECT 1 AS n /*';
      return `${head}${'x'.repeat(length - head.length - 2)}*/`;
    };
    const exact = pad(10_000);
    if (exact.length !== 10_000) throw new Error('the suite built the wrong length');
    expectOk(await runQuery(api, exact), AnalyticsQueryResult);
    expectError(await runQuery(api, pad(10_001)), 400);
    expectError(await runQuery(api, pad(50_000)), 400);
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.query.postgres-dialect'],
  'PostgreSQL syntax and functions work: casts, arrays, FILTER, DISTINCT ON, date_trunc, generate_series, ILIKE',
  async ({ api }) => {
    const result = await select(
      api,
      `SELECT '7'::int + 1 AS cast_sum,
              ARRAY[1, 2, 3] AS arr,
              count(*) FILTER (WHERE g % 2 = 0) AS evens,
              date_trunc('month', TIMESTAMPTZ '2024-05-17 10:00:00+00') AS month,
              'Analytics' ILIKE 'analyt%' AS ilike,
              string_agg(g::text, ',' ORDER BY g DESC) AS joined
       FROM generate_series(1, 4) AS g`,
    );
    const row = result.rows[0];
    if (row.cast_sum !== 8) fail(`'7'::int + 1 gave ${JSON.stringify(row.cast_sum)}`);
    if (JSON.stringify(row.arr) !== '[1,2,3]') fail(`ARRAY[1, 2, 3] gave ${JSON.stringify(row.arr)}`);
    if (Number(row.evens) !== 2) fail(`count(*) FILTER gave ${JSON.stringify(row.evens)}`);
    if (typeof row.month !== 'string' || !row.month.startsWith('2024-05-01')) fail(`date_trunc gave ${JSON.stringify(row.month)}`);
    if (row.ilike !== true) fail(`ILIKE gave ${JSON.stringify(row.ilike)}`);
    if (row.joined !== '4,3,2,1') fail(`string_agg ... ORDER BY gave ${JSON.stringify(row.joined)}`);

    const distinct = await select(api, 'SELECT DISTINCT ON (g % 3) g % 3 AS k, g FROM generate_series(1, 9) g ORDER BY g % 3, g DESC');
    if (distinct.rows.map((r) => r.g).join() !== '9,7,8') fail(`DISTINCT ON gave ${JSON.stringify(distinct.rows)}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.query.unprefixed-tables'],
  'every publicly named table and view can be read unprefixed',
  async ({ api }) => {
    for (const relation of Object.keys(PUBLIC_RELATIONS)) {
      const n = await count(api, `SELECT count(*) FROM ${relation}`);
      if (n < 0) fail(`count(*) of ${relation} is negative`);
    }
  },
  { needs: ['apiKey'] },
);
