/**
 * A Stryker test runner that judges mutants in one long-lived process: the
 * conformance suite, filtered to the areas' rules, against a fresh in-process
 * reference for each mutant, the mutant switched on and off between runs.
 * Starting node, the suite's runner and the reference for every mutant (the
 * command runner) costs several times what the filtered suite itself takes.
 *
 * Only a kill is taken from this fast judge. A mutant it cannot kill is
 * judged again by the command (stryker-options.ts's judgeCommand: a process
 * of its own, and the areas' unit tests), so a survivor is exactly what the
 * command runner would call one. That matters because a long-lived process
 * can miss a mutant: code that ran before the mutant was switched on (a
 * module's top level, a value computed once and kept) does not change.
 *
 * Mutants of a module's top level are found by coverage: code that runs
 * while the modules load is "static" coverage, and Stryker restarts this
 * runner to load them with such a mutant on (capabilities: no reload).
 * Every mutant is reported as covered by the one test, like the command
 * runner's, so none is called "no coverage" for code that runs in worker
 * threads or unit tests, which this process does not see.
 *
 * A kill counts only where the tests that failed pass again without the
 * mutant: after a kill, the rules of those tests run once more with the
 * mutant off. When they fail there too, something an earlier mutant or this
 * one left behind (in a module's state, say) is to blame, not the mutant:
 * the command judges it and the rest of that process's mutants. Only the
 * failed tests' rules run again, not the whole filtered suite, because a
 * killed mutant's run stops at its first failure (--bail) and the whole
 * suite after each mutant would cost more than the mutant's own run.
 *
 * Worker threads read the active mutant from the environment when they
 * start: the reference's worker pool is closed before each run, so its
 * workers start again with the mutant on.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { INSTRUMENTER_CONSTANTS, type MutantCoverage, type StrykerOptions } from '@stryker-mutator/api/core';
import { commonTokens, declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import {
  DryRunStatus,
  MutantRunStatus,
  TestStatus,
  type DryRunOptions,
  type DryRunResult,
  type MutantRunOptions,
  type MutantRunResult,
  type TestRunner,
  type TestRunnerCapabilities,
} from '@stryker-mutator/api/test-runner';

/** The one test's id and name: the command runner's, so that results kept from it are reused (run.ts). */
export const ALL_TESTS = { id: 'all', name: 'All tests' } as const;

/** This runner's own options (stryker-options.ts). */
export interface JudgeOptions {
  /** The conformance CLI's arguments for the fast judge; null when only unit tests judge the areas. */
  suiteArguments: string[] | null;
}

export const strykerValidationSchema = {
  $schema: 'http://json-schema.org/draft-07/schema',
  type: 'object',
  properties: {
    conformanceJudge: {
      type: 'object',
      properties: { suiteArguments: { type: ['array', 'null'], items: { type: 'string' } } },
      required: ['suiteArguments'],
    },
  },
};

interface StrykerNamespace {
  activeMutant?: string;
  currentTestId?: string;
  mutantCoverage?: MutantCoverage;
}

interface Verdict {
  killed: boolean;
  reason?: string;
  /** The rules of the tests that failed, errored or were blocked (their setup step's rule); absent when the run itself failed. */
  failedRules?: string[];
}

type TestOutcome = import('../conformance/src/results/types.js').TestOutcome;

/** What the fast judge needs of the sandbox's copy of the project (the mutated one). */
interface Sandbox {
  /** The CLI's options for the judge's arguments; null when only unit tests judge. */
  suiteOptions: import('../conformance/src/config/options.js').RunOptions | null;
  runAgainstTarget: typeof import('../conformance/src/run/run-against-target.js').runAgainstTarget;
  renderConsoleSummary: typeof import('../conformance/src/report/console.js').renderConsoleSummary;
  workerPool: typeof import('../reference/src/worker-pool/pool.js').workerPool;
}

const MUTANT_ID = /stryMutAct_9fa48\("(\d+)"\)/g;

export class ConformanceJudge implements TestRunner {
  static inject: [typeof commonTokens.options] = [commonTokens.options];
  private readonly judge: JudgeOptions;
  private readonly command: string;
  private sandbox: Sandbox | undefined;
  /** The process is as the last clean run left it (stillClean). */
  private trusted = true;

