/**
 * The proof that the subscribers and emails suites can fail: the reference
 * behind a hook proxy (hook-proxy.ts) that breaks one rule at a time, a
 * filtered run against it that must fail exactly the rules stating what was
 * broken, and the same run against the unbroken reference passing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../reference/src/server.js';
import type { Profile } from '../shared/profiles.js';
import { jsonOf, passThrough, runFilteredWithProfiles, startHookProxy, withJson, type Hook, type HookProxy } from './hook-proxy.js';
import type { FilteredRun } from './run-filtered.js';

const SEED = 20261122;
const RUNS = 4;
const TIMEOUT_MS = 120_000;

/** (e) A subscriber added a second time (same email or wallet, any case) is listed twice by GET /v1/subscribers. */
function duplicatedSubscribers(): Hook {
  const seen = new Set<string>();
  const twice = new Set<string>();
  const keysOf = (who: { email?: unknown; wallet?: unknown; walletAddress?: unknown } | undefined) =>
    [who?.email, who?.wallet ?? who?.walletAddress].filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase());
  return async (ex) => {
    const answer = await ex.forward();
    if (ex.pathname === '/v1/subscribers' && answer.status === 200) {
      const who = jsonOf<{ email?: unknown; wallet?: unknown }>(ex.body);
      if (ex.method === 'POST') for (const key of keysOf(who)) (seen.has(key) ? twice : seen).add(key);
      if (ex.method === 'DELETE') for (const key of keysOf(who)) (seen.delete(key), twice.delete(key));
      if (ex.method === 'GET') {
        const page = jsonOf<{ items: Array<{ email?: string; walletAddress?: string }> }>(answer.body);
        if (!page || !Array.isArray(page.items)) return answer;
        const items = page.items.flatMap((s) => (keysOf(s).some((k) => twice.has(k)) ? [s, s] : [s]));
        return withJson(answer, { ...page, items });
      }
    }
    return answer;
  };
}

/** (f) GET /_control/outbox lists every newsletter email twice. */
function newsletterSentTwice(): Hook {
  return async (ex) => {
    const answer = await ex.forward();
    if (ex.method !== 'GET' || ex.pathname !== '/_control/outbox' || answer.status !== 200) return answer;
    const body = jsonOf<unknown>(answer.body);
    const twice = (list: Array<{ kind?: unknown }>) => list.flatMap((e) => (e.kind === 'newsletter' ? [e, e] : [e]));
    if (Array.isArray(body)) return withJson(answer, twice(body));
    const wrapped = body as { emails?: Array<{ kind?: unknown }>; items?: Array<{ kind?: unknown }> } | undefined;
    if (wrapped?.emails) return withJson(answer, { ...wrapped, emails: twice(wrapped.emails) });
    if (wrapped?.items) return withJson(answer, { ...wrapped, items: twice(wrapped.items) });
    return answer;
  };
}

/** (g) POST /v1/emails/send answers suppressed addresses as accepted: gone from skipped, one more accepted each. */
function suppressedAccepted(): Hook {
  return async (ex) => {
    const answer = await ex.forward();
    if (ex.method !== 'POST' || ex.pathname !== '/v1/emails/send' || answer.status !== 200) return answer;
    const result = jsonOf<{ accepted?: number; skipped?: Array<{ reason?: unknown }> }>(answer.body);
    if (!result || typeof result.accepted !== 'number' || !Array.isArray(result.skipped)) return answer;
    const kept = result.skipped.filter((s) => s.reason !== 'suppressed');
    return withJson(answer, { ...result, accepted: result.accepted + result.skipped.length - kept.length, skipped: kept });
  };
}

interface Case {
  what: string;
  hook: () => Hook;
  filter: string[];
  include: string[];
  extraProfiles?: Profile[];
  expectedFailures: string[];
  /** What the failing test says: the breakage, not something else. */
  reason: RegExp;
}

const CASES: Case[] = [
  {
    what: 'lists a subscriber added twice as two subscribers',
    hook: duplicatedSubscribers,
    reason: /expected 2 subscribers .*the list has 4/,
    filter: ['adding an existing subscriber again, by email or by wallet, does not duplicate it'],
    include: ['conformance/suites/subscribers/add-delete.test.ts'],
    expectedFailures: ['subscribers.add.no-duplicate', 'subscribers.list.page'],
  },
  {
    what: 'sends a newsletter twice to each subscriber',
    hook: newsletterSentTwice,
    reason: /got the newsletter more than once/,
    filter: ['publishing with sendNewsletter emails each active subscriber with an address exactly once'],
    include: ['conformance/suites/emails/newsletter.test.ts'],
    // The newsletter tests could email real people: side-effects only (safe here, the reference emails nobody).
    extraProfiles: ['side-effects'],
    expectedFailures: ['emails.newsletter.eligible-once', 'events.newsletter.on-publish'],
  },
  {
    what: 'accepts a suppressed address for a custom email',
    hook: suppressedAccepted,
    reason: /accepted 2, expected 1/,
    filter: ['an address that unsubscribed is skipped as suppressed'],
    include: ['conformance/suites/emails/filtering.test.ts'],
    expectedFailures: ['emails.skip.suppressed'],
  },
];

let server: RunningServer | undefined;
let proxy: HookProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  await server?.close();
  proxy = undefined;
  server = undefined;
});

async function runThrough(hook: Hook, testCase: Case): Promise<FilteredRun> {
  server = await startServer({ port: 0, seed: SEED, quiet: true });
  proxy = await startHookProxy({ upstream: server.url, hook });
  return runFilteredWithProfiles({
    url: proxy.url,
    filter: testCase.filter,
    include: testCase.include,
    runs: RUNS,
    seed: SEED,
    extraProfiles: testCase.extraProfiles,
  });
}

function summary(run: FilteredRun): string {
  const broken = run.results.tests.filter((t) => t.status === 'fail' || t.status === 'error' || t.status === 'skip');
  return broken.map((t) => `${t.status} ${t.name}: ${(t.reason ?? '').split('\n')[0]}`).join('\n') || '(no failing test)';
}

describe('the subscribers and emails suites fail a server that breaks one rule, and only that rule', () => {
  for (const testCase of CASES) {
    it(
      `a proxy that ${testCase.what} fails exactly ${testCase.expectedFailures.join(', ')}`,
      async () => {
        const run = await runThrough(testCase.hook(), testCase);
        expect(run.unhandledErrors, summary(run)).toEqual([]);
        expect(run.erroredRules, summary(run)).toEqual([]);
        expect(run.failedRules, summary(run)).toEqual([...testCase.expectedFailures].sort());
        const reasons = run.results.tests.filter((t) => t.status === 'fail').map((t) => t.reason ?? '');
        expect(reasons.join('\n'), summary(run)).toMatch(testCase.reason);
      },
      TIMEOUT_MS,
    );

    it(
      `the same run (filter ${testCase.filter.join(',')}) passes against the unbroken reference`,
      async () => {
        const run = await runThrough(passThrough, testCase);
        expect(run.unhandledErrors, summary(run)).toEqual([]);
        expect(run.erroredRules, summary(run)).toEqual([]);
        expect(run.failedRules, summary(run)).toEqual([]);
        expect(run.results.testCounts.skip, summary(run)).toBe(0);
        expect(run.results.testCounts.pass, summary(run)).toBeGreaterThan(0);
      },
      TIMEOUT_MS,
    );
  }
});
