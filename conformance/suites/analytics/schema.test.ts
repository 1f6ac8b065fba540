/**
 * GET /v1/analytics/schema: the shape (one item per column, grouped by table,
 * in column order), the publicly named relations and columns, blog naming.
 */
import { AnalyticsSchema } from '../../../schemas/analytics.js';
import { expectError, expectOk, fail, rule } from '../../src/authoring/index.js';
import { PUBLIC_RELATIONS, SCHEMA, scopeColumn, schemaColumns, select } from './support.js';

rule(
  ['analytics.schema.get', 'analytics.schema.shape'],
  'the schema lists every column as {table_name, column_name, data_type, is_nullable}, grouped by table, in column order',
  async (ctx) => {
    const listing = expectOk(await ctx.api.get(SCHEMA), AnalyticsSchema);
    if (listing.tables.length === 0) fail('the schema lists no columns');
    // Grouped: once a table's run of columns ends, the table does not come back.
    const finished = new Set<string>();
    let current = '';
    for (const c of listing.tables) {
      if (c.table_name !== current) {
        if (finished.has(c.table_name)) fail(`the columns of ${c.table_name} are not listed together`);
        if (current) finished.add(current);
        current = c.table_name;
      }
    }
    // Column order: the order SELECT * gives, which is the relation's column order.
    for (const [relation, columns] of await schemaColumns(ctx)) {
      const seen = new Set<string>();
      for (const c of columns) {
        if (seen.has(c.name)) fail(`${relation}.${c.name} is listed twice`);
        seen.add(c.name);
      }
      const star = await select(ctx.api, `SELECT * FROM ${relation} LIMIT 0`);
      const queried = star.fields.map((f) => f.name);
      if (queried.join() !== columns.map((c) => c.name).join()) {
        fail(`the schema lists ${relation} as (${columns.map((c) => c.name).join(', ')}) but SELECT * answers (${queried.join(', ')})`);
      }
    }
    expectError(await ctx.api.anonymous.get(SCHEMA), 401);
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.schema.public-relations'],
  'the publicly named tables and views exist with their publicly named columns',
  async (ctx) => {
    const listed = await schemaColumns(ctx);
    for (const [relation, { columns }] of Object.entries(PUBLIC_RELATIONS)) {
      const have = listed.get(relation);
      if (!have) fail(`the schema does not list ${relation}`);
      const names = new Set(have.map((c) => c.name));
      const missing = columns.filter((c) => !names.has(c));
      if (missing.length > 0) fail(`${relation} lacks ${missing.join(', ')}`);
      if (columns.length > 0) await select(ctx.api, `SELECT ${columns.join(', ')} FROM ${relation} LIMIT 1`);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.schema.blog-naming'],
  'the publication is blog_id in every relation but blogs (whose id it is); no column says publication',
  async (ctx) => {
    const listed = await schemaColumns(ctx);
    for (const [relation, columns] of listed) {
      const names = columns.map((c) => c.name);
      const scope = scopeColumn(relation);
      if (!names.includes(scope)) fail(`${relation} has no ${scope} column`);
      const odd = names.find((n) => /publication/.test(n));
      if (odd) fail(`${relation}.${odd} names the publication; analytics column names say blog`);
    }
  },
  { needs: ['apiKey'] },
);
