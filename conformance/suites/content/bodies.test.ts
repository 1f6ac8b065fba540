/**
 * The body of each kind, as properties: every valid shape is accepted and
 * comes back unchanged; every invalid one answers 400 with the error body.
 * Boundaries (280/281, 25/26 entries, ...) are always among the inputs.
 */
import { expectError, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import {
  OURS_BOUNDARIES,
  OURS_GRAPHEMES,
  oursBlankText,
  publicInvalidBody,
  publicValidPiece,
  textOfLength,
  type BoundaryCase,
} from './arbitraries/bodies.js';
import { createPiece, draftOf, sameJson, tryCreate } from './support/content-api.js';

rule(
  [
    'content.body.tweet-text-or-thread',
    'content.body.tweet-max-280',
    'content.body.linkedin-text',
    'content.body.newsletter-fields',
    'content.body.article-headline',
    'content.body.article-canonical-in-body',
    'content.create.fields',
  ],
  'every valid body of every kind is accepted and comes back unchanged',
  async (ctx) => {
    await ctx.check(publicValidPiece, async ({ kind, body }) => {
      const piece = await createPiece(ctx, draftOf(ctx, kind, body));
      if (!sameJson(piece.body, body)) fail(`the ${kind} body came back as ${JSON.stringify(piece.body)}, sent ${JSON.stringify(body)}`);
    });
  },
);

rule(
  [
    'content.create.validates-body',
    'content.body.invalid-400',
    'content.body.tweet-text-or-thread',
    'content.body.tweet-max-280',
    'content.body.linkedin-text',
    'content.body.newsletter-fields',
    'content.body.article-headline',
    'content.body.article-canonical-in-body',
    'content.body.foreign-field-400',
    'content.create.unknown-in-body-400',
    'content.create.text-only',
  ],
  'every body that breaks a rule of its kind is rejected with 400 and an explanation',
  async (ctx) => {
    await ctx.check(publicInvalidBody, async ({ kind, body, problem }) => {
      const res = await tryCreate(ctx, draftOf(ctx, kind, body));
      if (res.status < 400) fail(`${problem} was accepted (${res.status})`);
      expectError(res, 400);
    });
  },
);

rule(
  ['content.body.tweet-max-280', 'content.create.validates-body'],
  'a tweet or thread entry of 280 characters is accepted, 281 is not',
  async (ctx) => {
    expectStatus(await tryCreate(ctx, draftOf(ctx, 'tweet', { text: textOfLength(280) })), '2xx');
    expectError(await tryCreate(ctx, draftOf(ctx, 'tweet', { text: textOfLength(281) })), 400);
    expectStatus(await tryCreate(ctx, draftOf(ctx, 'tweet', { tweets: ['one', textOfLength(280)] })), '2xx');
    expectError(await tryCreate(ctx, draftOf(ctx, 'tweet', { tweets: ['one', textOfLength(281)] })), 400);
  },
);

rule(
  'content.body.foreign-field-400',
  'a field of another kind is rejected, e.g. subject on a tweet',
  async (ctx) => {
    expectError(await tryCreate(ctx, draftOf(ctx, 'tweet', { text: 'x', subject: 'Hello' })), 400);
    expectError(await tryCreate(ctx, draftOf(ctx, 'linkedin', { text: 'x', tweets: ['y'] })), 400);
    expectError(await tryCreate(ctx, draftOf(ctx, 'newsletter', { subject: 's', body: 'b', title: 'h' })), 400);
    expectError(await tryCreate(ctx, draftOf(ctx, 'x_article', { title: 'h', body: 'b', preheader: 'p' })), 400);
  },
);

async function expectBoundary(ctx: RuleContext, c: BoundaryCase): Promise<void> {
  const res = await tryCreate(ctx, draftOf(ctx, c.kind, c.body));
  if (c.valid && (res.status < 200 || res.status >= 300)) fail(`${c.problem} was refused (${res.status}): ${res.text.slice(0, 200)}`);
  if (!c.valid) {
    if (res.status < 400) fail(`${c.problem} was accepted (${res.status})`);
    expectError(res, 400);
  }
}

rule(
  [
    'content.body.thread-1-25',
    'content.body.linkedin-max-3000',
    'content.body.newsletter-subject-max-998',
    'content.body.article-max-100000',
  ],
  'the limits of SILENT.md hold on both sides: 25/26 entries, 0 entries, 3,000/3,001, 998/999, 100,000/100,001',
  async (ctx) => {
    for (const c of OURS_BOUNDARIES) await expectBoundary(ctx, c);
  },
);

rule(
  'content.body.empty-text',
  'empty or whitespace-only text is rejected in every text field',
  async (ctx) => {
    await ctx.check(oursBlankText, (c) => expectBoundary(ctx, c), { runs: Math.min(ctx.runs, 20) });
  },
);

rule(
  'content.body.characters-graphemes',
  'characters are counted as the writer sees them: 280 emoji sequences fit a tweet, 281 do not',
  async (ctx) => {
    for (const c of OURS_GRAPHEMES) await expectBoundary(ctx, c);
  },
);

rule(
  'content.create.validates-body',
  'the explanation names the problem: an entry over 280 says which entry and the limit; a missing headline says so',
  async (ctx) => {
    const thread = expectError(await tryCreate(ctx, draftOf(ctx, 'tweet', { tweets: ['a', 'b', textOfLength(291)] })), 400);
    for (const part of ['3', '291', '280']) {
      if (!thread.msg.includes(part)) fail(`the message "${thread.msg}" does not mention ${part}`);
    }
    const article = expectError(await tryCreate(ctx, draftOf(ctx, 'x_article', { body: 'text' })), 400);
    if (!/headline|title/i.test(article.msg)) fail(`the message "${article.msg}" does not mention the missing headline`);
  },
  { profile: 'reference-choices' },
);
