/**
 * The proof that the content and buckets suites can fail: the reference
 * behind a hook proxy (hook-proxy.ts) that breaks one content rule at a
 * time, a filtered run against it that must fail exactly the rules stating
 * what was broken, and the same run against the unbroken reference passing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../reference/src/server.js';
import { jsonOf, passThrough, runFilteredWithProfiles, startHookProxy, withJson, type Hook, type HookProxy } from './hook-proxy.js';
import type { FilteredRun } from './run-filtered.js';

const SEED = 20261122;
const RUNS = 4;
const TIMEOUT_MS = 120_000;
const TWEET_MAX = 280;

const PIECE = /^\/v1\/content\/([^/]+)$/;

/** (a) A thread entry over 280 characters is cut to 280 before forwarding: accepted instead of refused. */
function longThreadEntries(): Hook {
  return async (ex) => {
    const body = jsonOf<{ body?: { tweets?: unknown } }>(ex.body);
    const tweets = body?.body?.tweets;
    if (ex.method === 'POST' && ex.pathname === '/v1/content' && Array.isArray(tweets) && tweets.some((t) => typeof t === 'string' && [...t].length > TWEET_MAX)) {
      body!.body!.tweets = tweets.map((t) => (typeof t === 'string' ? [...t].slice(0, TWEET_MAX).join('') : t));
      return ex.forward({ body });
    }
    return ex.forward();
  };
}

/** (b) Pieces archived through the proxy (and not restored) are added to the first page of status=all. */
function archivedUnderAll(): Hook {
  const archived = new Map<string, { auth: string; summary: Record<string, unknown> }>();
  return async (ex) => {
    const answer = await ex.forward();
    const action = /^\/v1\/content\/([^/]+)\/(archive|restore)$/.exec(ex.pathname);
    if (ex.method === 'POST' && action && answer.status === 200) {
      const piece = jsonOf<Record<string, unknown>>(answer.body);
      if (action[2] === 'restore' || !piece || piece.publishedAt) {
        archived.delete(action[1]!);
      } else {
        const { body: _body, ...summary } = piece;
        archived.set(action[1]!, { auth: ex.headers.authorization ?? '', summary });
      }
    }
    if (ex.method === 'GET' && ex.pathname === '/v1/content' && ex.query.get('status') === 'all' && !ex.query.get('cursor') && answer.status === 200) {
      const page = jsonOf<{ items: Array<{ id: string; updatedAt: string }>; pagination?: { hasMore?: boolean } }>(answer.body);
      if (!page || !Array.isArray(page.items)) return answer;
      const kind = ex.query.get('kind');
      const last = page.items[page.items.length - 1];
      // In its place in the order (newest activity first), so that a client reading down to a date still meets it.
      const extra = [...archived.entries()]
        .filter(([id, a]) => a.auth === (ex.headers.authorization ?? '') && !page.items.some((i) => i.id === id) && (!kind || a.summary.kind === kind))
        .map(([, a]) => a.summary as { id: string; updatedAt: string })
        .filter((p) => !page.pagination?.hasMore || !last || p.updatedAt >= last.updatedAt);
      if (extra.length === 0) return answer;
      const items = [...extra, ...page.items].sort((x, y) => (x.updatedAt === y.updatedAt ? (x.id < y.id ? -1 : 1) : x.updatedAt > y.updatedAt ? -1 : 1));
      return withJson(answer, { ...page, items });
    }
    return answer;
  };
}

/** (c) A PATCH with a body refused because the piece is locked answers 200 with the piece instead. */
function lockedBodyAccepted(): Hook {
  return async (ex) => {
    const answer = await ex.forward();
    const match = PIECE.exec(ex.pathname);
    const patch = jsonOf<Record<string, unknown>>(ex.body);
    if (ex.method !== 'PATCH' || !match || answer.status !== 400 || !patch || !('body' in patch)) return answer;
    const now = await ex.forward({ method: 'GET', body: Buffer.alloc(0) });
    const piece = jsonOf<{ lockedReason?: unknown }>(now.body);
    if (now.status !== 200 || !piece || piece.lockedReason === null || piece.lockedReason === undefined) return answer;
    return withJson(now, piece, 200);
  };
}

