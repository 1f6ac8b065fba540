/**
 * What the life cycle does not allow (docs/spec-gaps-content.md: anything
 * not in the table is refused with 400 and a message saying why): send steps
 * out of turn, archiving during a send, and restoring a piece that is not
 * archived while it is locked (a no-op). Each refusal changes nothing.
 */
import { expectError, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { archivePiece, createPiece, draftOf, expectOkStatus, getPiece, restorePiece, sameJson } from './support/content-api.js';
import { CONTENT_SENDS, controlView, sendPath, sendStep, type SendStep } from './support/sends.js';

/**
 * The step is refused with 400 and an error body, and the piece (as the web app sees it, its send
 * `state` or null: docs/control-api-content.md) is unchanged; answers the message.
 */
async function refusedStep(ctx: RuleContext, id: string, step: SendStep, when: string, send: 'queued' | 'in_progress' | null): Promise<string> {
  const before = await controlView(ctx, id);
  const expected = send === null ? null : { state: send, at: null };
  if (!sameJson(before.send, expected)) fail(`${when}, the web app sees the send ${JSON.stringify(before.send)}, expected ${JSON.stringify(expected)}`);
  const { msg } = expectError(await ctx.api.anonymous.post(sendPath(id, step), {}), 400);
  const after = await controlView(ctx, id);
  if (!sameJson(after, before)) fail(`a refused ${step} ${when} changed the piece: ${JSON.stringify(before)} became ${JSON.stringify(after)}`);
  return msg;
}

rule(
  'content.send.refused-400',
  'a send step out of turn (start, deliver, fail or cancel with no send; queue or start twice; cancel a running send; queue an archived piece) answers 400 and changes nothing',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    for (const step of ['start', 'deliver', 'fail', 'cancel'] as const) await refusedStep(ctx, piece.id, step, 'with no send', null);
    await sendStep(ctx, piece.id, 'queue');
    await refusedStep(ctx, piece.id, 'queue', 'while a send is queued', 'queued');
    await sendStep(ctx, piece.id, 'start');
    for (const step of ['queue', 'start', 'cancel'] as const) await refusedStep(ctx, piece.id, step, 'while a send runs', 'in_progress');
    await sendStep(ctx, piece.id, 'deliver');
    for (const step of ['start', 'deliver', 'fail', 'cancel'] as const) await refusedStep(ctx, piece.id, step, 'after the delivery', null);
    expectOkStatus(await archivePiece(ctx, piece.id));
    const msg = await refusedStep(ctx, piece.id, 'queue', 'of an archived piece', null);
    // docs/spec-gaps-content.md: sending an archived piece is refused ("restore it first").
    if (!msg.includes('restore it first')) fail(`queueing a send of an archived piece says ${JSON.stringify(msg)}, not to restore it first`);
  },
  { needs: [CONTENT_SENDS] },
);

rule(
  'content.archive.running-refused',
  'archiving a piece while its send runs answers 400 (archive it once the send has finished) and changes nothing',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'linkedin'));
    await sendStep(ctx, piece.id, 'queue');
    await sendStep(ctx, piece.id, 'start');
    const before = await getPiece(ctx, piece.id);
    const { msg } = expectError(await archivePiece(ctx, piece.id), 400);
    if (!msg.includes('once the send has finished')) fail(`archiving during a send says ${JSON.stringify(msg)}, not to archive it once the send has finished`);
    if (!sameJson(await getPiece(ctx, piece.id), before)) fail('a refused archive changed the piece');
    await sendStep(ctx, piece.id, 'fail');
  },
  { needs: [CONTENT_SENDS] },
);

rule(
  'content.archive.repeat-noop',
  'restoring a piece whose send is queued or running answers 200 and changes nothing',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    await sendStep(ctx, piece.id, 'queue');
    for (const [when, next] of [['queued', 'start'], ['running', 'fail']] as const) {
      const before = await getPiece(ctx, piece.id);
      expectOkStatus(await restorePiece(ctx, piece.id));
      if (!sameJson(await getPiece(ctx, piece.id), before)) fail(`restoring a piece whose send is ${when} changed it`);
      await sendStep(ctx, piece.id, next);
    }
  },
  { needs: [CONTENT_SENDS] },
);

rule(
  'content.send.fail-cancel-keep-status',
  'a failed or cancelled send unlocks the piece and leaves its status: a delivered piece sent again stays published',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    await sendStep(ctx, piece.id, 'queue');
    await sendStep(ctx, piece.id, 'deliver');
    const delivered = await getPiece(ctx, piece.id);
    for (const steps of [['queue', 'cancel'], ['queue', 'fail'], ['queue', 'start', 'fail']] as const) {
      for (const step of steps) await sendStep(ctx, piece.id, step);
      const after = await getPiece(ctx, piece.id);
      const what = `after ${steps.join(', ')} of a delivered piece`;
      if (after.status !== 'published' || after.lockedReason !== null || after.scheduled) fail(`${what}: status ${after.status}, lockedReason ${after.lockedReason}, scheduled ${after.scheduled}`);
      if (after.publishedAt !== delivered.publishedAt || after.url !== delivered.url) fail(`${what}: publishedAt ${after.publishedAt} and url ${after.url}, were ${delivered.publishedAt} and ${delivered.url}`);
    }
  },
  { needs: [CONTENT_SENDS] },
);
