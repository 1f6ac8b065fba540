/**
 * POST /v1/content: creates a draft; strict body; text-only; nothing sent,
 * emailed or scheduled; the piece's fields as SPEC.md lists them.
 */
import { z } from 'zod';
import { ContentPiece } from '../../../schemas/content.js';
import { expectError, expectOk, fail, rule } from '../../src/authoring/index.js';
import { KINDS } from './arbitraries/bodies.js';
import { CONTENT, SAMPLE_BODIES, createPiece, draftOf, getPiece, patchPiece, piecePath, sameJson, tryCreate } from './support/content-api.js';

rule(
  ['content.create.draft', 'content.get.with-body', 'content.shape.required-fields', 'content.shape.kind-enum', 'content.shape.status-enum'],
  'POST /v1/content creates a draft of each kind, and GET answers it with its body',
  async (ctx) => {
    for (const kind of KINDS) {
      const request = draftOf(ctx, kind);
      const piece = await createPiece(ctx, request);
      if (piece.kind !== kind) fail(`created a ${kind}, GET says kind ${piece.kind}`);
      if (piece.status !== 'draft') fail(`a new ${kind} has status ${piece.status}, expected draft`);
      if (piece.title !== request.title) fail(`title is ${JSON.stringify(piece.title)}, sent ${JSON.stringify(request.title)}`);
      expectSameBody(piece.body, SAMPLE_BODIES[kind], `the ${kind} body`);
    }
  },
);

rule(
  ['content.create.no-side-effects', 'content.shape.locked-null-when-editable', 'content.shape.url-null-undelivered', 'content.shape.bucket-null-alone'],
  'a new piece is not sent, scheduled or locked: scheduled false, lockedReason, publishedAt, url, archivedAt and bucketId null',
  async (ctx) => {
    for (const kind of KINDS) {
      const piece = await createPiece(ctx, draftOf(ctx, kind));
      const expected = { scheduled: false, lockedReason: null, publishedAt: null, url: null, archivedAt: null, bucketId: null };
      for (const [field, value] of Object.entries(expected)) {
        if (piece[field as keyof typeof piece] !== value) fail(`a new ${kind} has ${field} ${JSON.stringify(piece[field as keyof typeof piece])}, expected ${JSON.stringify(value)}`);
      }
    }
  },
);

rule(
  'content.create.no-side-effects',
  'creating a newsletter draft emails nobody',
  async (ctx) => {
    const before = (await ctx.control.outbox()).length;
    await createPiece(ctx, draftOf(ctx, 'newsletter'));
    const after = (await ctx.control.outbox()).length;
    if (after !== before) fail(`the outbox grew from ${before} to ${after} emails when a newsletter draft was created`);
  },
  { needs: ['control:outbox'] },
);

rule(
  ['content.shape.timestamps-iso'],
  'createdAt and updatedAt are ISO 8601 times near the server clock',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    for (const field of ['createdAt', 'updatedAt'] as const) {
      const value = piece[field];
      if (!z.iso.datetime({ offset: true }).safeParse(value).success) fail(`${field} ${value} is not ISO 8601`);
    }
    if (piece.updatedAt < piece.createdAt) fail(`updatedAt ${piece.updatedAt} is before createdAt ${piece.createdAt}`);
  },
);

rule(
  ['content.create.unknown-fields-400', 'content.body.invalid-400'],
  'unknown fields in the create body are rejected with 400',
  async (ctx) => {
    for (const extra of [{ status: 'published' }, { scheduledAt: 1 }, { excerpt: 'x' }, { unknownField: true }]) {
      expectError(await tryCreate(ctx, { ...draftOf(ctx, 'tweet'), ...extra }), 400);
    }
  },
);

rule(
  'content.create.unknown-in-body-400',
  'unknown fields inside body are rejected with 400',
  async (ctx) => {
    for (const kind of KINDS) {
      expectError(await tryCreate(ctx, draftOf(ctx, kind, { ...SAMPLE_BODIES[kind], colour: 'red' })), 400);
    }
  },
);

rule(
  'content.create.text-only',
  'media is never accepted, in body or beside it',
  async (ctx) => {
    const media = [{ url: 'https://images.example.com/a.png', alt: 'a' }];
    for (const kind of KINDS) {
      expectError(await tryCreate(ctx, draftOf(ctx, kind, { ...SAMPLE_BODIES[kind], media })), 400);
    }
    expectError(await tryCreate(ctx, { ...draftOf(ctx, 'tweet'), media }), 400);
  },
);

