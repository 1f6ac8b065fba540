/**
 * The content piece life cycle: archive, restore, and the locks of a queued
 * or running send (the sends are the web app's, through the control API).
 */
import { z } from 'zod';
import { ContentPiece } from '../../../schemas/content.js';
import { expectError, expectOk, fail, rule } from '../../src/authoring/index.js';
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
import { CONTENT_SENDS, SUGGESTIONS, deliver, sendStep, suggest, suggestions, suggestionsFor } from './support/sends.js';

const iso = z.iso.datetime({ offset: true });

rule(
  ['content.archive.response', 'content.archive.draft', 'content.shape.timestamps-iso'],
  'archiving a draft answers 200 with the piece and its body, archived, with an ISO 8601 archivedAt',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    const archived = expectOk(await archivePiece(ctx, piece.id), ContentPiece);
    if (archived.status !== 'archived') fail(`status after archive is ${archived.status}`);
    if (archived.archivedAt === null || !iso.safeParse(archived.archivedAt).success) fail(`archivedAt is ${archived.archivedAt}`);
    if (!sameJson(archived.body, piece.body)) fail('the archive answer carries another body');
    const got = await getPiece(ctx, piece.id);
    if (got.status !== 'archived') fail(`GET after archive says ${got.status}`);
  },
);

rule(
  ['content.restore.endpoint', 'content.restore.back-in-list'],
  'restoring an archived piece takes it out of the archive',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'linkedin'));
    expectOkStatus(await archivePiece(ctx, piece.id));
    expectOkStatus(await restorePiece(ctx, piece.id));
    const got = await getPiece(ctx, piece.id);
    if (got.status === 'archived') fail('the piece is still archived after restore');
    if (got.archivedAt !== null) fail(`archivedAt is ${got.archivedAt} after restore`);
  },
);

rule(
  'content.restore.status',
  'a restored piece is a draft again if never delivered',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    expectOkStatus(await archivePiece(ctx, piece.id));
    expectOkStatus(await restorePiece(ctx, piece.id));
    const got = await getPiece(ctx, piece.id);
    if (got.status !== 'draft') fail(`a restored never-delivered piece is ${got.status}, expected draft`);
  },
);

rule(
  ['content.restore.status', 'content.archive.delivered'],
  'a delivered piece can be archived, and restoring it makes it published again',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'linkedin'));
    await deliver(ctx, piece.id);
    const archived = expectOk(await archivePiece(ctx, piece.id), ContentPiece);
    if (archived.status !== 'archived') fail(`a delivered piece is ${archived.status} after archive`);
    expectOkStatus(await restorePiece(ctx, piece.id));
    const got = await getPiece(ctx, piece.id);
    if (got.status !== 'published') fail(`a restored delivered piece is ${got.status}, expected published`);
    if (got.publishedAt === null) fail('publishedAt was lost through archive and restore');
  },
  { needs: [CONTENT_SENDS] },
);

rule(
  'content.archive.repeat-noop',
  'archiving twice, or restoring a piece that is not archived, answers 200 and changes nothing',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    expectOkStatus(await restorePiece(ctx, piece.id));
    const untouched = await getPiece(ctx, piece.id);
    if (!sameJson(untouched, piece)) fail('restoring a draft changed it');
    const first = expectOk(await archivePiece(ctx, piece.id), ContentPiece);
    const second = expectOk(await archivePiece(ctx, piece.id), ContentPiece);
    if (second.archivedAt !== first.archivedAt || second.updatedAt !== first.updatedAt) fail('a second archive changed archivedAt or updatedAt');
  },
);

rule(
  [
    'content.edit.locked-body-refused',
    'content.edit.locked-400',
    'content.edit.locked-rename-allowed',
    'content.archive.queued-refused',
    'content.archive.queued-400',
    'content.shape.locked-null-when-editable',
  ],
  'a queued send locks the words: body edits and archive are refused with 400, renaming still works',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'newsletter'));
    await sendStep(ctx, piece.id, 'queue');
    const locked = await getPiece(ctx, piece.id);
    if (!locked.scheduled) fail('scheduled is false while a send is queued');
    if (locked.lockedReason === null) fail('lockedReason is null while a send is queued');
    expectError(await patchPiece(ctx, piece.id, { body: { subject: 'Changed', body: 'Changed' } }), 400);
    const title = ctx.names.title('renamed while locked');
    expectOkStatus(await patchPiece(ctx, piece.id, { title }));
    expectError(await archivePiece(ctx, piece.id), 400);
    const after = await getPiece(ctx, piece.id);
    if (after.title !== title) fail('the rename of a locked piece did not apply');
    if (!sameJson(after.body, piece.body)) fail('the body of a locked piece changed');
    if (after.status !== 'draft') fail(`a locked draft became ${after.status}`);
    await sendStep(ctx, piece.id, 'cancel');
    const free = await getPiece(ctx, piece.id);
    if (free.lockedReason !== null || free.scheduled) fail('the piece is still locked after the send was cancelled');
    expectOkStatus(await patchPiece(ctx, piece.id, { body: { subject: 'Changed', body: 'Changed' } }));
  },
  { needs: [CONTENT_SENDS] },
);