  constructor(options: StrykerOptions) {
    this.judge = (options as StrykerOptions & { conformanceJudge: JudgeOptions }).conformanceJudge;
    this.command = (options.commandRunner as { command: string }).command;
  }

  capabilities(): TestRunnerCapabilities {
    // Modules loaded by import cannot be loaded again: Stryker starts a new process instead.
    return { reloadEnvironment: false };
  }

  async dryRun(options: DryRunOptions): Promise<DryRunResult> {
    const started = Date.now();
    await this.load();
    const ns = namespace();
    ns.currentTestId = ALL_TESTS.id;
    const fast = await this.fastVerdict();
    ns.currentTestId = undefined;
    const verdict = fast.killed ? fast : await this.commandVerdict(undefined, options.timeout);
    const test = { ...ALL_TESTS, timeSpentMs: Date.now() - started };
    if (verdict.killed) {
      return { status: DryRunStatus.Complete, tests: [{ ...test, status: TestStatus.Failed, failureMessage: verdict.reason ?? 'the judge failed' }] };
    }
    const covered = Object.fromEntries(mutantIds(options.files ?? []).map((id) => [id, 1]));
    return {
      status: DryRunStatus.Complete,
      tests: [{ ...test, status: TestStatus.Success }],
      mutantCoverage: { static: ns.mutantCoverage?.static ?? {}, perTest: { [ALL_TESTS.id]: covered } },
    };
  }

  async mutantRun(options: MutantRunOptions): Promise<MutantRunResult> {
    const id = options.activeMutant.id;
    const verdict = this.trusted ? await this.fastThenCommand(id, options) : await this.commandVerdict(id, options.timeout);
    return verdict.killed
      ? { status: MutantRunStatus.Killed, killedBy: [ALL_TESTS.id], failureMessage: verdict.reason ?? 'the judge failed', nrOfTests: 1 }
      : { status: MutantRunStatus.Survived, nrOfTests: 1 };
  }

  async dispose(): Promise<void> {
    await this.sandbox?.workerPool().close();
  }

  private async fastThenCommand(id: string, options: MutantRunOptions): Promise<Verdict> {
    const fresh = !this.sandbox;
    if (options.mutantActivation === 'static') {
      // A new process (Stryker starts one for a static mutant, and another after it): the modules load with the mutant on.
      activate(id);
      await this.load();
    } else if (fresh) {
      // A new process after a restart: what its modules compute once, they compute without a mutant.
      await this.load();
      if (!(await this.stillClean())) return this.commandVerdict(id, options.timeout);
      activate(id);
    } else {
      activate(id);
    }
    let fast: Verdict;
    try {
      fast = await this.fastVerdict();
    } finally {
      deactivate();
    }
    // A static mutant's process is new and loaded its modules with the mutant on: nothing earlier is to blame.
    if (!fast.killed || (options.mutantActivation === 'runtime' && !(await this.stillClean(fast.failedRules)))) {
      return this.commandVerdict(id, options.timeout);
    }
    return fast;
  }

  /**
   * The suite (or the given rules of it) passes without a mutant, or this
   * process is not trusted from now on (its mutants go to the command until
   * Stryker replaces it): a mutant changed something that outlives it, and a
   * kill here might be that change's doing rather than the mutant's.
   */
  private async stillClean(rules?: string[]): Promise<boolean> {
    this.trusted = !(await this.fastVerdict(rules)).killed;
    if (!this.trusted) process.stderr.write('judge-runner: the suite fails without a mutant in this process; the command judges the rest of its mutants\n');
    return this.trusted;
  }

  private async load(): Promise<void> {
    if (this.sandbox) return;
    const load = (path: string) => import(pathToFileURL(join(process.cwd(), path)).href);
    // Every module the reference loads at its start, so that their top levels count as static coverage.
    const [options, run, console, pool] = await Promise.all([
      load('conformance/src/config/options.ts'),
      load('conformance/src/run/run-against-target.ts'),
      load('conformance/src/report/console.ts'),
      load('reference/src/worker-pool/pool.ts'),
      load('reference/src/server.ts'),
    ]);
    const args = this.judge.suiteArguments;
    const parsed = args && (options.parseOptions as typeof import('../conformance/src/config/options.js').parseOptions)(args, {});
    if (parsed && !parsed.ok) throw new Error(`the judge's arguments: ${parsed.error}`);
    this.sandbox = {
      suiteOptions: parsed ? parsed.options : null,
      runAgainstTarget: run.runAgainstTarget,
      renderConsoleSummary: console.renderConsoleSummary,
      workerPool: pool.workerPool,
    };
  }

