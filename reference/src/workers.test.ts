/**
 * workers.ts: a worker runs the entry's TypeScript source when its caller is
 * a .ts module (the reference from its sources) and the built JavaScript
 * beside it when the caller is a .js module (dist/). Both entries are written
 * to a directory of their own, each answering which one ran.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startWorker } from './workers.js';

const dir = mkdtempSync(join(tmpdir(), 'workers-test-'));
const entry = (answer: string) =>
  `import { parentPort, workerData } from 'node:worker_threads';\nparentPort.postMessage({ ran: '${answer}', data: workerData });\n`;
// ES modules, as the reference's own are.
writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
writeFileSync(join(dir, 'entry.ts'), entry('ts'));
writeFileSync(join(dir, 'entry.js'), entry('js'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the worker started for a caller named `caller` in the directory posted first. */
async function ranFor(caller: string, data?: Record<string, unknown>): Promise<{ ran: string; data: Record<string, unknown> }> {
  const worker = startWorker('./entry', pathToFileURL(join(dir, caller)).href, {}, data);
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the worker exited (${code}) without an answer`)));
    });
  } finally {
    await worker.terminate();
  }
}

describe('startWorker', () => {
  it('runs the TypeScript entry for a .ts caller, with the data given beside the entry', async () => {
    const { ran, data } = await ranFor('caller.ts', { pool: 3 });
    expect(ran).toBe('ts');
    expect(data).toEqual({ pool: 3, entry: pathToFileURL(join(dir, 'entry.ts')).href });
  });

  it('runs the built JavaScript entry for a .js caller', async () => {
    expect((await ranFor('caller.js')).ran).toBe('js');
  });
});
