/**
 * The command line in this process, with the server replaced by a stand-in
 * (cli-stand-in.support.test.ts): the banner, the warning when listening
 * beyond loopback, a start that fails, and stopping on a signal.
 */
import { describe, expect, it, vi } from 'vitest';
import { cli, settle, standIn, useCliStandIn } from './cli-stand-in.support.test.js';

vi.mock('./server.js', async () => ({ startServer: (await import('./cli-stand-in.support.test.js')).startServerStandIn }));
vi.mock(import('./worker-pool/pool.js'), async (importOriginal) => ({
  ...(await importOriginal()),
  workerPool: (await import('./cli-stand-in.support.test.js')).workerPoolStandIn as never,
}));

useCliStandIn();

describe('the banner', () => {
  const KEYS = [
    '  demo API keys (Authorization: Bearer <key>):',
    '    demo   pk_demo_a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6  (publication pub_a)',
    '    other  pk_other_f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1  (publication pub_b)',
    '    quiet  pk_quiet_0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d  (publication pub_c)',
    '    extra    (publication pub_x)',
    '  try: curl -H "Authorization: Bearer pk_demo_a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6" http://127.0.0.1:4321/v1/posts',
  ];

  it('without flags: where it listens, the seed, the control API, analytics, the demo keys; no warning', async () => {
    const { stdout, stderr } = await cli([]);
    expect(stdout).toBe(
      [
        'Reference server listening on http://127.0.0.1:4321',
        '  seed 1; test-control API at http://127.0.0.1:4321/_control',
        '  analytics: embedded PGlite, starting in the background (POST http://127.0.0.1:4321/v1/analytics/query)',
        ...KEYS,
      ].join('\n') + '\n',
    );
    expect(stderr).toBe('');
  });

  it('the control API off, a control token, PostgreSQL, fault rules', async () => {
    expect((await cli(['--no-control', '--seed', '3'])).stdout).toMatch(/^.*\n {2}seed 3; test-control API off\n/);
  });

  it('a control token', async () => {
    expect((await cli(['--control-token', 'h'.repeat(16)])).stdout).toContain(
      '\n  seed 1; test-control API at http://127.0.0.1:4321/_control (Authorization: Bearer <control token>)\n',
    );
  });

  it('PostgreSQL and fault rules', async () => {
    const { stdout } = await cli(['--analytics-database-url', 'postgres://db/x', '--fault', 'drop', '--fault', 'stall']);
    expect(stdout).toContain(
      '\n  fault rules: rule-1, rule-2 (GET http://127.0.0.1:4321/_control/faults)\n' +
        '  analytics: PostgreSQL server (POST http://127.0.0.1:4321/v1/analytics/query)\n',
    );
  });

  it('a new state file, and one loaded', async () => {
    standIn.stateFile = { path: '/tmp/s.json', intervalMs: 250, loaded: null };
    expect((await cli(['--state-file', '/tmp/s.json'])).stdout).toContain(
      '/_control\n  state file /tmp/s.json (new), saved every 250 ms when something changed\n  analytics:',
    );
  });

  it('a loaded state file', async () => {
    standIn.stateFile = { path: '/tmp/s.json', intervalMs: 250, loaded: { writes: 12, savedAt: Date.UTC(2026, 0, 2, 3, 4, 5) } };
    expect((await cli(['--state-file', '/tmp/s.json'])).stdout).toContain(
      '/_control\n  state loaded from /tmp/s.json (12 writes, saved at 2026-01-02T03:04:05.000Z)\n  analytics:',
    );
  });

  it('the scale data set: its size, the time it took to load and the memory', async () => {
    vi.spyOn(performance, 'now').mockReturnValueOnce(1_000).mockReturnValueOnce(3_500);
    vi.spyOn(process, 'memoryUsage').mockReturnValue({ heapUsed: 50 * 1024 * 1024, rss: 120.4 * 1024 * 1024 } as NodeJS.MemoryUsage);
    expect((await cli(['--scale-posts', '3', '--scale-subscribers', '4'])).stdout).toContain(
      '/_control\n  scale data set: +3 posts, +4 subscribers in publication demo; loaded in 2.5 s; heap 50 MB, rss 120 MB\n' +
        '  analytics: embedded PGlite, starting on the first analytics request (POST',
    );
  });
});