rule(
  'content.create.fields',
  'kind is required and one of the four kinds; title is 1..200 characters',
  async (ctx) => {
    const { kind: _kind, ...noKind } = draftOf(ctx, 'tweet');
    expectError(await tryCreate(ctx, noKind), 400);
    for (const kind of ['facebook', 7, null, ['tweet']]) expectError(await tryCreate(ctx, { ...draftOf(ctx, 'tweet'), kind }), 400);
    expectError(await tryCreate(ctx, { ...draftOf(ctx, 'tweet'), title: '' }), 400);
    for (const title of [null, 7, ['a title'], { text: 'a title' }]) expectError(await tryCreate(ctx, { ...draftOf(ctx, 'tweet'), title }), 400);
    const { title: _title, ...noTitle } = draftOf(ctx, 'tweet');
    expectError(await tryCreate(ctx, noTitle), 400);
    expectError(await tryCreate(ctx, { ...draftOf(ctx, 'tweet'), title: ctx.names.title('t', 201).padEnd(201, 'x') }), 400);
    const longest = ctx.names.title('content title at the limit', 200).padEnd(200, 'x');
    const piece = await createPiece(ctx, { ...draftOf(ctx, 'tweet'), title: longest });
    if (piece.title !== longest) fail('a 200-character title did not come back unchanged');
    const { body: _body, ...noBody } = draftOf(ctx, 'tweet');
    expectError(await tryCreate(ctx, noBody), 400);
  },
);

rule(
  ['content.create.response', 'content.shape.id-uuid'],
  'create answers 200 with the whole piece and its body; the id is a UUID',
  async (ctx) => {
    const res = await tryCreate(ctx, draftOf(ctx, 'newsletter'));
    const piece = expectOk(res, ContentPiece);
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(piece.id)) fail(`id ${piece.id} is not a UUID`);
    const got = await getPiece(ctx, piece.id);
    if (JSON.stringify(got) !== JSON.stringify(piece)) fail('the create answer differs from GET of the same piece');
  },
);

rule(
  'content.get.unknown-404',
  'an unknown content id answers 404',
  async (ctx) => {
    expectError(await ctx.api.get(`${CONTENT}/00000000-0000-4000-8000-000000000000`), 404);
    expectError(await ctx.api.get(`${CONTENT}/not-a-piece-${ctx.runId}`), 404);
  },
);

rule(
  ['auth.isolation.read', 'auth.isolation.write'],
  "a key never reads or changes another publication's piece",
  async (ctx) => {
    const theirs = await createPiece(ctx, draftOf(ctx, 'tweet'), 'b');
    // 403 (no access) or 404 (not found): SPEC.md allows either reading; never a 2xx.
    expectError(await ctx.api.get(`${CONTENT}/${theirs.id}`), [403, 404]);
    expectError(await ctx.api.patch(`${CONTENT}/${theirs.id}`, { title: ctx.names.title('stolen') }), [403, 404]);
    expectError(await ctx.api.post(`${CONTENT}/${theirs.id}/archive`, {}), [403, 404]);
    expectError(await ctx.api.post(`${CONTENT}/${theirs.id}/restore`, {}), [403, 404]);
    const still = await getPiece(ctx, theirs.id, 'b');
    if (still.title !== theirs.title || still.status !== 'draft') fail("another publication's piece changed");
    const listed = await ctx.api.get(CONTENT, { query: { limit: 50 } });
    if (JSON.stringify(listed.body).includes(theirs.id)) fail("another publication's piece is in the list");
  },
  { needs: ['secondKey'] },
);

rule(
  'content.isolation.foreign-404',
  "another publication's piece answers 404, as if it did not exist",
  async (ctx) => {
    const theirs = await createPiece(ctx, draftOf(ctx, 'tweet'), 'b');
    expectError(await ctx.api.get(`${CONTENT}/${theirs.id}`), 404);
    expectError(await ctx.api.patch(`${CONTENT}/${theirs.id}`, { title: ctx.names.title('stolen') }), 404);
    expectError(await ctx.api.post(`${CONTENT}/${theirs.id}/archive`, {}), 404);
    expectError(await ctx.api.post(`${CONTENT}/${theirs.id}/restore`, {}), 404);
  },
  { needs: ['secondKey'] },
);

function expectSameBody(actual: unknown, expected: unknown, what: string): void {
  if (!sameJson(actual, expected)) fail(`${what} came back as ${JSON.stringify(actual)}, sent ${JSON.stringify(expected)}`);
}

rule(
  'content.request.object-400',
  'a create or PATCH body that is not a JSON object answers 400 and writes nothing',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    // Sent as written: the client sends no body for a null it is given.
    const asJson = (text: string) => ({ body: text, contentType: 'application/json' });
    for (const text of ['null', JSON.stringify([draftOf(ctx, 'tweet')]), '"a tweet"', '1']) {
      expectError(await ctx.api.post(CONTENT, undefined, asJson(text)), 400);
      expectError(await ctx.api.patch(piecePath(piece.id), undefined, asJson(text)), 400);
    }
    const after = await getPiece(ctx, piece.id);
    if (!sameJson(after, piece)) fail(`a refused PATCH changed the piece: ${JSON.stringify(after)}`);
  },
);

rule(
  'content.title.blank-400',
  'a title of spaces alone is empty: 400 on create and on PATCH, and the piece keeps its title',
  async (ctx) => {
    expectError(await tryCreate(ctx, { ...draftOf(ctx, 'tweet'), title: ' \t\n ' }), 400);
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    expectError(await patchPiece(ctx, piece.id, { title: '   ' }), 400);
    if ((await getPiece(ctx, piece.id)).title !== piece.title) fail('a refused PATCH of a blank title renamed the piece');
  },
);
