/**
 * Properties that hold whatever the data: equivalent queries agree, draft and
 * version rows roll up through posts.draft_of, and (the reference's choices)
 * analytics agrees with what the API reports, at once.
 */
import { z } from 'zod';
import { SubscriberCount } from '../../../schemas/subscribers.js';
import { expectOk, expectStatus, fail, fc, rule, type ApiClient, type RuleContext } from '../../src/authoring/index.js';
import { createDraft } from '../posts/support/posts-api.js';
import { addSubscriber, registerImported, removeSubscriber, uploadCsv } from '../subscribers/subscribers.js';
import { publicationA } from '../publications/support.js';
import { PUBLIC_RELATIONS, count, literal, scalar, scopeColumn, select } from './support.js';

const COUNTS: ((relation: string) => string)[] = [
  (r) => `SELECT count(*) AS n FROM ${r}`,
  (r) => `SELECT count(*) AS n FROM (SELECT * FROM ${r}) s`,
  (r) => `WITH s AS (SELECT * FROM ${r}) SELECT count(*) AS n FROM s`,
  (r) => `SELECT coalesce(sum(1), 0) AS n FROM ${r}`,
  (r) => `SELECT count(*) AS n FROM ${r} WHERE true`,
  (r) => `SELECT (SELECT count(*) FROM ${r}) AS n`,
  (r) => `SELECT count(*) AS n FROM ${r} WHERE ${scopeColumn(r)} IS NULL OR ${scopeColumn(r)} IS NOT NULL`,
  (r) => `SELECT coalesce(sum(c), 0) AS n FROM (SELECT count(*) AS c FROM ${r} GROUP BY ${scopeColumn(r)}) g`,
];

