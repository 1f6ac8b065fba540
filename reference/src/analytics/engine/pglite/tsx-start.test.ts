// The worker thread starts under the tsx CLI (how the reference runs), not
// only under vitest (how the other tests run).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT_MS } from '../contract/engine-contract.support.test.js';

describe('PGlite engine under the tsx CLI', () => {
  it('starts its worker and answers a query', async () => {
    const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
    const script = fileURLToPath(new URL('./tsx-start-script.support.test.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [tsxCli, script], { timeout: STARTUP_TIMEOUT_MS });
    expect(JSON.parse(stdout)).toEqual([{ answer: 42 }]);
  }, STARTUP_TIMEOUT_MS);
});