/** (d) A PATCH bucketId answered 409 (grouped elsewhere) answers 200, and the piece reads as moved from then on. */
function movedBetweenGroups(): Hook {
  const moved = new Map<string, string>();
  return async (ex) => {
    const match = PIECE.exec(ex.pathname);
    const answer = await ex.forward();
    if (!match) return answer;
    const id = match[1]!;
    if (ex.method === 'PATCH' && answer.status === 409) {
      const bucketId = jsonOf<{ bucketId?: unknown }>(ex.body)?.bucketId;
      if (typeof bucketId !== 'string') return answer;
      const now = await ex.forward({ method: 'GET', body: Buffer.alloc(0) });
      if (now.status !== 200) return answer;
      moved.set(id, bucketId);
      return withJson(now, { ...jsonOf<Record<string, unknown>>(now.body), bucketId }, 200);
    }
    const to = moved.get(id);
    if (ex.method === 'GET' && to && answer.status === 200) return withJson(answer, { ...jsonOf<Record<string, unknown>>(answer.body), bucketId: to });
    return answer;
  };
}

interface Case {
  what: string;
  hook: () => Hook;
  filter: string[];
  include: string[];
  expectedFailures: string[];
  /** What the failing test says: the breakage, not something else. */
  reason: RegExp;
}

const CASES: Case[] = [
  {
    what: 'accepts a thread entry of 281 characters',
    hook: longThreadEntries,
    reason: /POST \/v1\/content answered 200, expected the error 400/,
    filter: ['a tweet or thread entry of 280 characters is accepted, 281 is not'],
    include: ['conformance/suites/content/bodies.test.ts'],
    expectedFailures: ['content.body.tweet-max-280', 'content.create.validates-body'],
  },
  {
    what: 'lists an archived, never delivered piece under all',
    hook: archivedUnderAll,
    reason: /status=all lists \S+ \(never delivered, archived\)/,
    filter: ['each status view lists exactly the pieces rule 1 says'],
    include: ['conformance/suites/content/list.test.ts'],
    // One property checks the four views of rule 1 together; every rule it names fails.
    expectedFailures: [
      'content.archive.draft',
      'content.archive.leaves-default-list',
      'content.list.status-all',
      'content.list.status-archived',
      'content.list.status-draft-published',
      'content.restore.back-in-list',
    ],
  },
  {
    what: 'accepts a body edit of a locked piece',
    hook: lockedBodyAccepted,
    reason: /PATCH \S+ answered 200, expected the error 400/,
    filter: ['a running send locks the words too'],
    include: ['conformance/suites/content/lifecycle.test.ts'],
    expectedFailures: ['content.edit.locked-400', 'content.edit.locked-body-refused', 'content.edit.locked-rename-allowed'],
  },
  {
    what: 'moves a piece from one group to another',
    hook: movedBetweenGroups,
    reason: /answered 200, expected the error 409/,
    filter: ['PATCH bucketId of a piece grouped elsewhere answers 409'],
    include: ['conformance/suites/buckets/groups.test.ts'],
    expectedFailures: ['content.patch.bucket-conflict-409', 'errors.409.already-grouped'],
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
  return runFilteredWithProfiles({ url: proxy.url, filter: testCase.filter, include: testCase.include, runs: RUNS, seed: SEED });
}

function summary(run: FilteredRun): string {
  const broken = run.results.tests.filter((t) => t.status === 'fail' || t.status === 'error');
  return broken.map((t) => `${t.status} ${t.name}: ${(t.reason ?? '').split('\n')[0]}`).join('\n') || '(no failing test)';
}

describe('the content suites fail a server that breaks one content rule, and only that rule', () => {
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
        expect(run.results.testCounts.pass, summary(run)).toBeGreaterThan(0);
      },
      TIMEOUT_MS,
    );
  }
});
