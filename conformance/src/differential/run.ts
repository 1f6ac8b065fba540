/**
 * --differential: every differential property, run against the target and
 * a fresh in-process reference with the same sequences, compared step by
 * step; each property becomes one test outcome for the reports, a failing
 * one carrying its shrunk sequence, both answers and the replay data.
 */
import fc from 'fast-check';
import { RULES } from '../../catalogue/index.js';
import { deriveSeed } from '../authoring/seeds.js';
import { createThrottle } from '../authoring/throttle.js';
import type { AnalyticsOptions } from '../../../reference/src/analytics/service.js';
import type { TestOutcome } from '../results/types.js';
import { testMatchesFilter } from '../shared/filter.js';
import type { ControlInfo, TargetInfo } from '../shared/suite-config.js';
import { firstDifference } from './compare.js';
import { Divergence, divergenceView } from './divergence.js';
import { normalise } from './normalise.js';
import { startOracle } from './reference-side.js';
import { DIFFERENTIAL_PROPERTIES, type DifferentialProperty } from './sequences/index.js';
import { advanceClock, cleanUp, preparePair, startSequence, type Pair } from './sides.js';
import { Side } from './side.js';
import type { Step } from './steps.js';

export interface DifferentialOptions {
  target: { url: string; keys: { a?: string; b?: string }; publications: TargetInfo['publications']; control: ControlInfo };
  seed: number;
  runs: number;
  filter: readonly string[];
  replayPath?: string;
  rateLimit?: number;
  timeoutMs: number;
  runId: string;
  /** The oracle's analytics engine (default: started on the first analytics request, like the reference's default). */
  analytics?: AnalyticsOptions;
  write?: (line: string) => void;
}

export const DIFFERENTIAL_AREA = 'differential';

const KNOWN_RULES = new Set(RULES.map((rule) => rule.id));

/** The properties --filter selects (all when there is no filter). */
export function selectedProperties(filter: readonly string[]): DifferentialProperty[] {
  return DIFFERENTIAL_PROPERTIES.filter((p) => testMatchesFilter(filter, { name: p.name, ruleIds: [] }));
}

/** A filter that names differential properties only: the rule suites need not run at all. */
export function onlyDifferential(filter: readonly string[]): boolean {
  return filter.length > 0 && filter.every((pattern) => pattern.startsWith(DIFFERENTIAL_AREA) && selectedProperties([pattern]).length > 0);
}

export async function runDifferential(options: DifferentialOptions): Promise<TestOutcome[]> {
  const properties = selectedProperties(options.filter);
  if (properties.length === 0) return [];
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const oracle = await startOracle(options.seed, options.analytics);
  try {
    const target = new Side({ label: 'target', url: options.target.url, keys: { ...options.target.keys }, publications: { ...options.target.publications }, throttle: createThrottle(options.rateLimit), timeoutMs: options.timeoutMs });
    const reference = new Side({ label: 'reference', url: oracle.url, keys: {}, publications: {}, throttle: createThrottle(undefined), timeoutMs: options.timeoutMs });
    const pair = await preparePair(target, reference, options.target.control, options.seed);
    const outcomes: TestOutcome[] = [];
    for (const property of properties) {
      const outcome = await runProperty(property, pair, options);
      write(`  ${outcome.status === 'pass' ? '✓' : '✗'} ${property.name}  ${outcome.status}${outcome.status === 'pass' ? '' : `: ${(outcome.reason ?? '').split('\n')[0]}`}`);
      outcomes.push(outcome);
    }
    // Leave a reset target as the rule suites expect it: the seed's fixtures, the clock running.
    if (pair.scope.publishes) await startSequence({ ...pair, scope: { ...pair.scope, clock: false } }, options.seed);
    return outcomes;
  } finally {
    await oracle.close();
  }
}

async function runProperty(property: DifferentialProperty, pair: Pair, options: DifferentialOptions): Promise<TestOutcome> {
  const started = Date.now();
  const seed = deriveSeed(options.seed, property.name, 0);
  const runTitle = `${options.runId} differential`;
  const details = await fc.check(
    fc.asyncProperty(property.sequences(pair.scope, runTitle), (steps) => runSequence(steps, pair, options.seed)),
    { seed, numRuns: options.runs, path: options.replayPath, interruptAfterTimeLimit: Math.max(1_000, options.timeoutMs - 5_000), markInterruptAsFailure: false },
  );
  const base: TestOutcome = {
    id: `${DIFFERENTIAL_AREA}:${property.name}`,
    name: property.name,
    fullName: `differential › ${property.what}`,
    file: DIFFERENTIAL_AREA,
    area: DIFFERENTIAL_AREA,
    ruleIds: [],
    status: 'pass',
    durationMs: Date.now() - started,
    transcript: [],
    property: { seed, numRuns: details.numRuns },
  };
  if (!details.failed) return base;
  const cause = details.errorInstance;
  const path = details.counterexamplePath ?? undefined;
  const counterexample = details.counterexample ? `${(details.counterexample[0] as Step[]).length} step(s)` : undefined;
  const property_ = { seed, path, counterexample, numRuns: details.numRuns };
  if (cause instanceof Divergence) {
    return { ...base, status: 'fail', reason: `${cause.message}\nfast-check seed ${seed}, path "${path}", ${details.numShrinks} shrink(s)`, transcript: cause.transcript, property: property_, divergence: cause.view };
  }
  return { ...base, status: 'error', reason: cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause), property: property_ };
}

/** Runs one sequence on both sides; throws a Divergence at the first step they answer differently. */
async function runSequence(steps: readonly Step[], pair: Pair, seed: number): Promise<void> {
  const { target, reference, scope } = pair;
  await startSequence(pair, seed);
  try {
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if (!target.canSend(step) || !reference.canSend(step)) continue;
      if (step.kind === 'clock') {
        await advanceClock(target, step.advanceMs);
        await advanceClock(reference, step.advanceMs);
        continue;
      }
      const fromTarget = await target.run(step);
      const fromReference = await reference.run(step);
      const ownOnly = !scope.sameFixtures;
      const targetNormalised = normalise(fromTarget, target.context(step, ownOnly));
      const referenceNormalised = normalise(fromReference, reference.context(step, ownOnly));
      const difference = firstDifference(targetNormalised, referenceNormalised);
      if (difference) {
        const view = divergenceView(steps as Step[], i, {
          difference,
          target: fromTarget,
          reference: fromReference,
          targetNormalised,
          referenceNormalised,
          // The diverging step's rules first, then those of the steps that led there (the sequence is shrunk: each matters).
          ruleIds: [...new Set([...step.rules, ...steps.slice(0, i).flatMap((s) => (s.kind === 'http' ? s.rules : []))])].filter((id) => KNOWN_RULES.has(id)),
        });
        throw new Divergence(view, target.exchanges.slice());
      }
    }
  } finally {
    await cleanUp(pair);
  }
}
