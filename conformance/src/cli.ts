/**
 * npm run conformance: parse flags, find (or start) the target, discover its
 * keys and control API, run the suites, write the reports, exit 0 only when
 * nothing failed, errored or was blocked.
 */
import { resolve } from 'node:path';
import { helpText } from './config/help.js';
import { parseOptions, type RunOptions } from './config/options.js';
import { renderConsoleSummary } from './report/console.js';
import { renderRuleList } from './report/list-rules.js';
import { writeReports } from './report/write-reports.js';
import { runAgainstTarget } from './run/run-against-target.js';
import { SetupProblem } from './target/setup-problem.js';

const EXIT_USAGE = 2;

async function main(): Promise<number> {
  const parsed = parseOptions(process.argv.slice(2), process.env);
  if (!parsed.ok) {
    process.stderr.write(`conformance: ${parsed.error}\n`);
    return EXIT_USAGE;
  }
  const options = parsed.options;
  if (options.help) {
    process.stdout.write(`${helpText()}\n`);
    return 0;
  }
  if (options.listRules) {
    process.stdout.write(renderRuleList());
    return 0;
  }
  return run(options);
}

async function run(options: RunOptions): Promise<number> {
  try {
    const { results, info, exitCode } = await runAgainstTarget(options);
    const reportDir = resolve(process.cwd(), options.reportDir);
    await writeReports(reportDir, results, info);
    process.stdout.write(renderConsoleSummary(results, info, relativeToCwd(reportDir)));
    return exitCode;
  } catch (error) {
    if (error instanceof SetupProblem) {
      process.stderr.write(`conformance: ${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

function relativeToCwd(path: string): string {
  const cwd = process.cwd();
  return path.startsWith(cwd + '/') ? path.slice(cwd.length + 1) : path;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`conformance: the suite itself failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