rule(
  ['analytics.query.equivalent-results'],
  'equivalent queries return equal results: counts written eight ways, rows through a subquery or a CTE, sums grouped or windowed',
  async ({ api, check }) => {
    await check(fc.tuple(fc.constantFrom(...Object.keys(PUBLIC_RELATIONS)), fc.nat(COUNTS.length - 1)), async ([relation, i]) => {
      const base = await count(api, COUNTS[0](relation));
      const other = await count(api, COUNTS[i](relation));
      if (other !== base) fail(`${COUNTS[i](relation)} gave ${other}, ${COUNTS[0](relation)} gave ${base}`);
    }, { runs: 20 });

    const direct = await select(api, 'SELECT * FROM posts ORDER BY id');
    for (const sql of ['WITH p AS (SELECT * FROM posts) SELECT * FROM p ORDER BY id', 'SELECT * FROM (SELECT * FROM posts ORDER BY id DESC) s ORDER BY id']) {
      const rows = (await select(api, sql)).rows;
      if (JSON.stringify(rows) !== JSON.stringify(direct.rows)) fail(`${sql} does not answer the rows of SELECT * FROM posts ORDER BY id`);
    }

    const grouped = await select(api, 'SELECT post_id, sum(views) AS v FROM post_views_daily GROUP BY post_id ORDER BY post_id');
    const windowed = await select(api, 'SELECT DISTINCT post_id, sum(views) OVER (PARTITION BY post_id) AS v FROM post_views_daily ORDER BY post_id');
    if (JSON.stringify(grouped.rows) !== JSON.stringify(windowed.rows)) fail('views per post differ between GROUP BY and a window sum');
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.query.draft-of'],
  'draft and version rows point at a post of the same publication, and metrics rolled up through draft_of match post_analytics_summary',
  async ({ api }) => {
    const dangling = await count(
      api,
      'SELECT count(*) FROM posts d LEFT JOIN posts p ON p.id = d.draft_of WHERE d.draft_of IS NOT NULL AND (p.id IS NULL OR p.blog_id <> d.blog_id OR p.draft_of IS NOT NULL)',
    );
    if (dangling !== 0) fail(`${dangling} draft/version rows do not point at a post of their publication`);

    const rolled = await select(
      api,
      `SELECT root.id, coalesce(sum(d.views), 0) AS views
       FROM posts root
       LEFT JOIN posts v ON coalesce(v.draft_of, v.id) = root.id
       LEFT JOIN post_views_daily d ON d.post_id = v.id
       WHERE root.draft_of IS NULL AND root.status = 'published'
       GROUP BY root.id ORDER BY root.id`,
    );
    const summary = await select(api, 'SELECT post_id AS id, total_views AS views FROM post_analytics_summary ORDER BY post_id');
    const asText = (rows: Record<string, unknown>[]) => JSON.stringify(rows.map((r) => [r.id, Number(r.views)]));
    if (asText(rolled.rows) !== asText(summary.rows)) fail('views rolled up through posts.draft_of differ from post_analytics_summary.total_views');
  },
  { needs: ['apiKey'] },
);

async function subscriberCount(ctx: RuleContext): Promise<number> {
  const id = ctx.target.publications.a!.id;
  return expectOk(await ctx.api.get(`/v1/publications/${encodeURIComponent(id)}/subscribers/count`), SubscriberCount).count;
}

const Total = z.object({ pagination: z.object({ total: z.number().int() }) });

async function publishedTotal(api: ApiClient): Promise<number> {
  return expectOk(await api.get('/v1/posts', { query: { status: 'published', limit: 1 } }), Total).pagination.total;
}

const ACTIVE = 'SELECT active_subscriber_count FROM blog_subscriber_counts';
const PUBLISHED = "SELECT count(*) FROM posts WHERE status = 'published' AND draft_of IS NULL";

rule(
  ['analytics.data.agrees-with-api'],
  'blog_subscriber_counts agrees with the subscriber count, and published posts with the published list',
  async (ctx) => {
    const viaApi = await subscriberCount(ctx);
    const viaSql = await count(ctx.api, ACTIVE);
    if (viaSql !== viaApi) fail(`blog_subscriber_counts says ${viaSql} active subscribers, the API counts ${viaApi}`);
    const statusActive = await count(ctx.api, "SELECT count(*) FROM subscribers WHERE status = 'active'");
    if (statusActive !== viaApi) fail(`subscribers has ${statusActive} rows with status active, the API counts ${viaApi}`);
    const published = await count(ctx.api, PUBLISHED);
    const listed = await publishedTotal(ctx.api);
    if (published !== listed) fail(`posts has ${published} published posts (draft_of null), GET /v1/posts?status=published lists ${listed}`);
  },
  { needs: ['publicationIds'], profile: 'extended' },
);

rule(
  ['analytics.data.fresh', 'analytics.data.draft-rows'],
  'a subscriber or a draft added through the API shows in the very next query, and a deleted subscriber is gone from it',
  async (ctx) => {
    const before = await count(ctx.api, ACTIVE);
    const email = ctx.names.email('analytics');
    expectStatus(await addSubscriber(ctx, { email }), 200);
    if ((await count(ctx.api, ACTIVE)) !== before + 1) fail('blog_subscriber_counts did not grow by one in the query right after adding a subscriber');
    const row = await select(ctx.api, `SELECT status, email FROM subscribers WHERE lower(email) = lower(${literal(email)})`);
    if (row.rowCount !== 1 || row.rows[0].status !== 'active') fail(`the new subscriber shows as ${JSON.stringify(row.rows)}`);
    expectStatus(await removeSubscriber(ctx, { email }), 200);
    if ((await count(ctx.api, ACTIVE)) !== before) fail('blog_subscriber_counts did not come back after deleting the subscriber');
    if ((await count(ctx.api, `SELECT count(*) FROM subscribers WHERE lower(email) = lower(${literal(email)})`)) !== 0) fail('a deleted subscriber is still in subscribers');

    const id = await createDraft(ctx, 'analytics fresh');
    const post = await select(ctx.api, `SELECT status, draft_of FROM posts WHERE id = ${literal(id)}`);
    if (post.rowCount !== 1 || post.rows[0].status !== 'draft' || post.rows[0].draft_of !== null) fail(`the new draft shows as ${JSON.stringify(post.rows)}`);
    const drafts = await select(ctx.api, `SELECT status, blog_id FROM posts WHERE draft_of = ${literal(id)}`);
    if (drafts.rowCount !== 1 || drafts.rows[0].status !== 'draft') fail(`the new post has ${drafts.rowCount} draft rows: ${JSON.stringify(drafts.rows)}`);
    const blog = await scalar(ctx.api, `SELECT blog_id FROM posts WHERE id = ${literal(id)}`);
    if (drafts.rows[0].blog_id !== blog) fail("the draft row's blog_id differs from the post's");

    const withoutDraftRow = await count(
      ctx.api,
      "SELECT count(*) FROM posts p WHERE p.draft_of IS NULL AND (SELECT count(*) FROM posts d WHERE d.draft_of = p.id AND d.status = 'draft' AND d.blog_id = p.blog_id) <> 1",
    );
    if (withoutDraftRow !== 0) fail(`${withoutDraftRow} posts do not have exactly one draft row`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.data.fresh'],
  "a wallet attached to a subscriber through the API shows in the subscriber's row of subscribers at once, and the row goes with the subscriber",
  async (ctx) => {
    const email = ctx.names.email('analytics-attach');
    const wallet = ctx.names.wallet();
    const row = `FROM subscribers WHERE lower(email) = lower(${literal(email)})`;
    expectStatus(await addSubscriber(ctx, { email }), 200);
    expectStatus(await addSubscriber(ctx, { email, wallet }), 200);
    const attached = await select(ctx.api, `SELECT wallet ${row}`);
    if (attached.rowCount !== 1 || String(attached.rows[0].wallet).toLowerCase() !== wallet.toLowerCase())
      fail(`after attaching ${wallet} the subscriber's rows are ${JSON.stringify(attached.rows)}`);
    expectStatus(await removeSubscriber(ctx, { wallet }), 200);
    if ((await count(ctx.api, `SELECT count(*) ${row}`)) !== 0) fail('the subscriber deleted by its wallet is still in subscribers');
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.data.fresh'],
  'a subscriber imported from a CSV shows in subscribers at once, with source import',
  async (ctx) => {
    const email = ctx.names.email('analytics-import');
    registerImported(ctx, [{ email }]);
    expectStatus(await uploadCsv(ctx, `email\n${email}\n`), 200);
    const rows = (await select(ctx.api, `SELECT source FROM subscribers WHERE lower(email) = lower(${literal(email)})`)).rows;
    if (rows.length !== 1 || rows[0].source !== 'import') fail(`the imported subscriber's rows of subscribers are ${JSON.stringify(rows)}, expected one with source import`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['analytics.data.fresh'],
  "an address unsubscribed shows in its subscriber's row of subscribers at once (status unsubscribed), and active again when the suppression is lifted",
  async (ctx) => {
    const publicationId = publicationA(ctx).id;
    const email = ctx.names.email('analytics-unsub');
    const status = async () => (await select(ctx.api, `SELECT status FROM subscribers WHERE lower(email) = lower(${literal(email)})`)).rows.map((r) => r.status);
    expectStatus(await addSubscriber(ctx, { email }), 200);
    const expectStatusRow = async (expected: string, after: string) => {
      const found = await status();
      if (JSON.stringify(found) !== JSON.stringify([expected])) fail(`${after}, the subscriber's rows of subscribers have status ${JSON.stringify(found)}, expected ${expected}`);
    };
    await expectStatusRow('active', 'after adding it');
    ctx.created.add(`lift suppression of ${email}`, () => ctx.control.call('DELETE', '/_control/suppressions', { publicationId, email }));
    await ctx.control.call('POST', '/_control/unsubscribe', { publicationId, email });
    await expectStatusRow('unsubscribed', 'after unsubscribing the address');
    await ctx.control.call('DELETE', '/_control/suppressions', { publicationId, email });
    await expectStatusRow('active', 'after lifting the suppression');
  },
  { needs: ['apiKey', 'publicationIds', 'control:unsubscribe'] },
);
