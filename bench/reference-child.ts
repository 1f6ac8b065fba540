/**
 * Start the reference in its own process (bench/launch-reference.ts) and
 * talk to it as a client with the demo key.
 */
import { DEMO_KEYS } from '../fixtures/keys.js';
import type { ScaleOptions } from '../fixtures/scale.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { spawnChild, type Child } from './children.js';
import { summarise } from './profile-summary.js';

export interface MemoryFigures {
  heapUsed: number;
  rss: number;
  external: number;
  arrayBuffers: number;
}

export interface ReferenceReady {
  ready: true;
  url: string;
  /** From process start (module loading included) to listening. */
  startupMs: number;
  /** Building the state (fixtures, scale data) and listening. */
  stateMs: number;
  /** After a full GC, once listening. */
  memory: MemoryFigures;
  /** With a scale data set: after a full GC before it is added, after its posts, after its subscribers. */
  stages: Partial<Record<'fixtures' | 'posts' | 'subscribers', MemoryFigures>>;
}

export type ReferenceChild = Child<ReferenceReady>;

export const AUTH = { authorization: `Bearer ${DEMO_KEYS.demo}` };

export function startReference(options: { scale?: ScaleOptions; nodeFlags?: string[] } = {}): Promise<ReferenceChild> {
  const args = options.scale ? ['--scale-posts', String(options.scale.posts), '--scale-subscribers', String(options.scale.subscribers)] : [];
  // BENCH_NODE_FLAGS: extra node flags for the reference (e.g. heap tuning), the same for every reference started.
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  return spawnChild<ReferenceReady>('bench/launch-reference.ts', args, { nodeArgs: ['--expose-gc', ...(options.nodeFlags ?? []), ...extra], timeoutMs: 600_000 });
}

/**
 * A child's CPU time so far (user + system, every thread, microseconds), its time in GC (ms) and
 * its main thread's busy time (ms): the event loop's active time, pauses for GC on that thread
 * included, the GC's helper threads and worker threads not.
 */
export async function usage(child: Child<unknown>): Promise<{ cpuUs: number; gcMs: number; mainMs: number }> {
  const { cpu, gcMs, elu } = await child.ask<{ cpu: { user: number; system: number }; gcMs?: Record<string, number>; elu?: { active: number } }>('stats');
  return { cpuUs: cpu.user + cpu.system, gcMs: Object.values(gcMs ?? {}).reduce((a, b) => a + b, 0), mainMs: elu?.active ?? 0 };
}

/**
 * Measure `work` against `child`: the server's CPU and GC time per request, and a
 * CPU profile of the server while it runs when `profileFile` is given.
 */
export async function observed<T extends { requests: number }>(
  child: Child<unknown>,
  profileFile: string | null,
  work: () => Promise<T>,
): Promise<T & { serverCpuUsPerRequest: number; serverGcUsPerRequest: number; serverMainUsPerRequest: number }> {
  if (profileFile) await child.ask('profile-start');
  const before = await usage(child);
  const result = await work();
  const after = await usage(child);
  if (profileFile) {
    await child.ask(`profile-stop ${profileFile}`);
    writeFileSync(profileFile.replace(/\.cpuprofile$/, '.txt'), summarise(JSON.parse(readFileSync(profileFile, 'utf8')), 25));
  }
  const per = (x: number) => (result.requests > 0 ? x / result.requests : 0);
  return {
    ...result,
    serverCpuUsPerRequest: per(after.cpuUs - before.cpuUs),
    serverGcUsPerRequest: per((after.gcMs - before.gcMs) * 1000),
    serverMainUsPerRequest: per((after.mainMs - before.mainMs) * 1000),
  };
}

export async function getJson<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, { ...init, headers: { ...AUTH, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
