/**
 * The worker pool: registered functions give in a worker what they give on
 * this thread, refusals keep their status and message, a call that spends
 * more than its CPU budget is stopped without holding this thread (and a call
 * that waits without using the CPU is not), and no call is lost when a worker
 * is stopped.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { convertPostBody, postBodyTask } from '../documents/markdown.js';
import { LIMITS } from '../documents/types.js';
import { emailBodyTask, markdownToSafeHtml } from '../emails/render.js';
import { WorkerPool } from './pool.js';
import { failTask, idleTask, refuseTask, spinTask } from './tasks.support.test.js';
import { cpuMsOfStat } from './thread-cpu.js';

// Workers take about a second to load TipTap; generous limits keep a loaded machine from failing the tests
// (the warming test starts seven workers at once, slow on cores shared with mutation runs).
const STARTUP_MS = 180_000;

const pool = new WorkerPool({ maxWorkers: 2 });
afterAll(() => pool.close());

async function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => new Error('expected a refusal'),
    (e: unknown) => e as Error,
  );
}

async function apiRefusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await refusal(promise);
  if (!(error instanceof ApiError)) throw error;
  return error;
}

/** Runs `test` on a pool of one worker with a short budget, closed afterwards. */
async function withLimitedPool(options: { maxWorkers?: number; cpuBudgetMs?: number }, test: (pool: WorkerPool) => Promise<void>): Promise<void> {
  const limited = new WorkerPool({ maxWorkers: 1, cpuBudgetMs: 300, ...options });
  try {
    await test(limited);
  } finally {
    await limited.close();
  }
}

describe('post bodies', () => {
  it('convert to the document and preview a conversion on this thread gives', async () => {
    const bodies = ['# Title\n\nSome *words* and a [link](https://example.com).', '- a\n- b\n\n> quoted', '', 'Plain.'];
    for (const body of bodies) expect(await pool.run(postBodyTask, body)).toEqual(convertPostBody(body));
  }, STARTUP_MS);

  it('are refused as a conversion refuses them, with the same status and message', async () => {
    const error = await apiRefusal(pool.run(postBodyTask, '> '.repeat(LIMITS.maxDepth + 1) + 'x'));
    expect(error.status).toBe(400);
    expect(error.message).toBe(`markdown is nested more than ${LIMITS.maxDepth} levels deep`);
  }, STARTUP_MS);

  it('many at once start no more workers than the maximum, not even for a moment', async () => {
    await withLimitedPool({ maxWorkers: 2 }, async (fresh) => {
      const bodies = Array.from({ length: 10 }, (_, i) => `Body ${i}`);
      const docs = Promise.all(bodies.map((b) => fresh.run(postBodyTask, b)));
      expect(fresh.workerCount).toBe(2);
      expect(await docs).toEqual(bodies.map((b) => convertPostBody(b)));
    });
  }, STARTUP_MS);

  it('many at once each get their own document, with no more workers than the maximum', async () => {
    const bodies = Array.from({ length: 40 }, (_, i) => `Body **${i}**`);
    const docs = await Promise.all(bodies.map((b) => pool.run(postBodyTask, b)));
    docs.forEach((doc, i) => expect(doc).toEqual(convertPostBody(bodies[i]!)));
    expect(pool.workerCount).toBeLessThanOrEqual(2);
  }, STARTUP_MS);
});

describe('custom email bodies', () => {
  it('render to the HTML a rendering on this thread gives, and too deep nesting is refused with 400', async () => {
    const body = '# Hello\n\nSome **bold** and [a link](https://example.com/x?a=1&b=2).\n\n<script>x</script>';
    expect(await pool.run(emailBodyTask, body)).toBe(markdownToSafeHtml(body));
    const error = await apiRefusal(pool.run(emailBodyTask, '> - '.repeat(25_000)));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^the email body is nested too deeply to render/);
  }, STARTUP_MS);
});

describe('errors', () => {
  it('an ApiError keeps its status and message; anything else is a plain error naming the input', async () => {
    const refused = await apiRefusal(pool.run(refuseTask, 'no such thing'));
    expect([refused.status, refused.message]).toEqual([400, 'no such thing']);
    const failed = await refusal(pool.run(failTask, 'broken'));
    expect(failed).not.toBeInstanceOf(ApiError);
    expect(failed.message).toBe('the fail input could not be processed: broken');
  }, STARTUP_MS);
});

