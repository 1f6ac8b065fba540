import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_DIR, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, parseOptions } from './options.js';
import { helpText } from './help.js';
import { FLAGS } from './flags.js';

const parse = (argv: string[], env: Record<string, string> = {}) => parseOptions(argv, env);
const ok = (argv: string[], env: Record<string, string> = {}) => {
  const result = parse(argv, env);
  if (!result.ok) throw new Error(result.error);
  return result.options;
};

describe('parseOptions', () => {
  it('has defaults for a bare run', () => {
    expect(ok([])).toEqual({
      url: undefined,
      apiKey: undefined,
      secondApiKey: undefined,
      controlToken: undefined,
      profiles: undefined,
      seed: undefined,
      runs: DEFAULT_RUNS,
      filter: [],
      reportDir: DEFAULT_REPORT_DIR,
      rateLimit: undefined,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      maxFailures: undefined,
      noSkips: false,
      workers: 1,
      replayPath: undefined,
      differential: false,
      listRules: false,
      help: false,
    });
  });

  it('reads every flag in both --flag value and --flag=value forms', () => {
    const options = ok([
      '--url', 'https://api.example.com/',
      '--api-key=KEY_A',
      '--second-api-key', 'KEY_B',
      '--control-token', 'TOKEN',
      '--profile', 'core,control',
      '--seed=-7',
      '--runs', '3',
      '--filter', 'posts.schedule',
      '--report-dir', 'out',
      '--rate-limit', '2.5',
      '--timeout', '1000',
      '--replay-path', '0:1:2',
    ]);
    expect(options).toMatchObject({
      url: 'https://api.example.com',
      apiKey: 'KEY_A',
      secondApiKey: 'KEY_B',
      controlToken: 'TOKEN',
      profiles: ['core', 'control'],
      seed: -7,
      runs: 3,
      filter: ['posts.schedule'],
      reportDir: 'out',
      rateLimit: 2.5,
      timeoutMs: 1000,
      replayPath: '0:1:2',
    });
  });

  it('falls back to the environment, and a flag wins over its variable', () => {
    const env = {
      CONFORMANCE_URL: 'http://localhost:4010',
      CONFORMANCE_API_KEY: 'ENV_A',
      CONFORMANCE_SECOND_API_KEY: 'ENV_B',
      CONFORMANCE_CONTROL_TOKEN: 'ENV_TOKEN',
      CONFORMANCE_PROFILE: 'extended',
      CONFORMANCE_SEED: '11',
      CONFORMANCE_RUNS: '9',
      CONFORMANCE_FILTER: 'auth,errors.404',
      CONFORMANCE_RATE_LIMIT: '4',
      CONFORMANCE_LIST_RULES: 'true',
    };
    expect(ok([], env)).toMatchObject({
      url: 'http://localhost:4010',
      apiKey: 'ENV_A',
      secondApiKey: 'ENV_B',
      controlToken: 'ENV_TOKEN',
      profiles: ['extended'],
      seed: 11,
      runs: 9,
      filter: ['auth', 'errors.404'],
      rateLimit: 4,
      listRules: true,
    });
    expect(ok(['--api-key', 'FLAG_A', '--seed', '5'], env)).toMatchObject({ apiKey: 'FLAG_A', seed: 5, secondApiKey: 'ENV_B' });
  });

  it('ignores empty environment variables', () => {
    expect(ok([], { CONFORMANCE_API_KEY: '', CONFORMANCE_RUNS: '' })).toMatchObject({ apiKey: undefined, runs: DEFAULT_RUNS });
  });

  it('stops after --max-failures N tests, or the first with --bail', () => {
    expect(ok(['--max-failures', '3']).maxFailures).toBe(3);
    expect(ok(['--bail']).maxFailures).toBe(1);
    expect(ok([], { CONFORMANCE_MAX_FAILURES: '7' }).maxFailures).toBe(7);
    expect(ok(['--bail=false', '--max-failures=2']).maxFailures).toBe(2);
    expect(ok(['--workers', '3']).workers).toBe(3);
  });

  it('fails what would be skipped with --no-skips or CONFORMANCE_NO_SKIPS', () => {
    expect(ok(['--no-skips']).noSkips).toBe(true);
    expect(ok([], { CONFORMANCE_NO_SKIPS: 'true' }).noSkips).toBe(true);
  });

  it('adds up repeated and comma-separated list flags', () => {
    expect(ok(['--filter', 'a.b', '--filter', 'c.d, e.f', '--profile', 'core', '--profile', 'core,robustness']).filter).toEqual(['a.b', 'c.d', 'e.f']);
    expect(ok(['--profile', 'core', '--profile', 'core,robustness']).profiles).toEqual(['core', 'robustness']);
  });

  it('takes boolean flags bare or with a value', () => {
    expect(ok(['--list-rules']).listRules).toBe(true);
    expect(ok(['--help']).help).toBe(true);
    expect(ok(['-h']).help).toBe(true);
    expect(ok(['--list-rules=false'], { CONFORMANCE_LIST_RULES: '1' }).listRules).toBe(false);
    expect(ok(['--differential']).differential).toBe(true);
    expect(ok([], { CONFORMANCE_DIFFERENTIAL: 'yes' }).differential).toBe(true);
  });

  it.each([
    [['--nope'], /unknown flag --nope/],
    [['stray'], /unexpected argument "stray"/],
    [['--url'], /--url needs a value/],
    [['--seed', '--runs', '2'], /--seed needs a value/],
    [['--url', 'ftp://x'], /http or https/],
    [['--url', 'not a url'], /is not a URL/],
    [['--url', 'http://x/?a=1'], /without query/],
    [['--runs', '0'], /at least 1/],
    [['--max-failures', '0'], /--max-failures must be at least 1/],
    [['--workers', '0'], /--workers must be at least 1/],
    [['--runs', 'many'], /takes an integer/],
    [['--seed', '1.5'], /takes an integer/],
    [['--seed', String(2 ** 40)], /32-bit/],
    [['--rate-limit', '0'], /positive/],
    [['--rate-limit', 'fast'], /takes a number/],
    [['--profile', 'core,everything'], /unknown profile everything/],
    [['--list-rules=maybe'], /true or false/],
  ])('rejects %j', (argv, message) => {
    const result = parse(argv);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('rejects an invalid value that comes from the environment', () => {
    const result = parse([], { CONFORMANCE_RUNS: 'lots' });
    expect(result.ok).toBe(false);
  });
});

describe('helpText', () => {
  it('explains every flag with its variable, and every profile', () => {
    const text = helpText();
    for (const flag of FLAGS) {
      expect(text).toContain(`--${flag.name}`);
      expect(text).toContain(flag.env);
    }
    for (const profile of ['core', 'extended', 'reference-choices', 'control', 'side-effects', 'robustness']) expect(text).toContain(profile);
  });
});
