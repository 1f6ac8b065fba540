/**
 * The CLI against a target set up wrong: it stops before any test, with
 * exit code 2 and one message saying what to change.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../run/run-suites.js';

let server: Server;
let url: string;
const paths: string[] = [];

beforeAll(async () => {
  // No /_control; keys GOOD and ALSO_GOOD both belong to publication p1; any other key is refused.
  server = createServer((req, res) => {
    paths.push(req.url ?? '');
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/v1/posts/feed') return json(200, { items: [], pagination: { cursor: '', hasMore: false, total: 0 } });
    if (!req.url?.startsWith('/v1/')) return json(404, { success: false, msg: 'no route' });
    if (key !== 'GOOD' && key !== 'ALSO_GOOD') return json(401, { success: false, msg: 'invalid API key' });
    if (req.url === '/v1/me') return json(200, { id: 'p1', slug: 'mine' });
    return json(200, { items: [], pagination: { cursor: '', hasMore: false, total: 0 } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['conformance/src/run-from-sources.mjs', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('preflight, through the CLI', () => {
  it('corrects a URL ending in /v1, then stops at a refused key with exit code 2 before any test', async () => {
    const run = await cli(['--url', `${url}/v1`, '--api-key', 'WRONG', '--report-dir', 'reports/preflight-test']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain(`ends in /v1: the suite adds /v1 (and /_control) itself, so it uses ${url}`);
    expect(run.stderr).toMatch(/the key of publication A \(--api-key\) is refused: GET \/v1\/posts\?limit=1 answered 401 "invalid API key"/);
    expect(run.stdout).not.toContain('Conformance summary');
    expect(paths.some((path) => path.startsWith('/v1/v1'))).toBe(false);
  }, 60_000);

  it('refuses two keys of the same publication', async () => {
    const run = await cli(['--url', url, '--api-key', 'GOOD', '--second-api-key', 'ALSO_GOOD', '--report-dir', 'reports/preflight-test']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--api-key and --second-api-key both belong to publication p1 \(mine\)/);
    expect(run.stdout).toMatch(/control API: none \(GET \/_control answered 404\)/);
  }, 60_000);
});
