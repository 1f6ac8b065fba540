/**
 * Runs part of the conformance suite against a URL, programmatically, the
 * way the CLI does (discovery, configuration, the vitest run, aggregation),
 * without reports or exit codes: for tests of the suite itself.
 */
import { RULES } from '../../catalogue/index.js';
import { createThrottle } from '../authoring/throttle.js';
import { aggregate } from '../results/aggregate.js';
import type { RunResults } from '../results/types.js';
import { runSuites } from '../run/run-suites.js';
import { capturesMail, defaultProfiles, type Profile } from '../shared/profiles.js';
import type { SuiteConfig } from '../shared/suite-config.js';
import { discoverTarget } from '../target/discover.js';
import { createProbe } from '../target/http-probe.js';

export interface FilteredRun {
  results: RunResults;
  unhandledErrors: string[];
  /** Rule ids that failed, sorted. */
  failedRules: string[];
  /** Rule ids that errored, sorted (the suite could not judge them). */
  erroredRules: string[];
}

export interface FilteredRunOptions {
  url: string;
  /** --filter patterns and the suite files to load (globs from the repository root). */
  filter: string[];
  include: string[];
  runs: number;
  seed: number;
  /** Profiles beyond the target's defaults, e.g. side-effects (safe against the reference: it emails nobody). */
  extraProfiles?: Profile[];
}

export async function runFiltered(options: FilteredRunOptions): Promise<FilteredRun> {
  const discovery = await discoverTarget({ url: options.url, inProcess: false, probe: createProbe(options.url, createThrottle(undefined)) });
  const target = discovery.target;
  const profiles = defaultProfiles({ hasControl: target.control.available, isReference: target.isReference, capturesMail: capturesMail(target.control) });
  for (const profile of options.extraProfiles ?? []) if (!profiles.includes(profile)) profiles.push(profile);
  const config: SuiteConfig = {
    target,
    apiKey: discovery.apiKey,
    secondApiKey: discovery.secondApiKey,
    profiles,
    seed: options.seed,
    runs: options.runs,
    filter: options.filter,
    timeoutMs: 120_000,
    runId: `cf-selftest-${options.seed}`,
  };
  const run = await runSuites(config, { include: options.include, write: () => {} });
  const results = aggregate(RULES, run.outcomes, { profiles, filter: options.filter });
  const ids = (status: string) => results.rules.filter((r) => r.status === status).map((r) => r.rule.id).sort();
  return { results, unhandledErrors: run.unhandledErrors, failedRules: ids('fail'), erroredRules: ids('error') };
}