describe('CPU budget', () => {
  it('stops a call where marked is superlinear (100 KB of "_a_" took 50 s) without holding this thread, and runs the next', async () => {
    await withLimitedPool({}, async (limited) => {
      await limited.run(postBodyTask, 'warm'); // start the worker outside the measured part
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 10);
      const started = performance.now();
      const error = await apiRefusal(limited.run(postBodyTask, '_a_'.repeat(33_000)));
      const elapsed = performance.now() - started;
      clearInterval(ticker);
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/^markdown took more than 0.3 s to convert \(CPU time\)/);
      expect(elapsed).toBeLessThan(10_000);
      // This thread kept running timers while the worker was busy.
      expect(ticks).toBeGreaterThan(5);
      // The stopped worker is replaced.
      expect(await limited.run(postBodyTask, 'Still *fine*.')).toEqual(convertPostBody('Still *fine*.'));
    });
  }, STARTUP_MS);

  it('runs the calls that waited behind a stopped one', async () => {
    await withLimitedPool({}, async (limited) => {
      const slow = apiRefusal(limited.run(spinTask, 60_000));
      const waiting = [1, 2, 3].map((n) => limited.run(spinTask, n));
      expect((await slow).message).toMatch(/^the spin input took more than 0.3 s/);
      expect(await Promise.all(waiting)).toEqual([1, 2, 3]);
    });
  }, STARTUP_MS);

  // Where /proc shows a thread's CPU time (Linux); elsewhere the budget is wall time.
  it.runIf(existsSync('/proc/thread-self/stat'))('counts CPU time, not time a call spends without the CPU', async () => {
    await withLimitedPool({}, async (limited) => {
      expect(await limited.run(idleTask, 1_500)).toBe(1_500);
    });
  }, STARTUP_MS);

  it('reads a thread\'s CPU time from its /proc stat line, whatever its name', () => {
    const stat = '4242 (node (worker) 1) R 1 2 3 4 5 6 7 8 9 10 250 130 0 0 20 0 1 0';
    expect(cpuMsOfStat(stat)).toBe(3_800);
    expect(cpuMsOfStat('not a stat line')).toBeNull();
  });
});

describe('a slow call', () => {
  it('does not hold up the ordinary calls behind it: an extra worker takes them, and stops afterwards', async () => {
    await withLimitedPool({ cpuBudgetMs: 2_000 }, async (single) => {
      await single.run(spinTask, 1);
      const settled: string[] = [];
      const slow = apiRefusal(single.run(spinTask, 60_000)).then((e) => {
        settled.push('slow');
        return e;
      });
      const quick = single.run(spinTask, 2).then((n) => {
        settled.push('quick');
        return n;
      });
      expect(await quick).toBe(2);
      expect((await slow).status).toBe(400);
      expect(settled).toEqual(['quick', 'slow']);
      expect(single.workerCount).toBe(1);
    });
  }, STARTUP_MS);
});

describe('close', () => {
  it('refuses what waits with 503 and leaves no worker', async () => {
    const closing = new WorkerPool({ maxWorkers: 1 });
    const waiting = apiRefusal(closing.run(spinTask, 1));
    await closing.close();
    const refused = await waiting;
    expect([refused.status, refused.message]).toEqual([503, 'the server is shutting down']);
    expect(closing.workerCount).toBe(0);
  });
});

describe('warming', () => {
  it('starts workers ahead, as many as asked up to the maximum, and one at least whatever the maximum', async () => {
    await withLimitedPool({ maxWorkers: 3 }, async (warming) => {
      warming.warm();
      expect(warming.workerCount).toBe(1);
      warming.warm(2);
      expect(warming.workerCount).toBe(2);
      warming.warm(5);
      expect(warming.workerCount).toBe(3);
      expect(warming.capacity).toBe(3);
    });
    // Workers started ahead take the first calls: none more starts for a call while one is idle or starting.
    await withLimitedPool({ maxWorkers: 3 }, async (warmed) => {
      warmed.warm(2);
      expect(await warmed.run(postBodyTask, 'One.')).toEqual(convertPostBody('One.'));
      expect(await warmed.run(postBodyTask, 'Two.')).toEqual(convertPostBody('Two.'));
      expect(warmed.workerCount).toBe(2);
    });
    // A lone call on a fresh pool: the worker it started takes it and the next; no second one starts.
    await withLimitedPool({ maxWorkers: 2 }, async (fresh) => {
      expect(await fresh.run(spinTask, 1)).toBe(1);
      expect(await fresh.run(spinTask, 2)).toBe(2);
      expect(fresh.workerCount).toBe(1);
    });
    await withLimitedPool({ maxWorkers: 0 }, async (warming) => {
      warming.warm(warming.capacity + 1);
      expect([warming.capacity, warming.workerCount]).toEqual([1, 1]);
    });
  }, STARTUP_MS);
});

describe('a process', () => {
  // Idle workers let the process end; a worker with a call under way must not.
  it('stays alive while a call is under way, though nothing else holds it', async () => {
    const script = [
      "Promise.all([import('./reference/src/worker-pool/pool.ts'), import('./reference/src/worker-pool/tasks.support.test.ts')]).then(([{ WorkerPool }, { idleTask }]) => {",
      '  const pool = new WorkerPool({ maxWorkers: 1 });',
      "  void pool.run(idleTask, 300).then((ms) => { console.log('answered', ms); return pool.close(); });",
      '});',
    ].join('\n');
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, timeout: STARTUP_MS });
    expect(stdout.trim()).toBe('answered 300');
  }, STARTUP_MS);
});