rule(
  ['content.edit.locked-body-refused', 'content.edit.locked-400', 'content.edit.locked-rename-allowed'],
  'a running send locks the words too',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    await sendStep(ctx, piece.id, 'queue');
    await sendStep(ctx, piece.id, 'start');
    if ((await getPiece(ctx, piece.id)).lockedReason === null) fail('lockedReason is null while a send runs');
    expectError(await patchPiece(ctx, piece.id, { body: { text: 'Changed' } }), 400);
    expectOkStatus(await patchPiece(ctx, piece.id, { title: ctx.names.title('renamed while sending') }));
    await sendStep(ctx, piece.id, 'fail');
    if ((await getPiece(ctx, piece.id)).lockedReason !== null) fail('the piece is still locked after the send failed');
  },
  { needs: [CONTENT_SENDS] },
);

rule(
  'content.shape.locked-reason-values',
  'lockedReason is "send_queued" while queued and "send_in_progress" while running',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    await sendStep(ctx, piece.id, 'queue');
    const queued = await getPiece(ctx, piece.id);
    if (queued.lockedReason !== 'send_queued') fail(`lockedReason is ${queued.lockedReason} while queued`);
    await sendStep(ctx, piece.id, 'start');
    const running = await getPiece(ctx, piece.id);
    if (running.lockedReason !== 'send_in_progress') fail(`lockedReason is ${running.lockedReason} while running`);
    await sendStep(ctx, piece.id, 'deliver');
  },
  { needs: [CONTENT_SENDS] },
);

rule(
  ['content.shape.url-null-email', 'content.shape.url-null-undelivered', 'content.shape.timestamps-iso'],
  'a delivered newsletter has publishedAt but a null url; a delivered tweet has both',
  async (ctx) => {
    const email = await createPiece(ctx, draftOf(ctx, 'newsletter'));
    const tweet = await createPiece(ctx, draftOf(ctx, 'tweet'));
    for (const piece of [email, tweet]) await deliver(ctx, piece.id);
    const sentEmail = await getPiece(ctx, email.id);
    const sentTweet = await getPiece(ctx, tweet.id);
    for (const p of [sentEmail, sentTweet]) {
      if (p.status !== 'published') fail(`a delivered ${p.kind} has status ${p.status}`);
      if (p.publishedAt === null || !iso.safeParse(p.publishedAt).success) fail(`a delivered ${p.kind} has publishedAt ${p.publishedAt}`);
    }
    if (sentEmail.url !== null) fail(`a delivered newsletter has url ${sentEmail.url}`);
    if (typeof sentTweet.url !== 'string' || !/^https?:\/\//.test(sentTweet.url)) fail(`a delivered tweet has url ${sentTweet.url}`);
  },
  { needs: [CONTENT_SENDS] },
);

/** The register's page of each channel (docs/spec-gaps-content.md), its id 19 digits like X's and LinkedIn's activity ids. */
const CHANNEL_PAGE = {
  tweet: /^https:\/\/x\.com\/i\/status\/[1-9][0-9]{18}$/,
  x_article: /^https:\/\/x\.com\/i\/article\/[1-9][0-9]{18}$/,
  linkedin: /^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:activity:[1-9][0-9]{18}\/$/,
} as const;

rule(
  'content.shape.url-per-channel',
  "a delivered tweet, X Article and LinkedIn post each have their channel's page as url, with a 19-digit id",
  async (ctx) => {
    for (const [kind, page] of Object.entries(CHANNEL_PAGE) as [keyof typeof CHANNEL_PAGE, RegExp][]) {
      const piece = await createPiece(ctx, draftOf(ctx, kind));
      await deliver(ctx, piece.id);
      const { url } = await getPiece(ctx, piece.id);
      if (typeof url !== 'string' || !page.test(url)) fail(`a delivered ${kind} has url ${url}, expected the form ${page.source}`);
    }
  },
  { needs: [CONTENT_SENDS] },
);

rule(
  'content.archive.dismisses-suggestions',
  'archiving a piece dismisses the open suggestions proposing it, and only those; restoring it reopens none',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    const other = await createPiece(ctx, draftOf(ctx, 'tweet'));
    const mine = await suggest(ctx, piece.id);
    const theirs = await suggest(ctx, other.id);
    // A new suggestion is open, with text (docs/control-api-content.md: by default `Send "<title>" now`).
    if (mine.status !== 'open' || mine.dismissedAt !== null || typeof mine.text !== 'string' || mine.text.length === 0)
      fail(`a new suggestion is ${JSON.stringify(mine)}, expected open with text and no dismissedAt`);
    expectOkStatus(await archivePiece(ctx, piece.id));
    // Read through the control API's filters (docs/control-api-content.md): by piece and status, by publication and status.
    const dismissed = await suggestions(ctx, { contentId: piece.id, status: 'dismissed' });
    if (dismissed.length !== 1 || dismissed[0].id !== mine.id || !iso.safeParse(dismissed[0].dismissedAt).success)
      fail(`the dismissed suggestions of the archived piece: ${JSON.stringify(dismissed)}`);
    const open = await suggestions(ctx, { publicationId: mine.publicationId, status: 'open' });
    if (open.some((s) => s.publicationId !== mine.publicationId || s.status !== 'open'))
      fail(`the open suggestions of ${mine.publicationId} hold others: ${JSON.stringify(open)}`);
    if (open.some((s, i) => i > 0 && Date.parse(s.createdAt) > Date.parse(open[i - 1].createdAt)))
      fail(`the open suggestions of the publication are not newest first: ${JSON.stringify(open.map((s) => s.createdAt))}`);
    if (open.some((s) => s.id === mine.id) || !open.some((s) => s.id === theirs.id))
      fail(`after archiving one piece, the open suggestions of the publication are ${JSON.stringify(open.map((s) => s.contentId))}`);
    // Restoring reopens nothing, and archiving again dismisses nothing anew: only open suggestions are dismissed.
    expectOkStatus(await restorePiece(ctx, piece.id));
    expectOkStatus(await archivePiece(ctx, piece.id));
    const after = await suggestionsFor(ctx, piece.id);
    if (!sameJson(after, dismissed)) fail(`restore and a second archive changed the suggestions of the piece: ${JSON.stringify(after)}, were ${JSON.stringify(dismissed)}`);
  },
  { needs: [SUGGESTIONS] },
);

