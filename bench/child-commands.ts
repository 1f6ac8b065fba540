/**
 * The commands a server child answers on stdin, one JSON line each (used by
 * launch-reference.ts and bare-server.ts alike):
 *   stats               CPU time, GC time and the main thread's busy time (event loop utilisation) so
 *                       far; no GC is forced, so taking stats around a measured run costs it nothing
 *   memory              memory after a full GC (when node runs with --expose-gc); never inside a measured run
 *   profile-start       start the CPU profiler (so a profile holds the load, not the start-up)
 *   profile-stop FILE   stop it and write FILE (.cpuprofile, for bench/profile-summary.ts or DevTools)
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';

/** Time spent in garbage collection so far (ms), by kind: what a large heap costs each request. */
const gcMs = { minor: 0, major: 0, incremental: 0, weak: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
    const key =
      kind === constants.NODE_PERFORMANCE_GC_MINOR ? 'minor'
      : kind === constants.NODE_PERFORMANCE_GC_MAJOR ? 'major'
      : kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL ? 'incremental'
      : 'weak';
    gcMs[key] += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

export function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, rss: m.rss, external: m.external, arrayBuffers: m.arrayBuffers };
}

export function answerCommands(): void {
  let session: Session | null = null;
  const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  createInterface({ input: process.stdin }).on('line', (line) => {
    const [command, arg] = line.trim().split(/\s+/);
    if (command === 'stats') answer({ cpu: process.cpuUsage(), gcMs: { ...gcMs }, elu: performance.eventLoopUtilization() });
    else if (command === 'memory') answer({ memory: memory() });
    else if (command === 'profile-start') {
      session = new Session();
      session.connect();
      void session
        .post('Profiler.enable')
        .then(() => session!.post('Profiler.setSamplingInterval', { interval: 200 }))
        .then(() => session!.post('Profiler.start'))
        .then(() => answer({ profiling: true }));
    } else if (command === 'profile-stop' && session) {
      void session.post('Profiler.stop').then(({ profile }) => {
        writeFileSync(arg, JSON.stringify(profile));
        session!.disconnect();
        session = null;
        answer({ profile: arg });
      });
    } else answer({ error: `unknown command: ${line}` });
  });
}
