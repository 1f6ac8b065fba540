/**
 * Fault rules of the test-control API (capability faults): a rule answers an
 * error for the next matching request and changes nothing (mode before), or
 * applies the request and then fails the answer (mode after). Each rule
 * matches only requests that carry a header of this test's own, so nothing
 * else the run does is touched, and is removed before the test ends.
 */
import { z } from 'zod';
import { PostCreated, PostPage } from '../../../schemas/posts.js';
import { expectErrorBody, expectOk, expectValue, fail, rule, type ApiResponse, type RuleContext } from '../../src/authoring/index.js';

const FaultListed = z.object({ id: z.string().min(1), hits: z.number().int(), remaining: z.number().int().nullable() });
const FAULT_HEADER = 'x-conformance-fault';

/** Adds a rule that matches POST /v1/posts with our header, runs `body`, and removes the rule whatever happens. */
async function withFault<T>(ctx: RuleContext, action: object, mode: 'before' | 'after', body: (headers: Record<string, string>, ruleId: string) => Promise<T>): Promise<T> {
  const marker = ctx.names.slug('fault');
  const added = expectValue(
    await ctx.control.call('POST', '/_control/faults', { match: { method: 'POST', path: '/v1/posts', header: { name: FAULT_HEADER, value: marker } }, action, mode, times: 1 }),
    FaultListed,
    'POST /_control/faults',
  );
  try {
    return await body({ [FAULT_HEADER]: marker }, added.id);
  } finally {
    await ctx.control.call('DELETE', `/_control/faults/${added.id}`);
  }
}

function expectFaultAnswer(res: ApiResponse, status: number, ruleId: string): void {
  if (res.status !== status) fail(`${res.label} answered ${res.status} under a fault rule for status ${status}: ${res.text.slice(0, 200)}`);
  expectErrorBody(res);
  if (res.headers['x-reference-fault'] !== ruleId) fail(`${res.label} did not name the fault rule: X-Reference-Fault is ${JSON.stringify(res.headers['x-reference-fault'])}, expected ${ruleId}`);
}

const titled = async (ctx: RuleContext, title: string) =>
  expectOk(await ctx.api.get('/v1/posts', { query: { status: 'draft', limit: 100 } }), PostPage).items.filter((p) => p.title === title);

rule(
  ['control.faults.before'],
  'a rule for the next matching request answers 503 with the error body and the rule named, creates nothing, counts its hit, and the retry is served as usual',
  async (ctx) => {
    const title = ctx.names.title('fault before');
    const draft = { title, markdown: 'Written on the retry.', status: 'draft' };
    await withFault(ctx, { type: 'status', status: 503 }, 'before', async (headers, ruleId) => {
      expectFaultAnswer(await ctx.api.post('/v1/posts', draft, { headers }), 503, ruleId);
      if ((await titled(ctx, title)).length > 0) fail('the post refused by the fault rule was created anyway');
      const listed = z.object({ faults: z.array(FaultListed) }).parse(await ctx.control.call('GET', '/_control/faults')).faults.find((r) => r.id === ruleId);
      if (!listed || listed.hits !== 1 || listed.remaining !== 0) fail(`GET /_control/faults lists the rule as ${JSON.stringify(listed)}, expected 1 hit and 0 remaining`);
      const retried = expectOk(await ctx.api.post('/v1/posts', draft, { headers }), PostCreated);
      ctx.created.post(retried.id);
    });
    if ((await titled(ctx, title)).length !== 1) fail('the retry after the fault did not leave exactly one post');
  },
  { needs: ['apiKey', 'control:faults'] },
);

rule(
  ['control.faults.after'],
  'a rule in mode after applies the request, then answers 502: the post exists once, although the client saw an error',
  async (ctx) => {
    const title = ctx.names.title('fault after');
    await withFault(ctx, { type: 'status', status: 502 }, 'after', async (headers, ruleId) => {
      expectFaultAnswer(await ctx.api.post('/v1/posts', { title, markdown: 'Applied, then failed.', status: 'draft' }, { headers }), 502, ruleId);
    });
    const found = await titled(ctx, title);
    for (const post of found) ctx.created.post(post.id);
    if (found.length !== 1) fail(`a request applied before its answer failed left ${found.length} posts, expected exactly 1`);
  },
  { needs: ['apiKey', 'control:faults'] },
);
