/**
 * The command line in this process, with the server replaced by a stand-in
 * (cli-stand-in.support.test.ts): the help, what each flag hands to
 * startServer, and every refusal (its message, the help after it, exit code
 * 2, no server). cli.test.ts starts the real thing in a child process.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ServerOptions } from './server.js';
import { cli, HELP, standIn, useCliStandIn, type CliEnv } from './cli-stand-in.support.test.js';

vi.mock('./server.js', async () => ({ startServer: (await import('./cli-stand-in.support.test.js')).startServerStandIn }));
vi.mock(import('./worker-pool/pool.js'), async (importOriginal) => ({
  ...(await importOriginal()),
  workerPool: (await import('./cli-stand-in.support.test.js')).workerPoolStandIn as never,
}));

useCliStandIn();

async function expectRefused(args: string[], message: string, env: CliEnv = {}): Promise<void> {
  const { code, stderr, stdout, options } = await cli(args, env);
  expect({ code, stderr, stdout, options }).toEqual({ code: 2, stderr: `${message}\n\n${HELP}`, stdout: '', options: undefined });
}

/** The options a start with these arguments hands to startServer (and that it started). */
async function started(args: string[], env: CliEnv = {}): Promise<ServerOptions> {
  const { code, options } = await cli(args, env);
  expect(code).toBeUndefined();
  expect(options).toBeDefined();
  return options!;
}

const DEFAULT_OPTIONS: ServerOptions = {
  port: 4010,
  host: '127.0.0.1',
  seed: 1,
  control: true,
  controlToken: undefined,
  allowedHosts: [],
  fixtures: 'default',
  publicUrl: undefined,
  stateFile: undefined,
  snapshotIntervalMs: undefined,
  scale: undefined,
  faults: [],
  analytics: { mode: 'background', databaseUrl: undefined },
};

describe('--help', () => {
  it('prints the whole help text and starts nothing', async () => {
    const { code, stdout, stderr, options } = await cli(['--help']);
    expect({ code, stdout, stderr, options }).toEqual({ code: undefined, stdout: HELP, stderr: '', options: undefined });
    expect(standIn.signals.size).toBe(0);
  });
});

describe('the options handed to the server', () => {
  it('without flags: port 4010 on 127.0.0.1, seed 1, the control API, the fixtures, analytics in the background', async () => {
    expect(await started([])).toStrictEqual(DEFAULT_OPTIONS);
    expect(standIn.warmed).toBe(1);
  });

  it('every flag', async () => {
    const options = await started([
      '--port', '8080', '--host', 'localhost', '--seed=-7', '--public-url', 'https://example.test',
      '--allowed-host', 'one.test', '--allowed-host', 'two.test:8080', '--control-token', '!'.repeat(16),
      '--state-file', '/tmp/state.json', '--snapshot-interval-ms', '10', '--analytics-database-url', 'postgres://db/x',
      '--fault', 'POST /v1/posts status=503', '--fault', 'drop',
    ]);
    expect(options).toStrictEqual({
      ...DEFAULT_OPTIONS,
      port: 8080,
      host: 'localhost',
      seed: -7,
      controlToken: '!'.repeat(16),
      allowedHosts: ['one.test', 'two.test:8080'],
      publicUrl: 'https://example.test',
      stateFile: '/tmp/state.json',
      snapshotIntervalMs: 10,
      faults: [
        { match: { method: 'POST', path: '/v1/posts' }, action: { type: 'status', status: 503 } },
        { action: { type: 'drop' } },
      ],
      analytics: { mode: 'background', databaseUrl: 'postgres://db/x' },
    });
  });

  it('--empty, --no-control', async () => {
    expect(await started(['--empty', '--no-control'])).toStrictEqual({ ...DEFAULT_OPTIONS, fixtures: 'empty', control: false });
  });

  it('the port from $PORT, --port before it, 0 and 65535 taken', async () => {
    expect((await started([], { PORT: '5000' })).port).toBe(5000);
  });

  it.each([
    [['--port', '0'], {}, 0],
    [['--port', '65535'], {}, 65535],
    [['--port', '7000'], { PORT: '5000' }, 7000],
  ] as const)('%j with %j listens on %d', async (args, env, port) => {
    expect((await started([...args], env)).port).toBe(port);
  });

  it('the control token from $REFERENCE_CONTROL_TOKEN, --control-token before it, an empty one read as none', async () => {
    expect((await started([], { REFERENCE_CONTROL_TOKEN: 'e'.repeat(16) })).controlToken).toBe('e'.repeat(16));
  });

  it.each([
    [['--control-token', 'f'.repeat(16)], { REFERENCE_CONTROL_TOKEN: 'e'.repeat(16) }, 'f'.repeat(16)],
    [[], { REFERENCE_CONTROL_TOKEN: '' }, undefined],
    [['--control-token', '~'.repeat(17)], {}, '~'.repeat(17)],
  ] as const)('%j with %j guards with %s', async (args, env, token) => {
    expect((await started([...args], env)).controlToken).toBe(token);
  });

  it('--scale: that many posts and ten times the subscribers, analytics started on its first request', async () => {
    expect(await started(['--scale', '2k'])).toStrictEqual({
      ...DEFAULT_OPTIONS,
      scale: { posts: 2000, subscribers: 20000 },
      analytics: { mode: 'lazy', databaseUrl: undefined },
    });
  });

  it.each([
    [['--scale-posts', '5'], { posts: 5, subscribers: 0 }],
    [['--scale-subscribers', '0'], { posts: 0, subscribers: 0 }],
    [['--scale', '1k', '--scale-posts', '3'], { posts: 3, subscribers: 10000 }],
    [['--scale', '1k', '--scale-subscribers', '4'], { posts: 1000, subscribers: 4 }],
  ])('%j scales to %j', async (args, scale) => {
    expect((await started(args)).scale).toStrictEqual(scale);
  });
});

