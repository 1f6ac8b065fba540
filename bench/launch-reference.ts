/**
 * The reference in a child process for the bench: starts it on a free port
 * and prints one JSON line with its URL, its start-up time and its memory.
 * Afterwards it answers the commands of child-commands.ts on stdin.
 *
 *   node --expose-gc dist/bench/launch-reference.js [--scale-posts N] [--scale-subscribers N]   (after npx tsx reference/build.ts --with-bench)
 */
import { parseArgs } from 'node:util';
import { startServer } from '../reference/src/server.js';
import { workerPool } from '../reference/src/worker-pool/pool.js';
import { answerCommands, memory } from './child-commands.js';

const { values } = parseArgs({
  options: {
    'scale-posts': { type: 'string', default: '0' },
    'scale-subscribers': { type: 'string', default: '0' },
    empty: { type: 'boolean', default: false },
  },
});

// Module loading is part of start-up: measure from process start.
const loadStarted = performance.now();
const posts = Number(values['scale-posts']);
const subscribers = Number(values['scale-subscribers']);
// Memory after each stage of the scale data set, in this one process; the
// time the measuring GCs take is left out of the start-up time.
const stages: Record<string, ReturnType<typeof memory>> = {};
let measuringMs = 0;
const onStage = (stage: string) => {
  const t = performance.now();
  stages[stage] = memory();
  measuringMs += performance.now() - t;
};
const running = await startServer({
  port: 0,
  fixtures: values.empty ? 'empty' : 'default',
  scale: posts > 0 || subscribers > 0 ? { posts, subscribers, onStage } : undefined,
});
const listening = performance.now() - measuringMs;
process.stdout.write(
  `${JSON.stringify({
    ready: true,
    url: running.url,
    startupMs: listening,
    stateMs: listening - loadStarted,
    memory: memory(),
    stages,
  })}\n`,
);
// Every worker starts now (after the memory figures above, which are about the data), so writes are measured in their steady state.
workerPool().warm(workerPool().capacity);

answerCommands();
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));
