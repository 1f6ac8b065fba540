/** The console summary printed at the end of a run. */
import { RULE_STATUSES } from '../results/aggregate.js';
import { describeCause, rootCauses, type RootCause } from '../results/root-causes.js';
import type { RunResults, TestOutcome, TestStatus } from '../results/types.js';
import { showMarkers } from '../shared/redact.js';
import { areaTable } from './areas.js';
import { colour } from './colour.js';
import { renderTranscript } from './curl.js';
import { replayCommand } from './replay.js';
import type { RunInfo } from './run-info.js';

/** Exchanges of a failure shown on the console; the HTML report has them all. */
const CONSOLE_EXCHANGES = 3;
/** Root causes in the index at the top, and blocked tests named under one cause; the HTML report has them all. */
const CONSOLE_CAUSES = 15;
const CONSOLE_BLOCKED_NAMES = 8;

/** How a test that did not pass is marked, in the root-cause index and in its own entry. */
const MARKS: Record<TestStatus, string> = {
  fail: colour.red('✗'),
  blocked: colour.red('⊘'),
  error: colour.magenta('!'),
  pass: colour.green('✓'),
  skip: colour.yellow('-'),
};
const LABELS: Record<TestStatus, string> = { fail: 'FAIL', blocked: 'BLOCKED', error: 'ERROR', pass: 'PASS', skip: 'SKIP' };

export function renderConsoleSummary(results: RunResults, info: RunInfo, reportDir: string): string {
  const out: string[] = [];
  const t = results.testCounts;
  const r = results.ruleCounts;
  out.push('', colour.bold('Conformance summary'));
  out.push(`  target   ${info.target.url}${describeImplementation(info)}`);
  out.push(`  seed     ${info.config.seed}   run id ${info.config.runId}   profiles ${info.config.profiles.join(',')}`);
  if (info.config.filter.length > 0) out.push(`  filter   ${info.config.filter.join(',')}`);
  out.push(
    `  tests    ${colour.green(`${t.pass} passed`)}, ${colour.red(`${t.fail} failed`)}, ${colour.magenta(`${t.error} errored`)}, ${colour.red(`${t.blocked} blocked`)}, ${colour.yellow(`${t.skip} skipped`)}`,
  );
  out.push(
    `  rules    ${colour.green(`${r.pass} pass`)}, ${colour.red(`${r.fail} fail`)}, ${colour.magenta(`${r.error} error`)}, ${colour.red(`${r.blocked} blocked`)}, ${colour.yellow(`${r.skip} skip`)}, ${r['not-covered']} not covered, ${colour.grey(`${r.excluded} excluded`)} (of ${results.rules.length})`,
  );

  const causes = rootCauses(results.tests);
  if (causes.length > 0) {
    out.push('', colour.bold(`Root causes (${causes.length}), most-blocking first`));
    causes.slice(0, CONSOLE_CAUSES).forEach((cause, index) => {
      const mark = MARKS[cause.shown.status];
      const detail = cause.ruleId ? ` · ${firstLine(cause.shown.reason)}` : colour.grey(` · ${cause.shown.file}`);
      out.push(`  ${String(index + 1).padStart(2)}. ${mark} ${describeCause(cause)}${detail}`);
    });
    if (causes.length > CONSOLE_CAUSES) out.push(colour.grey(`      ... and ${causes.length - CONSOLE_CAUSES} more (all in report.html)`));
  }

  out.push('', colour.bold('Rules by area'));
  out.push(`  ${'area'.padEnd(16)}${RULE_STATUSES.map((s) => s.padStart(12)).join('')}`);
  for (const row of areaTable(results.rules)) {
    out.push(`  ${row.area.padEnd(16)}${RULE_STATUSES.map((s) => String(row.counts[s] || '·').padStart(12)).join('')}`);
  }

  const skipReasons = countReasons(results.tests.filter((test) => test.status === 'skip'));
  if (skipReasons.length > 0) {
    out.push('', colour.bold('Skipped tests, by reason'));
    for (const [reason, count] of skipReasons) out.push(`  ${String(count).padStart(4)} × ${reason}`);
  }

  if (info.stoppedEarly) {
    out.push('', colour.yellow(`Stopped early, ${info.stoppedEarly.reason.replace(/^not run: /, '')}: ${info.stoppedEarly.testsNotRun} tests of the files started were not run, nor the files after them; their rules count as excluded.`));
  }

  if (results.unknownRuleIds.length > 0) {
    out.push('', colour.red(`Tests name rule ids that are not in the catalogue: ${results.unknownRuleIds.join(', ')}`));
  }
  for (const error of info.unhandledErrors) out.push('', colour.magenta(`Unhandled error outside any test: ${error}`));

  if (causes.length > 0) {
    out.push('', colour.bold('Failures and errors, by root cause'));
    for (const cause of causes) out.push(...renderCause(cause, info));
  }
  out.push('', `Reports: ${reportDir}/report.html, results.json, junit.xml`, '');
  return out.join('\n');
}

