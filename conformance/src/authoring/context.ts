/**
 * The object every rule test receives: everything a test needs to talk to
 * the target and report what it saw, and nothing that lets it forget the
 * safety rules.
 */
import type { TestContext } from 'vitest';
import type { Profile } from '../shared/profiles.js';
import type { Secret } from '../shared/redact.js';
import type { SuiteConfig, TargetInfo } from '../shared/suite-config.js';
import type { ConformanceTestMeta } from '../shared/transcript-types.js';
import { ApiClient, type HttpCore } from './api-client.js';
import type { CleanupRegistry } from './cleanup.js';
import { ControlClient } from './control-client.js';
import { createNames, type Names } from './names.js';
import { createPropertyRunner, type PropertyRunner } from './property.js';
import { deriveSeed } from './seeds.js';
import { ConformanceFailure, SuiteError } from './failures.js';
import { missingNeed } from './selection.js';
import { sharedStateChange } from './shared-state.js';
import type { Throttle } from './throttle.js';
import { Transcript } from './transcript.js';

export interface RuleContext {
  /** The target's API, as publication A; `.b`, `.anonymous`, `.withAuthorization(...)` for the others. */
  api: ApiClient;
  /** The test-control API; using it skips the test when the target has none (declare needs: ['control']). */
  control: ControlClient;
  target: TargetInfo;
  /** The raw keys, for tests that must build headers themselves (transcripts still show $API_KEY). */
  keys: { a?: string; b?: string };
  /** Run-wide identifiers: put `runId` in what you create (names.title does). */
  runId: string;
  /** This test's seed (derived from --seed and the test name). */
  seed: number;
  /** --runs: fast-check runs per property. */
  runs: number;
  profiles: readonly Profile[];
  /** Property test with the run's seed and runs; failures carry the replay data. */
  check: PropertyRunner['check'];
  /** Marks the test skipped with a reason that reaches the report. Never use it to hide a failure. */
  skip(reason: string): never;
  /** Registers what the test created, to be archived/removed when the test ends. */
  created: CleanupRegistry;
  names: Names;
  /** The underlying vitest context (annotate, signal, onTestFinished). */
  vitest: TestContext;
}

export interface ContextParts {
  config: SuiteConfig;
  vitest: TestContext;
  meta: ConformanceTestMeta;
  testName: string;
  /** This test's time limit (its own timeout option, else --timeout). */
  testTimeoutMs: number;
  throttle: Throttle;
  cleanup: CleanupRegistry;
  /** Aborted when the test's time limit passes. */
  signal?: AbortSignal;
}

export function secretsOf(config: SuiteConfig): Secret[] {
  const secrets: Secret[] = [];
  if (config.apiKey) secrets.push({ value: config.apiKey, name: 'API_KEY' });
  if (config.secondApiKey) secrets.push({ value: config.secondApiKey, name: 'SECOND_API_KEY' });
  if (config.controlToken) secrets.push({ value: config.controlToken, name: 'CONTROL_TOKEN' });
  return secrets;
}

/**
 * Skips the test with its reason, or, under --no-skips (a target that should
 * offer everything, such as the reference), fails it: there a skip would hide
 * a capability the target lost.
 */
export function skipTest(config: SuiteConfig, vitest: Pick<TestContext, 'skip'>, reason: string): never {
  if (config.noSkips) throw new ConformanceFailure(`the test would be skipped (--no-skips): ${reason}`);
  return vitest.skip(reason) as never;
}

export function createRuleContext(parts: ContextParts): { context: RuleContext; transcript: Transcript; secrets: Secret[] } {
  const { config, vitest } = parts;
  const transcript = new Transcript();
  const secrets = secretsOf(config);
  const skip = (reason: string): never => skipTest(config, vitest, reason);
  const core: HttpCore = {
    baseUrl: config.target.url,
    keys: { a: config.apiKey, b: config.secondApiKey },
    controlToken: config.controlToken,
    secrets,
    throttle: parts.throttle,
    transcript,
    profiles: config.profiles,
    timeoutMs: config.timeoutMs,
    signal: parts.signal,
    missingKey: (identity) =>
      skip(missingNeed([identity === 'a' ? 'apiKey' : 'secondKey'], config) ?? `no key for publication ${identity.toUpperCase()}`),
  };
  const api = new ApiClient(core, 'a');
  const control = new ControlClient(
    api.anonymous,
    (capability) => {
      const missing = missingNeed([capability ? `control:${capability}` : 'control'], config);
      if (missing) skip(missing);
    },
    (method, path) => {
      const change = config.parallel ? sharedStateChange(method, path) : undefined;
      if (change) {
        throw new SuiteError(
          `${method} ${path} ${change}, so it cannot run while other test files run beside this one (--workers): list this file in conformance/src/run/schedule.ts`,
        );
      }
    },
  );
  const seed = deriveSeed(config.seed, parts.testName);
  const properties = createPropertyRunner({
    runSeed: config.seed,
    testName: parts.testName,
    runs: config.runs,
    timeoutMs: parts.testTimeoutMs,
    replayPath: config.replayPath,
    transcript,
    meta: parts.meta,
  });
  const context: RuleContext = {
    api,
    control,
    target: config.target,
    keys: { a: config.apiKey, b: config.secondApiKey },
    runId: config.runId,
    seed,
    runs: config.runs,
    profiles: config.profiles,
    check: properties.check,
    skip,
    created: parts.cleanup,
    names: createNames(config.runId, seed),
    vitest,
  };
  return { context, transcript, secrets };
}
