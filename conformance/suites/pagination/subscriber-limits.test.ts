/**
 * Page sizes of GET /v1/subscribers (SILENT.md, public; extended): limit 1
 * and 100 are accepted and honoured, and without a limit a page holds 10.
 * A limit out of range or not an integer answers 400 (ours, in
 * reference-choices), as for the lists of limits.test.ts. The list is not a
 * list of posts (its items have no id), so it is not one of lists.ts's LISTS:
 * the walks and cursor tests over those would not fit it.
 */
import { SUBSCRIBER_LIMITS, SubscriberPage } from '../../../schemas/subscribers.js';
import { expectError, expectOk, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { addSubscriber } from '../subscribers/subscribers.js';
import { badLimits } from './bad-limits.js';

const LABEL = 'GET /v1/subscribers';
const { listMax: MAX, listDefault: DEFAULT } = SUBSCRIBER_LIMITS;

async function page(ctx: RuleContext, limit?: number) {
  const res = await ctx.api.get('/v1/subscribers', { query: { limit } });
  // The response label has no query: say which limit was refused.
  if (res.status !== 200) fail(`${LABEL}${limit === undefined ? '' : `?limit=${limit}`} answered ${res.status}, expected 200: ${res.text.slice(0, 200)}`);
  return expectOk(res, SubscriberPage);
}

/**
 * Adds subscribers of this run until the list is longer than the default
 * page, so that the default shows (a shorter list would fit whole on it).
 * addSubscriber registers each for removal when the test ends.
 */
async function ensureLongerThanDefault(ctx: RuleContext): Promise<void> {
  const missing = DEFAULT + 1 - (await page(ctx, 1)).pagination.total;
  for (let i = 0; i < missing; i++) expectStatus(await addSubscriber(ctx, { email: ctx.names.email(`page-size-${i}`) }), 200);
}

rule(
  ['pagination.limit.subscribers'],
  `${LABEL}: limit 1 and limit ${MAX} are accepted, and without a limit a page holds ${DEFAULT}`,
  async (ctx) => {
    await ensureLongerThanDefault(ctx);
    for (const limit of [1, MAX]) {
      const { items, pagination } = await page(ctx, limit);
      const expected = Math.min(limit, pagination.total);
      if (items.length !== expected) fail(`${LABEL}?limit=${limit} answered ${items.length} items of ${pagination.total}, expected ${expected}`);
    }
    const { items, pagination } = await page(ctx);
    if (pagination.total <= DEFAULT) fail(`${LABEL} says total ${pagination.total} after subscribers were added to make it longer than ${DEFAULT}`);
    if (items.length !== DEFAULT) fail(`${LABEL} without a limit answered ${items.length} items of ${pagination.total}, expected ${DEFAULT}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['pagination.limit.out-of-range-400'],
  `${LABEL}: a limit of 0, over ${MAX} or not an integer answers 400`,
  async (ctx) => {
    await ctx.check(badLimits(MAX), async (limit) => {
      expectError(await ctx.api.get('/v1/subscribers', { query: { limit } }), 400);
    });
  },
  // GET /v1/subscribers is one of the extended endpoints.
  { needs: ['apiKey'], profile: 'extended' },
);
