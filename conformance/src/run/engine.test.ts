/**
 * End to end through the engine: vitest run programmatically on a fixture
 * suite against a fake target, then aggregation and reports. Slow-ish (a
 * nested vitest), so one run shared by all assertions.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../catalogue/index.js';
import type { RunInfo } from '../report/run-info.js';
import { writeReports } from '../report/write-reports.js';
import { aggregate } from '../results/aggregate.js';
import type { RunResults } from '../results/types.js';
import type { SuiteConfig } from '../shared/suite-config.js';
import { runSuites, type SuiteRun } from './run-suites.js';

const KEY = 'fixture-secret-key-123';

function fakeTarget(): Promise<Server> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      res.statusCode = 401;
      res.end(JSON.stringify({ success: false, msg: 'missing or invalid API key' }));
      return;
    }
    res.end(JSON.stringify({ items: [], pagination: { cursor: '', hasMore: false, total: 0 } }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server: Server;
let run: SuiteRun;
let results: RunResults;
let reportDir: string;
let config: SuiteConfig;

beforeAll(async () => {
  server = await fakeTarget();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  config = {
    target: { url, isReference: false, inProcess: false, control: { available: false, missingReason: 'GET /_control answered 404', capabilities: [] }, publications: {} },
    apiKey: KEY,
    profiles: ['core', 'control'],
    seed: 5,
    runs: 20,
    // Everything but the one test the filter must drop.
    filter: ['auth.bearer', 'auth.missing', 'auth.invalid', 'auth.wrong', 'auth.no-such', 'auth.forbidden', 'errors', 'auth.isolation.write', 'plain'],
    timeoutMs: 20_000,
    runId: 'cf-5-test',
  };
  run = await runSuites(config, { include: ['conformance/src/run/fixtures/engine.suite.ts'], write: () => {} });
  results = aggregate(RULES, run.outcomes, { profiles: config.profiles, filter: config.filter });
  reportDir = await mkdtemp(join(tmpdir(), 'conformance-engine-'));
  const info: RunInfo = {
    suite: { name: 'conformance', version: 'test' },
    node: process.version,
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    target: { url, inProcess: false, isReference: false, control: config.target.control, publications: {} },
    config: { ...config, reportDir, apiKey: '$API_KEY' },
    notes: [],
    unhandledErrors: run.unhandledErrors,
  };
  await writeReports(reportDir, results, info);
}, 120_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const test = (name: string) => {
  const found = run.outcomes.find((o) => o.name.startsWith(name));
  if (!found) throw new Error(`no outcome for "${name}": ${run.outcomes.map((o) => o.name).join(' | ')}`);
  return found;
};

describe('the engine, end to end', () => {
  it('tells pass, fail, error and skip apart', () => {
    expect(test('passes').status).toBe('pass');
    expect(test('fails: the target').status).toBe('fail');
    expect(test('errors').status).toBe('error');
    expect(test('errors').reason).toMatch(/TypeError/);
    expect(test('skips: a precondition')).toMatchObject({ status: 'skip', reason: 'the fixture says so' });
  });

  it('skips for a missing capability or an unselected profile, saying which', () => {
    expect(test('skips: needs the control')).toMatchObject({ status: 'skip', reason: 'capability missing: control (GET /_control answered 404)' });
    expect(test('skips: its profile')).toMatchObject({
      status: 'skip',
      reason: 'profile reference-choices not selected (add --profile reference-choices)',
    });
  });

  it('errors loudly on an unknown rule id and on a plain vitest test', () => {
    expect(test('typo')).toMatchObject({ status: 'error' });
    expect(test('typo').reason).toContain('unknown rule id(s) "auth.no-such.rule"');
    expect(results.unknownRuleIds).toEqual(['auth.no-such.rule']);
    expect(test('plain').status).toBe('error');
  });

  it('leaves out tests the filter did not select', () => {
    expect(run.outcomes.some((o) => o.name.startsWith('filtered out'))).toBe(false);
    expect(results.rules.find((r) => r.rule.id === 'auth.isolation.read')!.status).toBe('excluded');
  });

  it('records the transcript with the key redacted, also in failure messages', () => {
    const failing = test('fails: the target');
    expect(failing.transcript).toHaveLength(1);
    expect(failing.transcript[0]!.status).toBe(401);
    expect(failing.reason).not.toContain(KEY);
    expect(failing.reason).toContain('API_KEY');
    expect(JSON.stringify(run.outcomes)).not.toContain(KEY);
  });

  it('shrinks a failing property and keeps the counterexample run as transcript', () => {
    const property = test('fails: a property');
    expect(property.status).toBe('fail');
    expect(property.property).toMatchObject({ counterexample: '6' });
    expect(property.transcript.map((e) => e.url)).toEqual([expect.stringContaining('limit=6')]);
  });

  it('aggregates per rule', () => {
    const status = (id: string) => results.rules.find((r) => r.rule.id === id)!.status;
    expect(status('auth.bearer.accepted')).toBe('pass');
    expect(status('auth.missing-key.401')).toBe('fail');
    expect(status('auth.invalid-key.401')).toBe('error');
    expect(status('auth.wrong-scheme.401')).toBe('skip');
    // its test was skipped, but the rule itself is out of the selected profiles
    expect(status('errors.404.unknown-route')).toBe('excluded');
    expect(status('posts.create.title-required')).toBe('excluded');
  });

  it('stops after --max-failures, leaving the tests it did not reach out and their rules excluded', async () => {
    const stopped = await runSuites(config, { include: ['conformance/src/run/fixtures/engine.suite.ts'], write: () => {}, maxFailures: 1 });
    expect(stopped.stoppedEarly).toMatchObject({ maxFailures: 1 });
    expect(stopped.stoppedEarly!.testsNotRun).toBeGreaterThan(0);
    expect(stopped.outcomes.filter((o) => o.status === 'fail' || o.status === 'error')).toHaveLength(1);
    expect(stopped.outcomes.map((o) => o.name)).toEqual([expect.stringMatching(/^passes/), expect.stringMatching(/^fails: the target/)]);
    const stoppedResults = aggregate(RULES, stopped.outcomes, { profiles: config.profiles, filter: config.filter, stoppedEarly: 'not run: stopped' });
    expect(stoppedResults.rules.find((r) => r.rule.id === 'auth.invalid-key.401')).toMatchObject({ status: 'excluded', reasons: ['not run: stopped'] });
  }, 120_000);

  it('writes reports that never contain the key', async () => {
    for (const name of ['report.html', 'results.json', 'junit.xml']) {
      const text = await readFile(join(reportDir, name), 'utf8');
      expect(text.length, name).toBeGreaterThan(100);
      expect(text, name).not.toContain(KEY);
    }
  });
});
