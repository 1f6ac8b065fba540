/**
 * The reference in a child process for the bench: starts it on a free port
 * and prints one JSON line with its URL, its start-up time and its memory.
 * Afterwards it answers commands on stdin, one JSON line each:
 *   stats               memory (after a full GC when node runs with --expose-gc) and CPU time used
 *   profile-start       start the CPU profiler (so a profile holds the load, not the start-up)
 *   profile-stop FILE   stop it and write FILE (.cpuprofile, for bench/profile-summary.ts or DevTools)
 *
 *   node --expose-gc --import tsx bench/launch-reference.ts [--scale-posts N] [--scale-subscribers N]
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { startServer } from '../reference/src/server.js';

const { values } = parseArgs({
  options: {
    'scale-posts': { type: 'string', default: '0' },
    'scale-subscribers': { type: 'string', default: '0' },
    empty: { type: 'boolean', default: false },
  },
});

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, rss: m.rss, external: m.external, arrayBuffers: m.arrayBuffers };
}

// Module loading (tsx transpiling the reference) is part of start-up: measure from process start.
const loadStarted = performance.now();
const posts = Number(values['scale-posts']);
const subscribers = Number(values['scale-subscribers']);
const running = await startServer({
  port: 0,
  quiet: true,
  fixtures: values.empty ? 'empty' : 'default',
  scale: posts > 0 || subscribers > 0 ? { posts, subscribers } : undefined,
});
const listening = performance.now();
process.stdout.write(
  `${JSON.stringify({
    ready: true,
    url: running.url,
    startupMs: listening,
    stateMs: listening - loadStarted,
    memory: memory(),
  })}\n`,
);

let session: Session | null = null;
const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, arg] = line.trim().split(/\s+/);
  if (command === 'stats') answer({ memory: memory(), cpu: process.cpuUsage() });
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
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));
