/**
 * A thread's CPU clock: read from /proc where the thread's stat file is there,
 * wall time where it is not, null once the thread has ended.
 */
import { existsSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { cpuMsOfStat, threadCpuClock } from './thread-cpu.js';

describe('a /proc stat line', () => {
  it("gives user plus system time (fields 14 and 15, in hundredths of a second), counted after the command's name", () => {
    expect(cpuMsOfStat('4242 (node) R 1 2 3 4 5 6 7 8 9 10 250 130 0 0 20 0 1 0')).toBe(3_800);
    expect(cpuMsOfStat('4242 (a) b (c)) S 1 2 3 4 5 6 7 8 9 10 7 5 0 0')).toBe(120);
  });

  it('without a readable user or system time is none', () => {
    expect(cpuMsOfStat('4242 (node) R 1 2 3 4 5 6 7 8 9 10 x 130 0')).toBeNull();
    expect(cpuMsOfStat('4242 (node) R 1 2 3 4 5 6 7 8 9 10 250 y 0')).toBeNull();
    expect(cpuMsOfStat('4242 (node) R 1 2 3 4 5 6 7 8 9 10 250')).toBeNull();
  });
});

const WALL_SLACK_MS = 1_000;

describe('a thread clock', () => {
  it('without a thread id is wall time', () => {
    const clock = threadCpuClock(null);
    const before = performance.now();
    const reading = clock()!;
    expect(reading).toBeGreaterThanOrEqual(before);
    expect(reading).toBeLessThan(before + WALL_SLACK_MS);
  });

  it('of a thread /proc does not show is wall time', () => {
    const before = performance.now();
    const reading = threadCpuClock(2 ** 31 - 1)()!;
    expect(reading).toBeGreaterThanOrEqual(before);
    expect(reading).toBeLessThan(before + WALL_SLACK_MS);
  });

  it.runIf(existsSync(`/proc/self/task/${process.pid}/stat`))("of a thread /proc shows is that thread's CPU time, and none once it has ended", async () => {
    const statOf = (tid: number) => cpuMsOfStat(readFileSync(`/proc/self/task/${tid}/stat`, 'latin1'))!;
    const main = threadCpuClock(process.pid);
    const before = statOf(process.pid);
    const reading = main();
    const after = statOf(process.pid);
    expect(reading).toBeGreaterThanOrEqual(before);
    expect(reading).toBeLessThanOrEqual(after);

    // A thread that says its id and waits to be told to end.
    const worker = new Worker(
      "const { parentPort } = require('node:worker_threads'); parentPort.postMessage(Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop())); parentPort.once('message', () => process.exit(0));",
      { eval: true },
    );
    const tid = await new Promise<number>((resolve) => worker.once('message', resolve));
    const clock = threadCpuClock(tid);
    // The thread may still spend a tick between two readings (its start, a collection): bracketed, as the main thread's.
    const aliveBefore = statOf(tid);
    const alive = clock();
    expect(alive).toBeGreaterThanOrEqual(aliveBefore);
    expect(alive).toBeLessThanOrEqual(statOf(tid));
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('end');
    await exited;
    expect(clock()).toBeNull();
  });
});
