/**
 * The share of CPU time the hypervisor gave to other guests ("steal", from
 * /proc/stat) between two readings: on a virtual machine, a run during which
 * the host was busy measures a slower machine. Null where there is no
 * /proc/stat.
 */
import { readFileSync } from 'node:fs';

export interface CpuTimes {
  total: number;
  steal: number;
}

export function cpuTimes(): CpuTimes | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    if (fields.length < 8 || fields.some((n) => !Number.isFinite(n))) return null;
    return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] };
  } catch {
    return null;
  }
}

/** Stolen share of all CPU time since `start`, in percent (null without /proc/stat). */
export function stealPercentSince(start: CpuTimes | null): number | null {
  const end = cpuTimes();
  if (!start || !end || end.total <= start.total) return null;
  return (100 * (end.steal - start.steal)) / (end.total - start.total);
}