  /** The filtered suite (or only `rules` of it) against a fresh reference in this process; its worker threads start afresh. */
  private async fastVerdict(rules?: string[]): Promise<Verdict> {
    const sandbox = this.sandbox!;
    if (!sandbox.suiteOptions) return { killed: false };
    const suiteOptions = rules ? { ...sandbox.suiteOptions, filter: rules } : sandbox.suiteOptions;
    await sandbox.workerPool().close();
    const quiet = () => {};
    // An error no request handler catches ends the command's process (vitest exits on an unhandled
    // rejection): a kill, which must not end the runner's process.
    const escaped: unknown[] = [];
    const escape = (error: unknown) => escaped.push(error);
    const { exit, exitCode } = process;
    process.exit = ((code?: number) => escape(new Error(`the process exited (code ${code ?? process.exitCode ?? 0})`))) as typeof process.exit;
    process.on('uncaughtException', escape).on('unhandledRejection', escape);
    try {
      const { results, info, exitCode } = await sandbox.runAgainstTarget(suiteOptions, { log: quiet, write: quiet });
      if (escaped.length > 0) return { killed: true, reason: `✗ ERROR the process would have crashed: ${messageOf(escaped[0])}` };
      if (exitCode === 0) return { killed: false };
      // The summary the command would print, of which results.ts keeps the first failure.
      return { killed: true, reason: sandbox.renderConsoleSummary(results, info, ''), failedRules: failedRules(results.tests) };
    } catch (error) {
      return { killed: true, reason: `✗ ERROR the run itself: ${messageOf(error)}` };
    } finally {
      process.off('uncaughtException', escape).off('unhandledRejection', escape);
      process.exit = exit;
      process.exitCode = exitCode;
    }
  }

  /** The command runner's judgement: the command in a process of its own, the mutant on through the environment. */
  private commandVerdict(id: string | undefined, timeoutMs: number): Promise<Verdict> {
    const env = { ...process.env };
    if (id === undefined) delete env[INSTRUMENTER_CONSTANTS.ACTIVE_MUTANT_ENV_VARIABLE];
    else env[INSTRUMENTER_CONSTANTS.ACTIVE_MUTANT_ENV_VARIABLE] = id;
    return new Promise((resolve, reject) => {
      const child = spawn(this.command, { shell: true, cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
      const output: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve(code === 0 ? { killed: false } : { killed: true, reason: Buffer.concat(output).toString('utf8') }));
    });
  }
}

/** The rules to run again to see whether these failures are a mutant's: each failed test's, or its failed setup step's. */
export function failedRules(tests: readonly Pick<TestOutcome, 'status' | 'ruleIds' | 'blockedBy'>[]): string[] | undefined {
  const failed = tests.filter((test) => test.status === 'fail' || test.status === 'error' || test.status === 'blocked');
  const rules = new Set(failed.flatMap((test) => (test.blockedBy ? [...test.ruleIds, test.blockedBy] : test.ruleIds)));
  // Nothing to name (the run failed outside any test): the whole suite runs again.
  return rules.size > 0 ? [...rules] : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function namespace(): StrykerNamespace {
  const global = globalThis as { __stryker__?: StrykerNamespace };
  return (global[INSTRUMENTER_CONSTANTS.NAMESPACE as '__stryker__'] ??= {});
}

function activate(id: string): void {
  namespace().activeMutant = id;
  process.env[INSTRUMENTER_CONSTANTS.ACTIVE_MUTANT_ENV_VARIABLE] = id;
}

function deactivate(): void {
  namespace().activeMutant = undefined;
  delete process.env[INSTRUMENTER_CONSTANTS.ACTIVE_MUTANT_ENV_VARIABLE];
}

/** The ids of every mutant in the instrumented files (each is switched by a call naming its id). */
export function mutantIds(files: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const file of files) for (const match of readFileSync(file, 'utf8').matchAll(MUTANT_ID)) ids.add(match[1]!);
  return [...ids];
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'conformance-judge', ConformanceJudge)];
