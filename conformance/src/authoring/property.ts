/**
 * Property tests with the run's seed and --runs. On failure the message
 * carries everything needed to replay: the seed, the fast-check path and the
 * shrunk counterexample; the transcript is that of the counterexample's run.
 */
import fc from 'fast-check';
import type { ConformanceTestMeta } from '../shared/transcript-types.js';
import { ConformanceFailure, isAssertionFailure, isSkipSignal, SuiteError } from './failures.js';
import { deriveSeed } from './seeds.js';
import type { Transcript } from './transcript.js';

export interface CheckOptions {
  /** Runs of this property; default --runs. Lower it for expensive properties, never raise it past --runs silently. */
  runs?: number;
}

export interface PropertyRunner {
  check<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<boolean | void> | boolean | void, options?: CheckOptions): Promise<void>;
}

export interface PropertyEnvironment {
  runSeed: number;
  testName: string;
  runs: number;
  timeoutMs: number;
  replayPath?: string;
  transcript: Transcript;
  meta: ConformanceTestMeta;
}

export function createPropertyRunner(env: PropertyEnvironment): PropertyRunner {
  let propertyIndex = 0;
  return {
    async check(arbitrary, predicate, options = {}) {
      const seed = deriveSeed(env.runSeed, env.testName, propertyIndex++);
      let failingTranscript: ReturnType<Transcript['take']> | undefined;
      let skipSignal: unknown;
      let lastFailureReturnedFalse = false;
      const property = fc.asyncProperty(arbitrary, async (value) => {
        env.transcript.take();
        try {
          const verdict = await predicate(value);
          if (verdict === false) {
            failingTranscript = env.transcript.snapshot();
            lastFailureReturnedFalse = true;
          }
          return verdict;
        } catch (error) {
          if (fc.PreconditionFailure.isFailure(error)) throw error;
          if (isSkipSignal(error)) skipSignal = error;
          failingTranscript = env.transcript.snapshot();
          lastFailureReturnedFalse = false;
          throw error;
        }
      });
      const details = await fc.check(property, {
        seed,
        numRuns: options.runs ?? env.runs,
        path: env.replayPath,
        // Stop generating (without failing) before vitest's own time limit would kill the test.
        interruptAfterTimeLimit: Math.max(1_000, env.timeoutMs - 5_000),
        markInterruptAsFailure: false,
      });
      if (skipSignal) throw skipSignal;
      if (!details.failed) return;
      if (failingTranscript) env.transcript.restore(failingTranscript);
      if (details.counterexample === null) {
        throw new SuiteError(`property could not run: too many inputs were rejected by fc.pre (seed ${seed})`);
      }
      const counterexample = fc.stringify(details.counterexample[0]);
      env.meta.property = { seed, path: details.counterexamplePath, counterexample, numRuns: details.numRuns };
      const cause = details.errorInstance;
      const causeText = lastFailureReturnedFalse
        ? 'the predicate returned false'
        : cause instanceof Error
          ? cause.message
          : String(cause);
      const message = [
        `property failed after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s)`,
        `counterexample: ${counterexample}`,
        `fast-check seed ${seed}, path "${details.counterexamplePath}" (replay: same --seed, --replay-path ${details.counterexamplePath}, and a --filter selecting only this test)`,
        `cause: ${causeText}`,
      ].join('\n');
      const isFailure = lastFailureReturnedFalse || isAssertionFailure(cause);
      throw isFailure ? new ConformanceFailure(message, { cause }) : new SuiteError(message, { cause });
    },
  };
}
