/**
 * `npm start` beyond this machine: a warning naming what is exposed, and
 * --control-token (or $REFERENCE_CONTROL_TOKEN) guarding the control API.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runCliToExit, startCli, type CliProcess } from './persistence/cli-process.support.test.js';

const running: CliProcess[] = [];
afterEach(async () => {
  for (const cli of running.splice(0)) {
    cli.proc.kill('SIGTERM');
    await cli.exited;
  }
});

async function start(args: string[]): Promise<CliProcess> {
  const cli = await startCli(args);
  running.push(cli);
  // The warning is written right after the banner.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return cli;
}

describe('listening beyond loopback', () => {
  it('warns that the open control API exposes every key, the state and the clock', async () => {
    const cli = await start(['--host', '0.0.0.0']);
    expect(cli.stderr()).toMatch(/WARNING: listening on 0\.0\.0\.0/);
    expect(cli.stderr()).toMatch(/test-control API is on and open.*every API key/s);
    expect(cli.stderr()).toMatch(/--control-token/);
    expect((await fetch(`${cli.url}/_control/publications`)).status).toBe(200);
  });

  it('with --control-token the control API needs the bearer token, and the warning says so', async () => {
    const token = 'a-token-of-enough-length';
    const cli = await start(['--host', '0.0.0.0', '--control-token', token]);
    expect(cli.stderr()).toMatch(/test-control API requires the control token/);
    expect(cli.stderr()).not.toMatch(/is on and open/);
    expect((await fetch(`${cli.url}/_control/publications`)).status).toBe(401);
    expect((await fetch(`${cli.url}/_control/publications`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('says nothing on loopback, and refuses a short token', async () => {
    const cli = await start([]);
    expect(cli.stderr()).toBe('');
    const refused = await runCliToExit(['--control-token', 'short']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--control-token must be at least 16 printable characters/);
  });
});