function renderCause(cause: RootCause, info: RunInfo): string[] {
  if (!cause.ruleId) return renderBroken(cause.shown, info);
  const lines = ['', colour.bold(`▶ ${describeCause(cause)}`), ...renderBroken(cause.shown, info).slice(1)];
  const others = cause.own.filter((test) => test !== cause.shown);
  if (others.length > 0) lines.push(colour.grey(`  also failing on ${cause.ruleId} itself: ${others.map((t) => t.name).join('; ')}`));
  const names = cause.blocked.filter((test) => test !== cause.shown).map((test) => `${test.name} (${test.file})`);
  if (names.length > 0) {
    lines.push(colour.grey(`  blocked:`));
    for (const name of names.slice(0, CONSOLE_BLOCKED_NAMES)) lines.push(colour.grey(`    - ${name}`));
    if (names.length > CONSOLE_BLOCKED_NAMES) lines.push(colour.grey(`    ... and ${names.length - CONSOLE_BLOCKED_NAMES} more (all in report.html)`));
  }
  return lines;
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0] ?? '';
}

function renderBroken(test: TestOutcome, info: RunInfo): string[] {
  const lines = [``, `${MARKS[test.status]} ${LABELS[test.status]} ${test.fullName}`, colour.grey(`  rules ${test.ruleIds.join(', ') || '(none)'} · ${test.file}`)];
  lines.push(...indent(showMarkers(test.reason ?? ''), '  '));
  if (test.property?.counterexample) lines.push(`  counterexample: ${test.property.counterexample}`);
  const basis = { url: info.target.url, inProcess: info.target.inProcess, seed: info.config.seed, profiles: info.config.profiles };
  for (const command of replayCommand(test, basis)) lines.push(colour.cyan(`  replay: ${command}`));
  if (test.transcript.length > 0) {
    const shown = test.transcript.slice(-CONSOLE_EXCHANGES);
    const dropped = (test.droppedExchanges ?? 0) + test.transcript.length - shown.length;
    lines.push(colour.grey('  transcript:'), ...indent(renderTranscript(shown, dropped), '    '));
  }
  return lines;
}

function describeImplementation(info: RunInfo): string {
  const parts = [info.target.implementation, info.target.version].filter(Boolean).join(' ');
  const where = info.target.inProcess ? 'in-process' : '';
  const control = info.target.control.available ? 'with /_control' : `no control: ${info.target.control.missingReason}`;
  return ` (${[parts, where, control].filter(Boolean).join(', ')})`;
}

function countReasons(tests: readonly TestOutcome[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const test of tests) counts.set(test.reason ?? 'skipped', (counts.get(test.reason ?? 'skipped') ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

function indent(text: string, prefix: string): string[] {
  return text.split('\n').map((line) => `${prefix}${line}`);
}
