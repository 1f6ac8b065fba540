/**
 * The vitest reporter of the CLI: collects every test case as a TestOutcome
 * and prints one line per finished test file.
 */
import type { Reporter, TestModule } from 'vitest/node';
import type { UserConsoleLog } from 'vitest';
import { moduleErrorOutcome, outcomeOf } from '../results/outcome.js';
import type { TestOutcome } from '../results/types.js';
import { colour } from '../report/colour.js';

export class CollectingReporter implements Reporter {
  readonly outcomes: TestOutcome[] = [];
  readonly unhandledErrors: string[] = [];
  /** The run was cancelled (by --max-failures) rather than run to its end. */
  interrupted = false;
  private readonly collected = new Set<string>();

  constructor(
    private readonly suitesDir: string,
    private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {}

  /** Suites' own console output (and clean-up warnings) goes to stderr, so stdout stays the summary. */
  onUserConsoleLog(log: UserConsoleLog): void {
    const text = log.content.replace(/\n$/, '');
    if (text.length > 0) process.stderr.write(`${colour.grey(text)}\n`);
  }

  onTestModuleEnd(testModule: TestModule): void {
    const outcomes = this.collect(testModule);
    const counts = { pass: 0, fail: 0, error: 0, blocked: 0, skip: 0 };
    for (const outcome of outcomes) counts[outcome.status]++;
    if (outcomes.length === 0) return;
    const marks = [
      counts.fail ? colour.red(`${counts.fail} failed`) : '',
      counts.error ? colour.magenta(`${counts.error} errored`) : '',
      counts.blocked ? colour.red(`${counts.blocked} blocked`) : '',
      counts.pass ? colour.green(`${counts.pass} passed`) : '',
      counts.skip ? colour.yellow(`${counts.skip} skipped`) : '',
    ].filter(Boolean);
    const ok = counts.fail + counts.error + counts.blocked === 0;
    this.write(`  ${ok ? colour.green('✓') : colour.red('✗')} ${outcomes[0]!.file}  ${marks.join(', ')}`);
  }

  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message: string; name?: string }>,
    reason?: 'passed' | 'failed' | 'interrupted',
  ): void {
    if (reason === 'interrupted') this.interrupted = true;
    // Modules that never ended (an interrupted run) still report what they have.
    for (const testModule of modules) if (!this.collected.has(testModule.moduleId)) this.collect(testModule);
    for (const error of unhandledErrors) this.unhandledErrors.push(`${error.name ?? 'Error'}: ${error.message}`);
  }

  private collect(testModule: TestModule): TestOutcome[] {
    this.collected.add(testModule.moduleId);
    const outcomes: TestOutcome[] = [];
    const moduleErrors = testModule.errors();
    if (moduleErrors.length > 0) outcomes.push(moduleErrorOutcome(testModule.moduleId, moduleErrors, this.suitesDir));
    for (const testCase of testModule.children.allTests()) {
      const outcome = outcomeOf(testCase, this.suitesDir);
      if (outcome) outcomes.push(outcome);
    }
    this.outcomes.push(...outcomes);
    return outcomes;
  }
}
