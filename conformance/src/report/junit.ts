/**
 * junit.xml: one <testsuite> per suite file, one <testcase> per test, rule
 * ids as properties. JUnit has no "blocked": a blocked test is a <failure>
 * of type "blocked" (counted in failures), so that CI still shows it red.
 */
import type { RunResults, TestOutcome } from '../results/types.js';
import { renderTranscript } from './curl.js';
import { escapeXml } from './escape.js';

export function renderJunit(results: RunResults, durationMs: number): string {
  const byFile = new Map<string, TestOutcome[]>();
  for (const test of results.tests) byFile.set(test.file, [...(byFile.get(test.file) ?? []), test]);
  const t = results.testCounts;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" tests="${results.tests.length}" failures="${t.fail + t.blocked}" errors="${t.error}" skipped="${t.skip}" time="${seconds(durationMs)}">`,
  ];
  for (const [file, tests] of byFile) {
    const count = (status: TestOutcome['status']) => tests.filter((test) => test.status === status).length;
    const time = tests.reduce((sum, test) => sum + test.durationMs, 0);
    lines.push(
      `  <testsuite name="${escapeXml(file)}" tests="${tests.length}" failures="${count('fail') + count('blocked')}" errors="${count('error')}" skipped="${count('skip')}" time="${seconds(time)}">`,
    );
    for (const test of tests) lines.push(...renderCase(test));
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

function renderCase(test: TestOutcome): string[] {
  const lines = [`    <testcase classname="${escapeXml(test.area)}" name="${escapeXml(test.fullName)}" time="${seconds(test.durationMs)}">`];
  lines.push('      <properties>');
  for (const id of test.ruleIds) lines.push(`        <property name="rule" value="${escapeXml(id)}"/>`);
  lines.push(`        <property name="file" value="${escapeXml(test.file)}"/>`);
  lines.push('      </properties>');
  // A blocked test says so first: its failure is its setup step's, reported once as the root cause.
  const reason = test.blockedBy ? `blocked by ${test.blockedBy} (a failed setup step): ${test.reason ?? ''}` : (test.reason ?? '');
  const firstLine = reason.split('\n')[0] ?? '';
  if (test.status === 'fail' || test.status === 'error' || test.status === 'blocked') {
    const tag = test.status === 'error' ? 'error' : 'failure';
    const details = [reason, test.property ? `counterexample: ${test.property.counterexample ?? ''}` : ''].filter(Boolean).join('\n');
    lines.push(`      <${tag} message="${escapeXml(firstLine)}" type="${test.status === 'blocked' ? 'blocked' : tag}">${escapeXml(details)}</${tag}>`);
    if (test.transcript.length > 0) {
      lines.push(`      <system-out>${escapeXml(renderTranscript(test.transcript, test.droppedExchanges))}</system-out>`);
    }
  } else if (test.status === 'skip') {
    lines.push(`      <skipped message="${escapeXml(firstLine)}"/>`);
  }
  lines.push('    </testcase>');
  return lines;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