describe('listening beyond loopback: the warning', () => {
  it('with the control API open', async () => {
    const { stderr } = await cli(['--host', '0.0.0.0']);
    expect(stderr).toBe(
      [
        'WARNING: listening on 0.0.0.0, not only on this machine.',
        '  The test-control API is on and open: anyone who can reach 0.0.0.0:4321 can read every API key and subscriber address',
        '  (GET /_control/publications, /_control/api-keys, /_control/outbox), reset or replace the state,',
        '  and move the clock. Give --control-token TOKEN (or $REFERENCE_CONTROL_TOKEN), or --no-control,',
        '  or listen on 127.0.0.1.',
        "  The demo API keys are public (README): anyone who can reach 0.0.0.0:4321 can read and write their publications' data.",
        '  The control API and the pages answer only to localhost, IP addresses, the --public-url host and',
        '  --allowed-host names.',
      ].join('\n') + '\n',
    );
  });

  it('with the control token', async () => {
    const { stderr } = await cli(['--host', '10.0.0.1', '--control-token', 'i'.repeat(16)]);
    expect(stderr).toBe(
      [
        'WARNING: listening on 10.0.0.1, not only on this machine.',
        '  The test-control API requires the control token.',
        "  The demo API keys are public (README): anyone who can reach 10.0.0.1:4321 can read and write their publications' data.",
        '  The control API and the pages answer only to localhost, IP addresses, the --public-url host and',
        '  --allowed-host names.',
      ].join('\n') + '\n',
    );
  });

  it('without the control API', async () => {
    const { stderr } = await cli(['--host', '::', '--no-control']);
    expect(stderr.split('\n').slice(0, 2)).toEqual([
      'WARNING: listening on ::, not only on this machine.',
      "  The demo API keys are public (README): anyone who can reach :::4321 can read and write their publications' data.",
    ]);
  });

  it('none on a loopback name', async () => {
    expect((await cli(['--host', 'localhost'])).stderr).toBe('');
  });
});

describe('a start that fails: the reason, exit code 1', () => {
  it('a state file that cannot be used: its message alone', async () => {
    const { StateFileError } = await import('./persistence/format.js');
    standIn.startError = new StateFileError('s.json is not a state file');
    const { code, stderr } = await cli([]);
    expect({ code, stderr }).toEqual({ code: 1, stderr: 's.json is not a state file\n' });
  });

  it('a port in use: what to do about it', async () => {
    standIn.startError = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port: 4010, address: '127.0.0.1' });
    const { code, stderr } = await cli([]);
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr: 'port 4010 on 127.0.0.1 is in use (another server listens there): stop it, or pass --port N (--port 0 picks a free port)\n',
    });
  });

  it('anything else: its stack', async () => {
    const error = new Error('something broke');
    standIn.startError = error;
    const { code, stderr } = await cli([]);
    expect({ code, stderr }).toEqual({ code: 1, stderr: `${error.stack}\n` });
  });

  it('a thrown value without a stack: the value', async () => {
    standIn.startError = 'a string' as unknown as Error;
    const { code, stderr } = await cli([]);
    expect({ code, stderr }).toEqual({ code: 1, stderr: 'a string\n' });
  });
});

describe('stopping on SIGINT or SIGTERM', () => {
  it.each(['SIGINT', 'SIGTERM'])('%s: says so, closes the server once, exits 0', async (signal) => {
    await cli([]);
    const before = standIn.outcome.stdout;
    standIn.signals.get(signal)!();
    standIn.signals.get(signal === 'SIGINT' ? 'SIGTERM' : 'SIGINT')!();
    await settle();
    expect(standIn.outcome.stdout.slice(before.length)).toBe(`\n${signal}: finishing in-flight requests, then stopping\n`);
    expect(standIn.closed).toBe(1);
    expect(standIn.outcome.code).toBe(0);
  });

  it('with a state file: where it was saved', async () => {
    standIn.stateFile = { path: '/tmp/s.json', intervalMs: 5000, loaded: null };
    await cli(['--state-file', '/tmp/s.json']);
    standIn.stateFile = { path: '/tmp/s.json', intervalMs: 5000, loaded: null, lastSave: { writes: 3 } };
    const before = standIn.outcome.stdout;
    standIn.signals.get('SIGTERM')!();
    await settle();
    expect(standIn.outcome.stdout.slice(before.length)).toBe('\nSIGTERM: finishing in-flight requests, then stopping\nstate saved to /tmp/s.json (3 writes)\n');
    expect(standIn.outcome.code).toBe(0);
  });

  it('a close that fails: its message, exit code 1', async () => {
    standIn.close = async () => {
      throw new Error('disk full');
    };
    await cli([]);
    standIn.signals.get('SIGINT')!();
    await settle();
    expect({ code: standIn.outcome.code, stderr: standIn.outcome.stderr }).toEqual({ code: 1, stderr: 'stopping failed: disk full\n' });
  });

  it('a close that hangs: exit code 1 after ten seconds, without holding the process open', async () => {
    standIn.close = () => new Promise(() => {});
    await cli([]);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const unref = vi.fn();
    const setTimer = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms: number) => Object.assign(setTimer(fn, ms), { unref })) as unknown as typeof setTimeout);
    standIn.signals.get('SIGTERM')!();
    vi.advanceTimersByTime(9_999);
    expect(standIn.outcome.code).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(standIn.outcome.code).toBe(1);
    expect(unref).toHaveBeenCalledTimes(1);
  });
});
