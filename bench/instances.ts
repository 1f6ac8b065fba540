/**
 * The instances section's child (run with --expose-gc by instances-section.ts,
 * or alone: `node --expose-gc dist/bench/instances.js` after a bench build):
 * how soon a further in-process reference without analytics answers its first
 * request once the modules are loaded, and whether closing one gives its
 * memory back. Prints one JSON line.
 */
import { startReference, type ReferenceInstance } from '../reference/src/index.js';

/** Instances started one after another for the readiness figures. */
const READY_ROUNDS = 30;
/** Instances started, written to and closed before the first heap reading: what the first ones leave (compiled code, caches) is not a leak. */
const WARM_CYCLES = 10;
/** Instances started, written to and closed between the two heap readings. */
const MEMORY_CYCLES = 40;

export interface InstancesReport {
  /** The first instance: loads the modules too. */
  firstMs: number;
  readyMs: { p50: number; p95: number; max: number; rounds: number };
  /** CPU time of the process (all threads) per further instance, median: what the wall-clock figures cost without other load. */
  readyCpuMsP50: number;
  /** Heap held by one open instance with its fixtures (after a full GC). */
  openInstanceHeapBytes: number;
  /** Heap left behind per instance after MEMORY_CYCLES more were opened, written to and closed (after a full GC). */
  retainedPerClosedInstanceBytes: number;
  cycles: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

/** Started and its first request answered. */
async function ready(): Promise<{ reference: ReferenceInstance; ms: number; cpuMs: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const reference = await startReference({ port: false, analytics: 'off' });
  const answer = await reference.fetch(new Request(`${reference.url}/v1/posts?limit=1`, { headers: { Authorization: `Bearer ${reference.keys.demo}` } }));
  await answer.arrayBuffer();
  const used = process.cpuUsage(cpu);
  return { reference, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

async function settledHeap(): Promise<number> {
  // Closing stops timers and sockets on later ticks: let them run before collecting.
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

/** One instance opened, given a few writes, closed. */
async function cycle(i: number): Promise<void> {
  const { reference } = await ready();
  for (let n = 0; n < 5; n++) {
    await reference.fetch(
      new Request(`${reference.url}/v1/posts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${reference.keys.demo}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: `Cycle ${i}.${n}`, markdown: 'A short body.', status: 'draft' }),
      }),
    );
  }
  await reference.close();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function measure(): Promise<InstancesReport> {
  const first = await ready();
  await first.reference.close();
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < READY_ROUNDS; i++) {
    const { reference, ms, cpuMs } = await ready();
    times.push(ms);
    cpuTimes.push(cpuMs);
    await reference.close();
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);

  for (let i = 0; i < WARM_CYCLES; i++) await cycle(i);
  const base = await settledHeap();
  const open = await ready();
  const openHeap = (await settledHeap()) - base;
  await open.reference.close();
  for (let i = 0; i < MEMORY_CYCLES; i++) await cycle(i);
  const after = await settledHeap();
  return {
    firstMs: first.ms,
    readyMs: { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], rounds: READY_ROUNDS },
    readyCpuMsP50: percentile(cpuTimes, 50),
    openInstanceHeapBytes: openHeap,
    retainedPerClosedInstanceBytes: (after - base) / (MEMORY_CYCLES + 1),
    cycles: MEMORY_CYCLES + 1,
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  process.stdout.write(`${JSON.stringify(await measure())}\n`);
  process.exit(0);
}
