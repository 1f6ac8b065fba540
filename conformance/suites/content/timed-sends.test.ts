/**
 * A send queued with a time (docs/control-api-content.md, `at`): it starts
 * and delivers by itself when the clock gets there, also when the web app
 * started it by hand before; a cancelled or failed timed send does not run,
 * so a send queued again without a time waits for its start. Seen through
 * one move of a frozen clock, which runs what fell due before it answers.
 */
import { fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { HOUR_MS, withFrozenClock } from '../posts/support/server-time.js';
import { moveClock, offsetText } from '../control/due-work.js';
import { createPiece, draftOf, getPiece, sameJson } from './support/content-api.js';
import { CONTENT_SENDS, controlView, sendStep } from './support/sends.js';

/** The send as the web app sees it is `expected`, and the piece is still an unpublished draft. */
async function expectWaiting(ctx: RuleContext, id: string, expected: unknown, when: string): Promise<void> {
  const view = await controlView(ctx, id);
  if (!sameJson(view.send, expected)) fail(`${when}, the web app sees the send ${JSON.stringify(view.send)}, expected ${JSON.stringify(expected)}`);
  const piece = await getPiece(ctx, id);
  if (piece.status !== 'draft' || piece.publishedAt !== null) fail(`${when}, the piece is ${piece.status} with publishedAt ${piece.publishedAt}, expected a draft never delivered`);
}

rule(
  ['control.clock.runs-due-work'],
  'a timed send the web app started by hand before its time keeps its time, and the clock delivers it then',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    await withFrozenClock(ctx, async (start) => {
      const at = start + HOUR_MS;
      await sendStep(ctx, piece.id, 'queue', { at });
      await sendStep(ctx, piece.id, 'start');
      const running = await controlView(ctx, piece.id);
      if (!sameJson(running.send, { state: 'in_progress', at }))
        fail(`a send timed for ${offsetText(at - start)} and started by hand reads ${JSON.stringify(running.send)}, expected it running with its time`);
      const moved = await moveClock(ctx, 'to', start, start + 2 * HOUR_MS);
      const delivered = await getPiece(ctx, piece.id);
      if (delivered.status !== 'published' || delivered.publishedAt === null || Date.parse(delivered.publishedAt) !== at)
        fail(`${moved}, the piece is ${delivered.status} with publishedAt ${delivered.publishedAt}, expected delivered at ${new Date(at).toISOString()}`);
      if (delivered.lockedReason !== null) fail(`${moved}, the delivered piece is still locked: ${delivered.lockedReason}`);
    });
  },
  { needs: ['apiKey', 'control:clock', CONTENT_SENDS] },
);

rule(
  ['control.clock.runs-due-work'],
  'a cancelled or failed timed send does not run: a send queued again without a time still waits for its start after that time',
  async (ctx) => {
    const piece = await createPiece(ctx, draftOf(ctx, 'linkedin'));
    await withFrozenClock(ctx, async (start) => {
      const untimed = { state: 'queued', at: null };
      await sendStep(ctx, piece.id, 'queue', { at: start + HOUR_MS });
      await sendStep(ctx, piece.id, 'cancel');
      await sendStep(ctx, piece.id, 'queue');
      let moved = await moveClock(ctx, 'to', start, start + 2 * HOUR_MS);
      await expectWaiting(ctx, piece.id, untimed, `${moved}, past the time of a cancelled send`);
      await sendStep(ctx, piece.id, 'cancel');

      await sendStep(ctx, piece.id, 'queue', { at: start + 3 * HOUR_MS });
      await sendStep(ctx, piece.id, 'start');
      await sendStep(ctx, piece.id, 'fail');
      await sendStep(ctx, piece.id, 'queue');
      moved = await moveClock(ctx, 'to', start, start + 4 * HOUR_MS);
      await expectWaiting(ctx, piece.id, untimed, `${moved}, past the time of a failed send`);
      await sendStep(ctx, piece.id, 'cancel');
    });
  },
  { needs: ['apiKey', 'control:clock', CONTENT_SENDS] },
);
