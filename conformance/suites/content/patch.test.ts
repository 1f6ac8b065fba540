/**
 * PATCH /v1/content/{contentId}: rename and/or replace the whole body;
 * strict; kind fixed; media attached in the web app carried over.
 */
import { ContentPiece } from '../../../schemas/content.js';
import { expectError, expectOk, fail, rule } from '../../src/authoring/index.js';
import { textOfLength } from './arbitraries/bodies.js';
import {
  archivePiece,
  createPiece,
  draftOf,
  expectOkStatus,
  getPiece,
  patchPiece,
  restorePiece,
  sameJson,
} from './support/content-api.js';
import { CONTENT_MEDIA, attachMedia, controlView } from './support/sends.js';

rule(
  ['content.patch.rename-and-body', 'content.patch.body-replaces'],
  'PATCH renames, replaces the whole body, or both at once',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'newsletter', { subject: 'Old', body: 'Old body', preheader: 'Old preheader' }));
    const title = ctx.names.title('renamed');
    expectOkStatus(await patchPiece(ctx, piece.id, { title }));
    let now = await getPiece(ctx, piece.id);
    if (now.title !== title) fail(`title is ${JSON.stringify(now.title)} after renaming to ${JSON.stringify(title)}`);
    if (!sameJson(now.body, piece.body)) fail('a rename changed the body');
    // The whole artifact is replaced: the preheader not sent is gone.
    const body = { subject: 'New', body: 'New body' };
    expectOkStatus(await patchPiece(ctx, piece.id, { body }));
    now = await getPiece(ctx, piece.id);
    if (!sameJson(now.body, body)) fail(`the body is ${JSON.stringify(now.body)} after replacing it with ${JSON.stringify(body)}`);
    if (now.title !== title) fail('a body replacement changed the title');
    const both = { title: ctx.names.title('both'), body: { subject: 'Both', body: 'Both body' } };
    expectOkStatus(await patchPiece(ctx, piece.id, both));
    now = await getPiece(ctx, piece.id);
    if (now.title !== both.title || !sameJson(now.body, both.body)) fail('PATCH of title and body did not apply both');
    if (now.updatedAt < piece.updatedAt) fail('updatedAt went back after an edit');
  },
);

rule(
  ['content.patch.fields', 'content.patch.unknown-fields-400'],
  'PATCH needs at least one of title, body, bucketId; refuses other fields; title is 1..200',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    expectError(await patchPiece(ctx, piece.id, {}), 400);
    expectError(await patchPiece(ctx, piece.id, { status: 'published' }), 400);
    expectError(await patchPiece(ctx, piece.id, { title: ctx.names.title('x'), excerpt: 'x' }), 400);
    expectError(await patchPiece(ctx, piece.id, { title: '' }), 400);
    expectError(await patchPiece(ctx, piece.id, { title: textOfLength(201) }), 400);
    expectError(await patchPiece(ctx, piece.id, { body: { text: 'x', colour: 'red' } }), 400);
    const after = await getPiece(ctx, piece.id);
    if (after.title !== piece.title || !sameJson(after.body, piece.body)) fail('a refused PATCH changed the piece');
  },
);

rule(
  ['content.patch.kind-fixed', 'content.body.invalid-400'],
  "PATCH cannot change kind: kind is refused, and a body of another kind is invalid for the piece's kind",
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    expectError(await patchPiece(ctx, piece.id, { kind: 'linkedin' }), 400);
    expectError(await patchPiece(ctx, piece.id, { body: { subject: 'Hello', body: 'World' } }), 400);
    expectError(await patchPiece(ctx, piece.id, { body: { text: textOfLength(281) } }), 400);
    const after = await getPiece(ctx, piece.id);
    if (after.kind !== 'tweet') fail(`the piece's kind changed to ${after.kind}`);
  },
);

rule(
  'content.patch.media-carried',
  'media attached in the web app is carried over when the body is replaced',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'linkedin'));
    // With and without alt text: the web app's view answers a missing alt as null (docs/control-api-content.md).
    const media = [
      { url: 'https://images.example.com/conformance-chart.png', alt: 'A chart' },
      { url: 'https://images.example.com/conformance-photo.png' },
    ];
    for (const m of media) await attachMedia(ctx, piece.id, m);
    expectOkStatus(await patchPiece(ctx, piece.id, { body: { text: 'New words' } }));
    const seen = await controlView(ctx, piece.id);
    const expected = media.map((m) => ({ url: m.url, alt: m.alt ?? null }));
    if (!sameJson(seen.media, expected)) fail(`the attached media is ${JSON.stringify(seen.media)} after a body replacement, expected ${JSON.stringify(expected)}`);
    const got = await getPiece(ctx, piece.id);
    if (!sameJson(got.body, { text: 'New words' })) fail(`the body is ${JSON.stringify(got.body)}`);
  },
  { needs: [CONTENT_MEDIA] },
);

rule(
  'content.create.response',
  'PATCH and restore answer 200 with the whole piece and its body',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'x_article'));
    const patched = expectOk(await patchPiece(ctx, piece.id, { title: ctx.names.title('patched') }), ContentPiece);
    if (!sameJson(patched, await getPiece(ctx, piece.id))) fail('the PATCH answer differs from GET of the same piece');
    expectOkStatus(await archivePiece(ctx, piece.id));
    const restored = expectOk(await restorePiece(ctx, piece.id), ContentPiece);
    if (!sameJson(restored, await getPiece(ctx, piece.id))) fail('the restore answer differs from GET of the same piece');
  },
);
