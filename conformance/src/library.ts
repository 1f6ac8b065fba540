/**
 * The conformance suite as a library: `runConformance(options)` runs the
 * suite exactly as `npm run conformance` (the installed package's
 * `publishing-conformance`) does, in a child process of its own (the suite
 * runs on vitest, which cannot nest inside the caller's test runner), and
 * returns the per-rule results it wrote to results.json.
 *
 *   import { runConformance } from 'publishing-api-reference/conformance';
 *   const run = await runConformance({ url: 'http://127.0.0.1:4010', apiKey, secondApiKey, profiles: ['core'], seed: 1 });
 *   if (!run.passed) console.log(run.rules.filter((r) => r.status === 'fail'));
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Profile } from './shared/profiles.js';

export type ConformanceProfile = Profile;

/** The flags of `npm run conformance`, as options (conformance/README.md). */
export interface ConformanceOptions {
  /** The implementation under test; without it the suite starts a reference of its own. */
  url?: string;
  /** A key of publication A; without it, the target's control API is asked for one. */
  apiKey?: string;
  /** A key of another publication (isolation tests). */
  secondApiKey?: string;
  /** Default: the profiles the target's kind allows (core, extended; control when it has /_control). */
  profiles?: ConformanceProfile[];
  /** Seed of the run's data and property tests (default: random, reported in the results). */
  seed?: number;
  /** fast-check runs per property (default 25). */
  runs?: number;
  /** Rule id prefixes or area names to run alone. */
  filter?: string[];
  /** Where junit.xml, results.json and report.html are written (default: a new temporary folder). */
  reportDir?: string;
  /** At most this many requests per second. */
  rateLimit?: number;
  /** Time limit of each test in milliseconds (default 60000). */
  timeoutMs?: number;
  /** Where the replay command of a failure is written. */
  replayPath?: string;
  /** 'inherit': the suite's progress and summary on this process's stdout and stderr; 'silent' (default): none. */
  output?: 'inherit' | 'silent';
}

export type ConformanceRuleStatus = 'pass' | 'fail' | 'blocked' | 'skip' | 'error' | 'not-covered' | 'excluded';
export type ConformanceTestStatus = 'pass' | 'fail' | 'blocked' | 'skip' | 'error';

/** One rule of the catalogue as the run judged it (results.json's `rules`). */
export interface ConformanceRuleResult {
  id: string;
  section: string;
  statement: string;
  profile: ConformanceProfile;
  source: string;
  status: ConformanceRuleStatus;
  /** Skip or exclusion reasons, failure messages. */
  reasons: string[];
  tests: Array<{ id: string; name: string; file: string; status: ConformanceTestStatus }>;
}

export interface ConformanceRun {
  /** The command's exit code: 0 when nothing failed, errored or was blocked. */
  exitCode: number;
  passed: boolean;
  seed: number;
  /** The folder with results.json, junit.xml and report.html. */
  reportDir: string;
  counts: { tests: Record<ConformanceTestStatus, number>; rules: Record<ConformanceRuleStatus, number>; totalRules: number };
  rules: ConformanceRuleResult[];
}

/** The suite's command beside this module: built JavaScript, or the TypeScript sources through tsx. */
function command(): string[] {
  const fromSources = import.meta.url.endsWith('.ts');
  return [fileURLToPath(new URL(fromSources ? './run-from-sources.mjs' : './cli.js', import.meta.url))];
}

/** Options as the command's environment variables (keys stay out of the process list). */
function environment(options: ConformanceOptions, reportDir: string): Record<string, string> {
  const env: Record<string, string | undefined> = {
    CONFORMANCE_URL: options.url,
    CONFORMANCE_API_KEY: options.apiKey,
    CONFORMANCE_SECOND_API_KEY: options.secondApiKey,
    CONFORMANCE_PROFILE: options.profiles?.join(','),
    CONFORMANCE_SEED: options.seed?.toString(),
    CONFORMANCE_RUNS: options.runs?.toString(),
    CONFORMANCE_FILTER: options.filter?.join(','),
    CONFORMANCE_REPORT_DIR: reportDir,
    CONFORMANCE_RATE_LIMIT: options.rateLimit?.toString(),
    CONFORMANCE_TIMEOUT: options.timeoutMs?.toString(),
    CONFORMANCE_REPLAY_PATH: options.replayPath,
  };
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export async function runConformance(options: ConformanceOptions = {}): Promise<ConformanceRun> {
  const reportDir = resolve(options.reportDir ?? mkdtempSync(join(tmpdir(), 'conformance-')));
  const inherit = options.output === 'inherit';
  // A results.json of an earlier run must not pass for this one's.
  rmSync(join(reportDir, 'results.json'), { force: true });
  const child = spawn(process.execPath, command(), {
    env: { ...process.env, ...environment(options, reportDir) },
    stdio: ['ignore', inherit ? 'inherit' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (inherit) process.stderr.write(chunk);
  });
  const exitCode = await new Promise<number>((done, fail) => {
    child.on('error', fail);
    child.on('close', (code) => done(code ?? 1));
  });
  let document: { seed: number; counts: ConformanceRun['counts']; rules: ConformanceRuleResult[] };
  try {
    document = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8'));
  } catch {
    // No results: the run could not start (a bad option, a target that cannot be reached).
    throw new Error(`the conformance suite stopped before running (exit ${exitCode}): ${stderr.trim() || 'no message'}`);
  }
  return { exitCode, passed: exitCode === 0, seed: document.seed, reportDir, counts: document.counts, rules: document.rules };
}
