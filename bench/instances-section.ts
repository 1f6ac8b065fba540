/**
 * Section `instances`: a further in-process reference (modules loaded, no
 * analytics) must answer its first request in under 100 ms, and closing one
 * must give its memory back. Measured in a child of its own
 * (bench/instances.ts) under --expose-gc, so heap readings follow full
 * collections and no other section's modules or servers share its heap.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { InstancesReport } from './instances.js';

export type { InstancesReport };

/** The target of the issue: a fresh instance per test is cheap enough. */
export const READY_TARGET_MS = 100;

const CHILD = fileURLToPath(new URL('./instances.js', import.meta.url));

export async function runInstances(): Promise<InstancesReport> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', CHILD], { timeout: 300_000, maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as InstancesReport;
}