rule(
  'content.archive.dismisses-suggestions',
  "only archiving dismisses: a piece's open suggestions stay open through its send steps, and one made while it is archived stays open through its restore",
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'linkedin'));
    const first = await suggest(ctx, piece.id);
    await deliver(ctx, piece.id);
    for (const steps of [['queue', 'start', 'fail'], ['queue', 'cancel']] as const) for (const step of steps) await sendStep(ctx, piece.id, step);
    const afterSends = await suggestionsFor(ctx, piece.id);
    if (!sameJson(afterSends, [first])) fail(`after a delivery, a failed and a cancelled send, the suggestions of the piece are ${JSON.stringify(afterSends)}, expected ${JSON.stringify([first])} still open`);
    expectOkStatus(await archivePiece(ctx, piece.id));
    const whileArchived = await suggest(ctx, piece.id);
    expectOkStatus(await restorePiece(ctx, piece.id));
    const open = await suggestions(ctx, { contentId: piece.id, status: 'open' });
    if (!sameJson(open, [whileArchived])) fail(`after the restore, the open suggestions of the piece are ${JSON.stringify(open)}, expected the one made while archived`);
  },
  { needs: [SUGGESTIONS, CONTENT_SENDS] },
);

rule(
  'content.shape.excerpt',
  'excerpt is the first non-empty line of the readable text, markdown stripped, at most 280 characters',
  async (ctx) => {
    const cases: [Parameters<typeof draftOf>[1], unknown, (excerpt: string) => boolean, string][] = [
      ['tweet', { text: '\n\nFirst line\nSecond line' }, (e) => e === 'First line', '"First line"'],
      ['tweet', { tweets: ['Opening entry', 'Second entry'] }, (e) => e === 'Opening entry', '"Opening entry"'],
      ['newsletter', { subject: 'S', body: '## A **bold** heading\n\nText' }, (e) => e === 'A bold heading', '"A bold heading"'],
      ['x_article', { title: 'H', body: 'See [the docs](https://docs.example.com) now' }, (e) => e === 'See the docs now', '"See the docs now"'],
      ['linkedin', { text: 'word '.repeat(500).trim() }, (e) => [...new Intl.Segmenter().segment(e)].length <= 280 && e.startsWith('word word'), 'at most 280 characters'],
    ];
    for (const [kind, body, ok, want] of cases) {
      const piece = await createPiece(ctx, draftOf(ctx, kind, body));
      if (!ok(piece.excerpt)) fail(`the excerpt of ${JSON.stringify(body).slice(0, 80)} is ${JSON.stringify(piece.excerpt)}, expected ${want}`);
    }
  },
);