describe('refusals: the message, then the help, exit code 2', () => {
  it.each([
    [['--port', 'x'], 'invalid port: x'],
    [['--port', '1.5'], 'invalid port: 1.5'],
    [['--port=-1'], 'invalid port: -1'],
    [['--port', '65536'], 'invalid port: 65536'],
    [['--seed', 'one'], 'invalid seed: one'],
    [['--seed', '1.5'], 'invalid seed: 1.5'],
    [['--state-file', 's.json', '--snapshot-interval-ms', '9'], 'invalid snapshot interval (an integer >= 10 ms): 9'],
    [['--state-file', 's.json', '--snapshot-interval-ms', '10.5'], 'invalid snapshot interval (an integer >= 10 ms): 10.5'],
    [['--snapshot-interval-ms', '100'], '--snapshot-interval-ms needs --state-file'],
    [['--scale', '1k', '--empty'], '--scale adds to the default fixtures; it cannot be used with --empty'],
    [['--scale-posts', '1', '--empty'], '--scale adds to the default fixtures; it cannot be used with --empty'],
    [['--scale', 'lots'], 'scale must be a count like 10k, 100k or 1m, not "lots"'],
    [['--scale-posts=-1'], 'invalid --scale-posts: -1'],
    [['--scale-posts', '1.5'], 'invalid --scale-posts: 1.5'],
    [['--scale-subscribers', 'x'], 'invalid --scale-subscribers: x'],
    [['--control-token', 'g'.repeat(15)], '--control-token must be at least 16 printable characters without spaces (it is sent as a bearer token)'],
    [['--control-token', ` ${'g'.repeat(16)}`], '--control-token must be at least 16 printable characters without spaces (it is sent as a bearer token)'],
    [['--control-token', `${'g'.repeat(16)} `], '--control-token must be at least 16 printable characters without spaces (it is sent as a bearer token)'],
    [['--control-token', `${'g'.repeat(8)}é${'g'.repeat(8)}`], '--control-token must be at least 16 printable characters without spaces (it is sent as a bearer token)'],
    [['--control-token', 'g'.repeat(16), '--no-control'], '--control-token guards the control API; it cannot be used with --no-control'],
    [['--allowed-host', 'ok.test', '--allowed-host', 'http://x.test/'], 'invalid --allowed-host (a host name, without scheme or path): http://x.test/'],
    [['--fault', 'drop', '--fault', 'nonsense'], 'invalid --fault "nonsense": cannot read "nonsense" (expected a method, a path, drop, stall, truncate or key=value)'],
  ])('%j', async (args, message) => {
    await expectRefused(args, message);
  });

  it.each([['--nope'], ['stray'], ['--help=yes']])("%s: node's parseArgs message", async (arg) => {
    const { code, stderr, options } = await cli([arg]);
    expect({ code, options }).toEqual({ code: 2, options: undefined });
    expect(stderr).toMatch(new RegExp(`^[^\\n]*'${arg.split('=')[0]}'[^\\n]*\\n\\n${HELP.slice(0, 30).replace(/[[\]()]/g, '\\$&')}`));
    expect(stderr.endsWith(HELP)).toBe(true);
  });

  it('a bad $PORT', async () => {
    await expectRefused([], 'invalid port: http', { PORT: 'http' });
  });

  it('a short $REFERENCE_CONTROL_TOKEN', async () => {
    await expectRefused([], '--control-token must be at least 16 printable characters without spaces (it is sent as a bearer token)', {
      REFERENCE_CONTROL_TOKEN: 'short',
    });
  });
});
