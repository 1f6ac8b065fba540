/**
 * The test-control protocol of DESIGN.md, which the other suites build on:
 * discovery, fixtures, the clock and the outbox. Only in the control profile.
 */
import { z } from 'zod';
import { expectStatus, expectValue, fail, rule } from '../../src/authoring/index.js';

const ControlInfo = z.object({
  implementation: z.string().min(1),
  version: z.string().min(1),
  seed: z.number().int(),
  now: z.number().int().min(0),
  capabilities: z.array(z.string()),
});

const ControlPublications = z.object({
  publications: z
    .array(
      z.object({
        id: z.string().min(1),
        slug: z.string().min(1),
        name: z.string(),
        ownerUserId: z.string().min(1),
        apiKeys: z.array(z.string().min(1)),
        teamMemberIds: z.array(z.string()),
        communityIds: z.array(z.string()),
        customEmailApproved: z.boolean(),
      }),
    )
    .min(2),
});

const PageTotal = z.object({ pagination: z.object({ total: z.number().int() }) });

const ClockState = z.object({ now: z.number().int().min(0), frozen: z.boolean() });

rule(['control.info.shape'], 'GET /_control describes the implementation and its capabilities', async ({ control }) => {
  expectValue(await control.info(), ControlInfo, 'GET /_control');
}, { needs: ['control'] });

rule(
  ['control.publications.shape'],
  'GET /_control/publications lists at least two fixture publications with keys, owners and team; each listed key is one of its publication',
  async ({ api, control, keys }) => {
    const { publications } = expectValue({ publications: await control.publications() }, ControlPublications, 'GET /_control/publications');
    const allKeys = publications.flatMap((p) => p.apiKeys);
    if (keys.a && !allKeys.includes(keys.a)) fail('the API key of publication A is not among the keys /_control/publications lists');
    const withKeys = publications.filter((p) => p.apiKeys.length > 0);
    if (withKeys.length < 2) fail(`GET /_control/publications lists API keys for ${withKeys.length} publication(s): the suite needs two to test isolation`);
    for (const p of withKeys) {
      const me = await api.withAuthorization(`Bearer ${p.apiKeys[0]}`).get('/v1/me');
      expectStatus(me, 200);
      const id = (me.body as { id?: unknown }).id;
      if (id !== p.id) fail(`the first API key listed for publication ${p.id} (${p.slug}) authenticates as ${String(id)}`);
    }
  },
  { needs: ['control'] },
);

rule(['control.clock.get'], 'GET /_control/clock answers {now, frozen} with now in Unix ms', async ({ control }) => {
  const state = expectValue(await control.clock(), ClockState, 'GET /_control/clock');
  // Unix ms, not seconds: any time after 2001 is above 1e12.
  if (state.now < 1e12) fail(`now ${state.now} does not look like Unix milliseconds`);
}, { needs: ['control:clock'] });

rule(
  ['control.clock.freeze', 'control.clock.advance', 'control.clock.set'],
  'a frozen clock stands still, advances by exactly advanceMs, and can be set forward',
  async ({ control, vitest }) => {
    const before = expectValue(await control.clock(), ClockState, 'clock');
    vitest.onTestFinished(async () => {
      await control.freezeClock(before.frozen);
    });
    const frozen = expectValue(await control.freezeClock(true), ClockState, 'freeze');
    if (!frozen.frozen) fail('{frozen: true} answered frozen: false');
    await new Promise((resolve) => setTimeout(resolve, 30));
    const still = await control.clock();
    if (still.now !== frozen.now) fail(`a frozen clock moved from ${frozen.now} to ${still.now}`);
    const advanced = await control.advanceClock(1_000);
    if (advanced.now !== frozen.now + 1_000) fail(`advanceMs 1000 moved now from ${frozen.now} to ${advanced.now}`);
    const target = advanced.now + 5_000;
    const set = await control.setClock(target);
    if (set.now !== target) fail(`{to: ${target}} set now to ${set.now}`);
    const running = await control.freezeClock(false);
    if (running.frozen) fail('{frozen: false} answered frozen: true');
  },
  { needs: ['control:clock'] },
);

rule(['control.outbox.list', 'control.outbox.clear'], 'DELETE /_control/outbox empties the outbox', async ({ control }) => {
  await control.clearOutbox();
  const emails = await control.outbox();
  if (emails.length !== 0) fail(`the outbox still holds ${emails.length} email(s) after DELETE`);
}, { needs: ['control:outbox'] });

rule(
  ['control.reset.fixtures'],
  'POST /_control/reset {empty: true} leaves the publications empty, and POST /_control/reset brings the fixtures back',
  async ({ api, control }) => {
    const ownPosts = async () => {
      const res = expectStatus(await api.get('/v1/posts', { query: { limit: 1 } }), 200);
      return expectValue(res.body, PageTotal, 'GET /v1/posts').pagination.total;
    };
    await control.reset();
    const fixtureTotal = await ownPosts();
    try {
      await control.reset({ empty: true });
      // The keys still work (the publications stay), but there is nothing in them.
      const emptyTotal = await ownPosts();
      if (emptyTotal !== 0) fail(`after an empty reset publication A still has ${emptyTotal} published post(s)`);
    } finally {
      await control.reset();
    }
    const restored = await ownPosts();
    if (restored !== fixtureTotal) fail(`after a reset publication A has ${restored} published post(s), the fixtures had ${fixtureTotal}`);
  },
  { needs: ['control', 'apiKey'] },
);

rule(['control.path.not-under-v1'], 'the test-control API is not reachable under /v1', async ({ api }) => {
  for (const path of ['/v1/_control', '/v1/_control/clock', '/v1/_control/publications']) {
    const res = await api.anonymous.get(path);
    if (res.status === 200) fail(`${path} answered 200: the control API must never be under /v1`);
  }
}, { needs: ['control'] });
