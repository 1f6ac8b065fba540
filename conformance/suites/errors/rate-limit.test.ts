/**
 * SILENT.md (ours): there is no rate limiting by default; when it is enabled
 * it answers 429 with the error body. The second part needs a target that
 * lets a test switch limiting on (GET/POST /_control/rate-limit, capability
 * rate-limit) and move its clock, so nobody waits for a window to close.
 */
import { ControlRateLimit } from '../../../schemas/control.js';
import { Post, PostCreated, PostPage } from '../../../schemas/posts.js';
import { expectError, expectOk, expectValue, fail, rule, type ApiResponse, type RuleContext } from '../../src/authoring/index.js';

const BURST = 40;
const LIMIT = 3;
// Not the default window (a minute), so a target that ignored windowMs would show it.
const WINDOW_MS = 90_000;

/** A cheap read every key may make. */
const read = (ctx: RuleContext) => ctx.api.get('/v1/posts', { query: { limit: 1 } });

const draftCount = async (ctx: RuleContext) =>
  expectOk(await ctx.api.get('/v1/posts', { query: { status: 'draft', limit: 1 } }), PostPage).pagination.total;

async function setRateLimit(ctx: RuleContext, body: { limit: number | null; windowMs?: number }) {
  return expectValue(await ctx.control.call('POST', '/_control/rate-limit', body), ControlRateLimit, `POST /_control/rate-limit ${JSON.stringify(body)}`);
}

/** A 429 with the error body and Retry-After in whole seconds, at most `maxSeconds`; answers the seconds. */
function expectRateLimited(res: ApiResponse, maxSeconds: number): number {
  expectError(res, 429);
  const header = res.headers['retry-after'];
  if (header === undefined) fail(`${res.label} answered 429 without a Retry-After header`);
  if (!/^\d+$/.test(header.trim())) fail(`${res.label} answered 429 with Retry-After ${JSON.stringify(header)}, not a number of seconds`);
  const seconds = Number(header);
  if (seconds < 1 || seconds > maxSeconds) {
    fail(`${res.label} answered 429 with Retry-After ${seconds}: expected 1..${maxSeconds} s (the seconds left of a ${WINDOW_MS} ms window, rounded up)`);
  }
  return seconds;
}

rule(
  ['errors.429.rate-limit'],
  `there is no rate limiting by default: a burst of ${BURST} requests with the key never answers 429`,
  async (ctx) => {
    const answers = await Promise.all(Array.from({ length: BURST }, () => read(ctx)));
    const limited = answers.filter((res) => res.status === 429);
    if (limited.length > 0) fail(`${limited.length} of ${BURST} quick GET /v1/posts answered 429 without rate limiting having been enabled: ${limited[0].text.slice(0, 200)}`);
    for (const res of answers) expectOk(res, PostPage);
  },
  { needs: ['apiKey'] },
);

rule(
  ['errors.429.rate-limit'],
  'when rate limiting is enabled, a request past the limit answers 429 with the error body and Retry-After, changes nothing, and is accepted again once the window has passed',
  async (ctx) => {
    const { api, control, keys, names } = ctx;
    const initial = expectValue(await control.call('GET', '/_control/rate-limit'), ControlRateLimit, 'GET /_control/rate-limit');
    if (initial.limit !== null) fail(`rate limiting was on (limit ${initial.limit} per ${initial.windowMs} ms) before the test enabled it: it must be off by default`);

    // What a refused write must leave alone: a draft of our own and the number of drafts.
    const title = names.title('rate-limit target');
    const draft = expectOk(await api.post('/v1/posts', { title, markdown: 'Written before the limit.', status: 'draft' }), PostCreated);
    ctx.created.post(draft.id);
    const draftsBefore = await draftCount(ctx);

    // A frozen clock: the window closes only when the test moves the clock.
    const clockBefore = await control.clock();
    if (!clockBefore.frozen) await control.freezeClock(true);
    try {
      const on = await setRateLimit(ctx, { limit: LIMIT, windowMs: WINDOW_MS });
      if (on.limit !== LIMIT || on.windowMs !== WINDOW_MS) fail(`POST /_control/rate-limit {limit: ${LIMIT}, windowMs: ${WINDOW_MS}} answered ${JSON.stringify(on)}`);

      for (let i = 1; i <= LIMIT; i++) {
        const res = await read(ctx);
        if (res.status === 429) fail(`request ${i} of a limit of ${LIMIT} per window answered 429`);
        expectOk(res, PostPage);
      }
      expectRateLimited(await read(ctx), WINDOW_MS / 1000);

      const refusedCreate = await api.post('/v1/posts', { title: names.title('refused by the rate limit'), markdown: 'never stored', status: 'draft' });
      if (refusedCreate.status === 200) ctx.created.post((refusedCreate.body as { id: string }).id);
      expectRateLimited(refusedCreate, WINDOW_MS / 1000);
      expectRateLimited(await api.put(`/v1/posts/${draft.id}`, { title: names.title('renamed despite the limit') }), WINDOW_MS / 1000);

      const controlRead = await api.anonymous.get('/_control/rate-limit');
      if (controlRead.status !== 200) fail(`GET /_control/rate-limit answered ${controlRead.status} while the key was limited: /_control is never rate limited`);
      if (keys.b) {
        const other = await api.b.get('/v1/posts', { query: { limit: 1 } });
        if (other.status === 429) fail("publication B's key was refused with 429 after A's key used up its window: the limit is counted per API key");
        expectOk(other, PostPage);
      }

      // Half the window later: still refused, with less time left.
      await control.advanceClock(WINDOW_MS / 2);
      const retryAfter = expectRateLimited(await read(ctx), Math.ceil(WINDOW_MS / 2 / 1000));

      // Retry-After later, the window has passed.
      await control.advanceClock(retryAfter * 1000);
      const again = await read(ctx);
      if (again.status === 429) fail(`GET /v1/posts still answered 429 after the clock moved past the window by Retry-After (${retryAfter} s): ${again.text.slice(0, 200)}`);
      expectOk(again, PostPage);

      const off = await setRateLimit(ctx, { limit: null });
      if (off.limit !== null) fail(`POST /_control/rate-limit {limit: null} answered ${JSON.stringify(off)}: limiting is still on`);
      for (let i = 0; i < LIMIT * 2; i++) {
        const res = await read(ctx);
        if (res.status === 429) fail(`GET /v1/posts answered 429 after rate limiting was turned off ({limit: null})`);
      }

      // The refused writes changed nothing.
      const draftsAfter = await draftCount(ctx);
      if (draftsAfter !== draftsBefore) fail(`a POST /v1/posts refused with 429 changed the number of drafts from ${draftsBefore} to ${draftsAfter}`);
      const stored = expectOk(await api.get(`/v1/posts/${draft.id}`), Post);
      if (stored.title !== title) fail(`a PUT /v1/posts/{id} refused with 429 changed the title to ${JSON.stringify(stored.title)}`);
    } finally {
      // Whatever happened above, the rest of the suite runs without a limit and with the clock as it was.
      await control.call('POST', '/_control/rate-limit', { limit: null });
      if (!clockBefore.frozen) await control.freezeClock(false);
    }
  },
  { needs: ['apiKey', 'control:rate-limit', 'control:clock'] },
);
