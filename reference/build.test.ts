/**
 * What `npm start` runs: the build (reference/build.ts) started with plain
 * node, no TypeScript loader. Its worker threads load built modules too: a
 * markdown body (conversion worker) and an analytics query (PGlite worker)
 * go through them.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, ROOT } from './build.js';
import { call, startCli, type CliProcess } from './src/persistence/cli-process.support.test.js';

// Inside the project, so the built modules find node_modules; not dist/, which `npm start` owns.
const OUT = join(ROOT, 'node_modules', '.cache', 'reference-build-test');

describe('the build', () => {
  let cli: CliProcess;

  beforeAll(async () => {
    await build({ outdir: OUT });
    cli = await startCli([], [join(OUT, 'reference', 'src', 'cli.js')]);
  }, 120_000);

  afterAll(async () => {
    cli?.proc.kill('SIGTERM');
    await cli?.exited;
  });

  it('serves with plain node, and converts markdown in a built worker', async () => {
    const created = await call(cli.url, 'POST', '/v1/posts', { title: 'Built', markdown: '## Hello\n\nA *built* body.', status: 'draft' });
    expect(created.status).toBe(200);
    const read = await call(cli.url, 'GET', `/v1/posts/${created.body.id}?includeContent=true`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).toContain('built');
  });

  it('answers analytics SQL from a built PGlite worker', async () => {
    const answer = await call(cli.url, 'POST', '/v1/analytics/query', { sql: 'select 1 + 1 as two' });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).toContain('2');
  }, 120_000);
});
