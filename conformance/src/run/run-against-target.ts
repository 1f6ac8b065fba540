/**
 * One run of the suite, as `npm run conformance` makes it: find (or start in
 * this process) the target, discover its keys and control API, run the
 * suites, aggregate per rule. The CLI writes the reports of what it returns;
 * the mutation judge (mutation/judge-runner.ts) reads its exit code.
 */
import { randomInt } from 'node:crypto';
import { RULES } from '../../catalogue/index.js';
import { createThrottle } from '../authoring/throttle.js';
import type { RunOptions } from '../config/options.js';
import { colour } from '../report/colour.js';
import type { RunInfo } from '../report/run-info.js';
import { aggregate, exitCodeOf } from '../results/aggregate.js';
import type { RunResults } from '../results/types.js';
import { capturesMail, defaultProfiles } from '../shared/profiles.js';
import type { SuiteConfig } from '../shared/suite-config.js';
import { discoverTarget } from '../target/discover.js';
import { createProbe } from '../target/http-probe.js';
import { preflight, withoutVersionPrefix } from '../target/preflight.js';
import { startReference, type StartedReference } from '../target/reference.js';
import { runSuites, type SuiteRun } from './run-suites.js';
import { suiteVersion } from './versions.js';

export interface TargetRun {
  results: RunResults;
  info: RunInfo;
  /** 0 only when nothing failed, errored or was blocked. */
  exitCode: number;
}

export interface RunOutput {
  /** The run's own lines (the target found, the seed). */
  log: (line: string) => void;
  /** A line per finished test file. */
  write: (line: string) => void;
}

const CONSOLE: RunOutput = {
  log: (line) => process.stdout.write(`${colour.cyan('conformance')} ${line}\n`),
  write: (line) => process.stdout.write(`${line}\n`),
};

export async function runAgainstTarget(options: RunOptions, output: RunOutput = CONSOLE): Promise<TargetRun> {
  const { log, write } = output;
  const startedAt = new Date();
  const seed = options.seed ?? randomInt(0, 2 ** 31 - 1);
  let reference: StartedReference | undefined;
  try {
    if (!options.url) {
      reference = await startReference(seed, options.filter.length > 0);
      log(`started the reference in-process at ${reference.url} (seed ${seed})`);
    }
    const given = withoutVersionPrefix(options.url ?? reference!.url);
    if (given.note) log(colour.yellow(given.note));
    const url = given.url;
    const throttle = createThrottle(options.rateLimit);
    const probe = createProbe(url, throttle, undefined, options.controlToken);
    const discovery = await discoverTarget({
      url,
      inProcess: reference !== undefined,
      apiKey: options.apiKey,
      secondApiKey: options.secondApiKey,
      probe,
    });
    if (given.note) discovery.notes.unshift(given.note);
    await preflight(discovery, probe, (line) => log(`preflight: ${line}`));
    const target = discovery.target;
    const profiles =
      options.profiles ??
      defaultProfiles({ hasControl: target.control.available, isReference: target.isReference, capturesMail: capturesMail(target.control) });
    const runId = `cf-${seed >>> 0}-${startedAt.getTime().toString(36)}`;
    const config: SuiteConfig = {
      target,
      apiKey: discovery.apiKey,
      secondApiKey: discovery.secondApiKey,
      controlToken: options.controlToken,
      profiles,
      seed,
      runs: options.runs,
      filter: options.filter,
      rateLimit: options.rateLimit,
      timeoutMs: options.timeoutMs,
      replayPath: options.replayPath,
      runId,
      noSkips: options.noSkips,
    };
    log(`target ${url}${target.control.implementation ? ` (${target.control.implementation} ${target.control.version ?? ''})` : ''}`);
    log(`seed ${seed} · run id ${runId} · profiles ${profiles.join(',')}${options.filter.length ? ` · filter ${options.filter.join(',')}` : ''}`);
    for (const note of discovery.notes) log(colour.grey(note));

    // Loaded only when asked for: the differential mode brings its own generators and the reference.
    const differential = options.differential ? await import('../differential/run.js') : undefined;
    const suiteRun: SuiteRun =
      differential && differential.onlyDifferential(options.filter)
        ? { outcomes: [], unhandledErrors: [] }
        : await runSuites(config, { maxFailures: options.maxFailures, workers: options.workers, write });
    if (differential) {
      log(`differential: the same sequences against the target and a fresh in-process reference (seed ${seed})`);
      const keys = { a: config.apiKey, b: config.secondApiKey };
      suiteRun.outcomes.push(...(await differential.runDifferential({ ...config, target: { ...target, keys } })));
    }
    const stoppedEarly = suiteRun.stoppedEarly && stoppedEarlyReason(suiteRun.stoppedEarly.maxFailures);
    const results = aggregate(RULES, suiteRun.outcomes, { profiles, filter: options.filter, stoppedEarly });
    const info: RunInfo = {
      suite: suiteVersion(),
      node: process.version,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      target: {
        url,
        inProcess: target.inProcess,
        isReference: target.isReference,
        implementation: target.control.implementation,
        version: target.control.version,
        control: { available: target.control.available, missingReason: target.control.missingReason, capabilities: target.control.capabilities },
        publications: {
          a: target.publications.a && { id: target.publications.a.id, slug: target.publications.a.slug },
          b: target.publications.b && { id: target.publications.b.id, slug: target.publications.b.slug },
        },
      },
      config: {
        profiles,
        seed,
        runs: options.runs,
        filter: options.filter,
        rateLimit: options.rateLimit,
        timeoutMs: options.timeoutMs,
        maxFailures: options.maxFailures,
        noSkips: options.noSkips,
        workers: options.workers,
        replayPath: options.replayPath,
        runId,
        reportDir: options.reportDir,
        apiKey: config.apiKey ? '$API_KEY' : undefined,
        secondApiKey: config.secondApiKey ? '$SECOND_API_KEY' : undefined,
      },
      notes: discovery.notes,
      unhandledErrors: suiteRun.unhandledErrors,
      stoppedEarly: suiteRun.stoppedEarly && { reason: stoppedEarly!, testsNotRun: suiteRun.stoppedEarly.testsNotRun },
    };
    return { results, info, exitCode: exitCodeOf(results, suiteRun.unhandledErrors.length) };
  } finally {
    await reference?.close();
  }
}

function stoppedEarlyReason(maxFailures: number): string {
  return `not run: the run stopped after ${maxFailures} failed, errored or blocked test${maxFailures === 1 ? '' : 's'} (--max-failures ${maxFailures})`;
}
