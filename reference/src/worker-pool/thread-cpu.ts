/**
 * The CPU time of a worker thread, read from another thread. Linux publishes
 * each thread's user and system time in /proc/self/task/<tid>/stat (fields
 * 14 and 15, in clock ticks of 1/100 s). Where there is no such file (other
 * systems), the clock is wall time, so a budget is then a time limit.
 */
import { readFileSync } from 'node:fs';

/** Milliseconds of CPU time so far (null: not readable now, e.g. the thread has just ended). */
export type CpuClock = () => number | null;

/** Clock ticks per second of /proc's times: USER_HZ, 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** The CPU time of a thread from its /proc stat line; null when the line is not one. */
export function cpuMsOfStat(stat: string): number | null {
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (!Number.isFinite(user) || !Number.isFinite(system)) return null;
  return ((user + system) * 1000) / TICKS_PER_SECOND;
}

/** The clock of the thread with OS id `threadId` of this process (null: unknown, wall time is used). */
export function threadCpuClock(threadId: number | null): CpuClock {
  const path = `/proc/self/task/${threadId}/stat`;
  if (threadId === null || !readable(path)) return () => performance.now();
  return () => {
    try {
      return cpuMsOfStat(readFileSync(path, 'latin1'));
    } catch {
      return null;
    }
  };
}

function readable(path: string): boolean {
  try {
    return cpuMsOfStat(readFileSync(path, 'latin1')) !== null;
  } catch {
    return false;
  }
}
