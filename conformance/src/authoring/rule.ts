/**
 * rule(): registers one vitest test that checks one or more catalogue rules.
 * The test is named by its requirement sentence; the rule ids, the profiles
 * and, after it ran, the transcript travel to the reporter in the task meta.
 */
import { test, type TestContext } from 'vitest';
import { redactSecrets } from '../shared/redact.js';
import type { Profile } from '../shared/profiles.js';
import type { ConformanceTestMeta } from '../shared/transcript-types.js';
import { ApiClient } from './api-client.js';
import { CleanupRegistry } from './cleanup.js';
import { createRuleContext, secretsOf, skipTest, type RuleContext } from './context.js';
import { isAssertionFailure, isSkipSignal, SuiteError } from './failures.js';
import { suiteConfig } from './injected-config.js';
import { missingNeed, selectTest, type Need } from './selection.js';
import { blockedByOf } from './setup-step.js';
import { createThrottle } from './throttle.js';
import { VITEST_GRACE_MS, withinTimeLimit } from './time-limit.js';
import { Transcript } from './transcript.js';

export interface RuleOptions {
  /** Extra profiles this test belongs to beyond its rules' (e.g. 'robustness' for a heavy test, 'side-effects'). */
  profile?: Profile | Profile[];
  /** What the target must offer; when missing the test is skipped, saying which. */
  needs?: Need[];
  /** Time limit of this test in ms (default --timeout). */
  timeout?: number;
}

export type RuleTest = (context: RuleContext) => Promise<void> | void;

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ConformanceTestMeta;
  }
}

// One throttle for the whole run: the CLI runs every file in one worker, one file at a time
// (isolate: false), so this module is loaded once and the rate holds globally.
const config = suiteConfig();
const throttle = createThrottle(config.rateLimit);

/**
 * Registers a test of `ruleIds` named `name` (the requirement, as a sentence).
 * Ids not in the catalogue make the test error loudly instead of running.
 */
export function rule(ruleIds: string | string[], name: string, fn: RuleTest, options: RuleOptions = {}): void {
  const ids = typeof ruleIds === 'string' ? [ruleIds] : ruleIds;
  const selection = selectTest({ name, ruleIds: ids, profile: options.profile, needs: options.needs }, config);
  const meta: ConformanceTestMeta = { ruleIds: ids, profiles: selection.profiles };

  if (selection.kind === 'filtered-out') {
    // Registered anyway, so the report can show its rules as "excluded", not "not covered".
    test(name, { meta: { conformance: { ...meta, filteredOut: true } } }, (context) => {
      context.skip('left out by --profile or --filter: its rules are reported as excluded');
    });
    return;
  }
  if (selection.kind === 'unknown-rules') {
    meta.unknownRuleIds = selection.unknownRuleIds;
    test(name, { meta: { conformance: meta } }, () => {
      meta.outcome = 'error';
      throw new SuiteError(
        selection.unknownRuleIds.length === 0
          ? 'rule() was given no rule id; every test must name the catalogue rules it checks'
          : `unknown rule id(s) ${selection.unknownRuleIds.map((id) => `"${id}"`).join(', ')}: not in conformance/catalogue (typo, or add the rule there first)`,
      );
    });
    return;
  }
  if (selection.kind === 'excluded') meta.excludedReason = selection.reason;

  const timeout = options.timeout ?? config.timeoutMs;
  test(name, { meta: { conformance: meta }, timeout: timeout + VITEST_GRACE_MS }, async (vitest: TestContext) => {
    // vitest hands the worker a copy of the options' meta; write to the task's own.
    const taskMeta = vitest.task.meta.conformance ?? meta;
    if (taskMeta.excludedReason) vitest.skip(taskMeta.excludedReason);

    const cleanup = new CleanupRegistry((identity) => cleanupClient(identity));
    const limit = new AbortController();
    const { context, transcript, secrets } = createRuleContext({
      config,
      vitest,
      meta: taskMeta,
      testName: name,
      testTimeoutMs: timeout,
      throttle,
      cleanup,
      signal: limit.signal,
    });
    try {
      const missing = missingNeed(options.needs ?? [], config);
      if (missing) skipTest(config, vitest, missing);
      await withinTimeLimit(async () => fn(context), timeout, transcript, limit);
    } catch (error) {
      if (isSkipSignal(error)) throw error;
      taskMeta.outcome = isAssertionFailure(error) ? 'fail' : 'error';
      // A failed setup step blocked this test, unless the step's rule is one this test checks itself.
      const blockedBy = taskMeta.outcome === 'fail' ? blockedByOf(error) : undefined;
      if (blockedBy && !ids.includes(blockedBy)) taskMeta.blockedBy = blockedBy;
      throw redactError(error, secrets);
    } finally {
      const recorded = transcript.snapshot();
      taskMeta.transcript = recorded.exchanges;
      if (recorded.dropped > 0) taskMeta.droppedExchanges = recorded.dropped;
      // What the test created is undone as soon as it ends, best effort: a clean-up problem never changes the verdict.
      for (const problem of await cleanup.run()) console.warn(`[conformance] clean-up failed (ignored): ${problem}`);
    }
  });
}

/** Keys must not reach reports through failure messages either (a response body may echo one). */
function redactError(error: unknown, secrets: ReturnType<typeof secretsOf>): unknown {
  if (error instanceof Error) {
    error.message = redactSecrets(error.message, secrets);
    if (error.stack) error.stack = redactSecrets(error.stack, secrets);
  }
  return error;
}

function cleanupClient(identity: 'a' | 'b'): ApiClient {
  // Clean-up requests are not part of any test's transcript.
  return new ApiClient(
    {
      baseUrl: config.target.url,
      keys: { a: config.apiKey, b: config.secondApiKey },
      secrets: secretsOf(config),
      throttle,
      transcript: new Transcript(),
      profiles: config.profiles,
      timeoutMs: config.timeoutMs,
      missingKey: () => {
        throw new SuiteError(`no key for publication ${identity.toUpperCase()}`);
      },
    },
    identity,
  );
}
