/**
 * "Drafts created through the API are never sent, posted or scheduled by the
 * API itself; sending happens in the web app" (SPEC.md, What the service
 * does). Post drafts and content drafts, made and edited in ways that keep
 * them drafts, are watched while the clock moves past the 30-day scheduling
 * window: each stays a draft with nothing queued and nothing delivered, none
 * shows up in a published or scheduled list, and the outbox holds no email
 * made from any of them. Time can only be moved through /_control, so a
 * target without it skips these tests.
 */
import { expectStatus, fc, rule, type RuleContext } from '../../src/authoring/index.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, SCHEDULE_WINDOW_MS } from '../posts/support/server-time.js';
import { addSubscriber } from '../subscribers/subscribers.js';
import { draftPlans, expectNowhereSent, expectStillDraft, makeDraft, type MadeDraft } from './drafts.js';

/** Past the longest schedule SPEC.md allows (30 days), so nothing a draft could have been put on is still ahead. */
const FAR_MS = SCHEDULE_WINDOW_MS + DAY_MS;

/** One to three moves of the clock, topped up to go past FAR_MS in all. */
const clockMoves = fc.array(fc.integer({ min: MINUTE_MS, max: 12 * DAY_MS }), { minLength: 1, maxLength: 3 }).map((moves) => {
  const total = moves.reduce((a, b) => a + b, 0);
  return total > FAR_MS ? moves : [...moves, FAR_MS - total + HOUR_MS];
});

const daysText = (ms: number) => `${(ms / DAY_MS).toFixed(2)} days`;

async function draftsStayDrafts(ctx: RuleContext, askNewsletter: boolean): Promise<void> {
  await ctx.check(fc.record({ plans: draftPlans(askNewsletter), moves: clockMoves }), async ({ plans, moves }) => {
    const since = (await ctx.control.clock()).now;
    const drafts: MadeDraft[] = [];
    for (const plan of plans) drafts.push(await makeDraft(ctx, plan));
    for (const draft of drafts) await expectStillDraft(ctx, draft, 'right after it was made');
    let moved = 0;
    for (const ms of moves) {
      await ctx.control.advanceClock(ms);
      moved += ms;
      for (const draft of drafts) await expectStillDraft(ctx, draft, `after the clock moved ${daysText(moved)}`);
    }
    await expectNowhereSent(ctx, drafts, since, `after the clock moved ${daysText(moved)}`);
  }, { runs: Math.min(ctx.runs, 4) });
}

rule(
  ['events.drafts.never-sent'],
  'post and content drafts made and edited through the API stay drafts however far the clock moves: never published, scheduled, delivered or emailed',
  (ctx) => draftsStayDrafts(ctx, false),
  { needs: ['apiKey', 'publicationIds', 'control:clock', 'control:outbox'], timeout: 120_000 },
);

rule(
  ['events.drafts.never-sent'],
  'drafts asked for a newsletter (sendNewsletter true, "true" or "1" on create or edit) stay drafts and email no subscriber however far the clock moves',
  async (ctx) => {
    // A subscriber with an address, so that a newsletter sent by mistake has someone to go to.
    expectStatus(await addSubscriber(ctx, { email: ctx.names.email('draft-reader') }), 200);
    await draftsStayDrafts(ctx, true);
  },
  { profile: 'side-effects', needs: ['apiKey', 'publicationIds', 'control:clock', 'control:outbox'], timeout: 120_000 },
);
