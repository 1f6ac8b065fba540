/**
 * For the command line's in-process tests (cli.flags.test.ts, cli.output.test.ts):
 * cli.ts run in the test's process, with startServer and the worker pool
 * replaced by stand-ins and process.exit, the output and the signal handlers
 * caught. vi.mock is hoisted per file, so each test file mocks './server.js'
 * and './worker-pool/pool.js' with the stand-ins below, then calls
 * useCliStandIn().
 */
import { afterEach, beforeEach, vi } from 'vitest';
import type { ServerOptions } from './server.js';

export interface Outcome {
  /** The first exit code (undefined: the CLI is still running). */
  code: number | undefined;
  stdout: string;
  stderr: string;
  /** The options of startServer's call (undefined: none was made before an exit). */
  options: ServerOptions | undefined;
}

export interface StandIn {
  /** The options of each startServer call made before the CLI exited. */
  calls: ServerOptions[];
  /** What startServer throws instead of starting. */
  startError: Error | undefined;
  /** The state file's status the stand-in reports. */
  stateFile: unknown;
  /** What the stand-in's close() does. */
  close: () => Promise<void>;
  closed: number;
  warmed: number;
  exited: boolean;
  outcome: Outcome;
  /** The SIGINT and SIGTERM handlers the CLI set. */
  signals: Map<string, () => void>;
}

const KEY = Symbol.for('cli stand-in');
const fresh = (): StandIn => ({
  calls: [],
  startError: undefined,
  stateFile: undefined,
  close: async () => {},
  closed: 0,
  warmed: 0,
  exited: false,
  outcome: { code: undefined, stdout: '', stderr: '', options: undefined },
  signals: new Map(),
});
// One object for the test file and the stand-ins: vi.resetModules gives each CLI run a fresh copy of this module.
export const standIn: StandIn = ((globalThis as unknown as Record<symbol, StandIn>)[KEY] ??= fresh());

/** startServer's stand-in: a running server's handle with what the banner reads. */
export async function startServerStandIn(options: ServerOptions): Promise<unknown> {
  // A refusal does not stop the CLI here (process.exit is a spy): nothing started after it counts.
  if (standIn.exited) return new Promise(() => {});
  standIn.calls.push(options);
  if (standIn.startError) throw standIn.startError;
  return {
    url: 'http://127.0.0.1:4321',
    port: 4321,
    server: undefined,
    reference: {
      options: { seed: options.seed },
      persistence: { status: () => ({ stateFile: standIn.stateFile }) },
      state: () => ({
        publications: {
          all: () => [
            { slug: 'demo', id: 'pub_a' },
            { slug: 'other', id: 'pub_b' },
            { slug: 'quiet', id: 'pub_c' },
            { slug: 'extra', id: 'pub_x' },
          ],
        },
      }),
      faults: { store: { list: () => (options.faults ?? []).map((_, i) => ({ id: `rule-${i + 1}` })) } },
    },
    close: () => {
      standIn.closed++;
      return standIn.close();
    },
  };
}

/** workerPool's stand-in: counts the warm-up the CLI asks for. */
export function workerPoolStandIn(): { warm(): void } {
  return { warm: () => void standIn.warmed++ };
}

const ENV = ['PORT', 'REFERENCE_CONTROL_TOKEN'] as const;
export type CliEnv = Partial<Record<(typeof ENV)[number], string>>;

/** Before each test: a fresh stand-in, no $PORT or $REFERENCE_CONTROL_TOKEN, process.exit, output and signals caught. */
export function useCliStandIn(): void {
  let savedEnv: Record<string, string | undefined>;
  beforeEach(() => {
    vi.resetModules();
    Object.assign(standIn, fresh());
    savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
    for (const name of ENV) delete process.env[name];
    // Output after the first exit is what a real exit would never print.
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      if (!standIn.exited) standIn.outcome.stdout += String(chunk);
      return true;
    });
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      if (!standIn.exited) standIn.outcome.stderr += String(chunk);
      return true;
    });
    vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      if (standIn.exited) return;
      standIn.exited = true;
      standIn.outcome.code = code;
    }) as typeof process.exit);
    const on = process.on.bind(process);
    vi.spyOn(process, 'on').mockImplementation(((event: string, listener: () => void) => {
      if (event === 'SIGINT' || event === 'SIGTERM') standIn.signals.set(event, listener);
      else on(event, listener);
      return process;
    }) as typeof process.on);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    for (const name of ENV) {
      if (savedEnv[name] === undefined) delete process.env[name];
      else process.env[name] = savedEnv[name];
    }
  });
}

export const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** Run the CLI with these arguments until it exits or is listening. */
export async function cli(args: string[], env: CliEnv = {}): Promise<Outcome> {
  Object.assign(process.env, env);
  process.argv = [process.execPath, 'reference/src/cli.ts', ...args];
  await import('./cli.js');
  await settle();
  standIn.outcome.options = standIn.calls[0];
  return standIn.outcome;
}

/** `--help`, and what follows every refusal's message. */
export const HELP = `Usage: publishing-reference [options]   (in a clone: npm start -- [options])

  --port N          port to listen on (default 4010, or $PORT; 0 picks a free port)
  --host HOST       interface to listen on (default 127.0.0.1)
  --seed N          seed of ids and fixture data (default 1)
  --empty           start with publications and keys only, no posts
  --public-url URL  base URL for links the server hands out (default http://host:port);
                    the control API and the pages also answer to its host name
  --allowed-host NAME
                    another host name the control API and the pages answer to
                    (repeatable); besides these, only localhost and IP addresses
  --no-control      do not serve the test-control API under /_control
  --control-token TOKEN
                    every /_control request must send Authorization: Bearer TOKEN
                    (or set $REFERENCE_CONTROL_TOKEN); for a control API other
                    machines can reach
  --state-file PATH keep the state in PATH: start from it when it exists (then --seed,
                    --empty and --scale do not apply), save it atomically every interval
                    when something changed and on SIGINT/SIGTERM (docs/state-file.md)
  --snapshot-interval-ms N
                    how often the state file is saved (default 5000)
  --scale SIZE      add SIZE posts and 10 x SIZE subscribers to publication demo
                    (e.g. 10k, 100k: 100,000 posts, 1,000,000 subscribers; about
                    1.5 kB per post and 0.3 kB per subscriber of memory)
  --scale-posts N, --scale-subscribers N
                    the same, counted separately
  --analytics-database-url URL
                    run analytics SQL on this PostgreSQL 15+ server (superuser, a
                    database of its own) instead of the embedded PGlite
  --fault RULE      a fault rule from the start (repeatable; a reset goes back to them),
                    e.g. 'POST /v1/posts* status=503 times=2': [METHOD] [/path, * any
                    characters] and status=429|500|502|503 [retry-after=S], drop, stall
                    or truncate; latency=MS or MIN-MAX (real time); times=N,
                    probability=P (seeded); mode=after (applied, then the answer
                    fails); key=API_KEY, header=Name[:value], id=NAME. The same rules
                    through /_control/faults (README: test your client's failure handling)
  --help            this text
`;

