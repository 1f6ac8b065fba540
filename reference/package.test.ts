/**
 * The package as a user gets it: `npm pack` (which builds dist/ through
 * prepack), the tarball installed into a fresh project beside the files of
 * consumer/, and there, with no TypeScript tooling of this project: the
 * server command and the suite command against it; the reference started
 * from a plain node script (ESM and CommonJS) and from a vitest test; the
 * consumer's own `tsc --strict` without skipLibCheck over every public entry;
 * and the production service's npm SDK, unchanged, against an in-process
 * reference through MSW. One pack and one install (npm's cache makes the
 * install after the first mostly offline).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './build.js';
import { startCli } from './src/persistence/cli-process.support.test.js';

const execute = promisify(execFile);

/**
 * This process's environment without what `npm test` and vitest put in it
 * (npm_config_*, npm_package_*, VITEST*): the consumer's npm and vitest must
 * see a project of their own, not this one.
 */
const ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_') && !name.startsWith('VITEST')));

const run = (file: string, args: string[], options: { cwd: string; timeout: number }) => execute(file, args, { ...options, env: ENV });

/** What the consumer project installs beside the package, at the versions this was tried with. */
const CONSUMER_DEPENDENCIES = ['@types/node@^20.19', 'typescript@5.9', 'vitest@^4.1.12', 'msw@^2.15.0', '@paragraph-com/sdk@1.6.0'];

const MINUTES = 60_000;

describe('the packed package, installed into a fresh project', () => {
  let project: string;
  const bin = (name: string) => join(project, 'node_modules', '.bin', name);
  const node = (args: string[]) => run(process.execPath, args, { cwd: project, timeout: 3 * MINUTES });

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'package-consumer-'));
    await run('npm', ['pack', '--pack-destination', project, '--silent'], { cwd: ROOT, timeout: 5 * MINUTES });
    const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'))!;
    cpSync(join(ROOT, 'consumer'), project, { recursive: true });
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`);
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', `./${tarball}`, ...CONSUMER_DEPENDENCIES], {
      cwd: project,
      timeout: 5 * MINUTES,
    });
  }, 10 * MINUTES);

  // The project holds a whole node_modules: removing it takes a while on a busy machine.
  afterAll(async () => {
    if (project) await rm(project, { recursive: true, force: true });
  }, 2 * MINUTES);

  it('runs the server command, and the suite command against it; a port in use is one line', async () => {
    const server = await startCli([], [bin('publishing-reference')]);
    try {
      const suite = await node([bin('publishing-conformance'), '--url', server.url, '--seed', '1', '--filter', 'auth', '--report-dir', join(project, 'reports')]);
      expect(suite.stdout).toMatch(/Reports: /);
      const port = new URL(server.url).port;
      const taken = await node([bin('publishing-reference'), '--port', port]).catch((error: { code: number; stderr: string }) => error);
      expect(taken).toMatchObject({ code: 1 });
      expect((taken as { stderr: string }).stderr.trim().split('\n')).toEqual([expect.stringContaining(`port ${port} on 127.0.0.1 is in use`)]);
    } finally {
      server.proc.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 5 * MINUTES);

  it('starts the reference from a plain node script, as an ES module and through require()', async () => {
    expect(JSON.parse((await node(['plain.mjs'])).stdout)).toEqual({ status: 200, items: 1 });
    expect(JSON.parse((await node(['plain.cjs'])).stdout)).toEqual({ status: 200 });
  }, 2 * MINUTES);

  it('starts the reference from a vitest test of the project', async () => {
    const { stdout } = await node([bin('vitest'), 'run', 'reference.test.ts']);
    expect(stdout).toMatch(/1 passed/);
  }, 3 * MINUTES);

  it("type-checks the project's use of every public entry with its own tsc --strict, without skipLibCheck", async () => {
    await node([bin('tsc'), '-p', 'tsconfig.json']);
  }, 3 * MINUTES);

  it("runs the production service's SDK against an in-process reference through MSW: a draft created and read back", async () => {
    const result = JSON.parse((await node(['sdk-through-msw.mjs'])).stdout) as { id: string; readId: string; title: string; status: string };
    expect(result).toEqual({ id: result.id, readId: result.id, title: 'From the SDK', status: 'draft' });
  }, 2 * MINUTES);
});
