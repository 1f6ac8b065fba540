/**
 * `npm start` (and the installed package's `publishing-reference`): run the
 * reference on http://127.0.0.1:4010 with the fixtures.
 */
import { parseArgs } from 'node:util';
import { DEMO_KEYS } from '../../fixtures/keys.js';
import { parseScale, type ScaleOptions } from '../../fixtures/scale.js';
import { startServer } from './server.js';
import { workerPool } from './worker-pool/pool.js';
import { StateFileError } from './persistence/format.js';
import { DEFAULT_SNAPSHOT_INTERVAL_MS } from './persistence/state-file.js';
import { hostnameOf, isLoopbackAddress } from './http/host-policy.js';
import { parseCompactFault } from './faults/compact.js';

const HELP = `Usage: publishing-reference [options]   (in a clone: npm start -- [options])

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
                    how often the state file is saved (default ${DEFAULT_SNAPSHOT_INTERVAL_MS})
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

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${HELP}`);
  process.exit(2);
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 4010;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid port: ${value}`);
  return port;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string', default: '1' },
        empty: { type: 'boolean', default: false },
        'public-url': { type: 'string' },
        'no-control': { type: 'boolean', default: false },
        'allowed-host': { type: 'string', multiple: true, default: [] },
        'control-token': { type: 'string' },
        'state-file': { type: 'string' },
        'snapshot-interval-ms': { type: 'string' },
        'analytics-database-url': { type: 'string' },
        scale: { type: 'string' },
        'scale-posts': { type: 'string' },
        'scale-subscribers': { type: 'string' },
        fault: { type: 'string', multiple: true },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (err) {
    fail((err as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) fail(`invalid seed: ${values.seed}`);
  const interval = values['snapshot-interval-ms'] === undefined ? undefined : Number(values['snapshot-interval-ms']);
  if (interval !== undefined && !(Number.isInteger(interval) && interval >= 10)) fail(`invalid snapshot interval (an integer >= 10 ms): ${values['snapshot-interval-ms']}`);
  if (interval !== undefined && values['state-file'] === undefined) fail('--snapshot-interval-ms needs --state-file');
  const scale = scaleOption(values.scale, values['scale-posts'], values['scale-subscribers']);
  if (scale && values.empty) fail('--scale adds to the default fixtures; it cannot be used with --empty');
  const controlToken = values['control-token'] ?? (process.env.REFERENCE_CONTROL_TOKEN || undefined);
  if (controlToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(controlToken))
    fail('--control-token must be at least 16 printable characters without spaces (it is sent as a bearer token)');
  if (controlToken !== undefined && values['no-control']) fail('--control-token guards the control API; it cannot be used with --no-control');
  for (const name of values['allowed-host']) if (hostnameOf(name) === undefined) fail(`invalid --allowed-host (a host name, without scheme or path): ${name}`);
  const faults = (values.fault ?? []).map((text) => {
    try {
      return parseCompactFault(text);
    } catch (err) {
      fail(`invalid --fault ${(err as Error).message}`);
    }
  });
  const started = performance.now();
  const running = await startServer({
    port: parsePort(values.port ?? process.env.PORT),
    host: values.host,
    seed,
    control: !values['no-control'],
    controlToken,
    allowedHosts: values['allowed-host'],
    fixtures: values.empty ? 'empty' : 'default',
    publicUrl: values['public-url'],
    stateFile: values['state-file'],
    snapshotIntervalMs: interval,
    scale,
    faults,
    // PGlite starts in the background; the first analytics request waits for it, nothing else does.
    // With the scale data set it waits for that first request instead: mirroring a million
    // subscribers into the embedded engine takes minutes and gigabytes a paging test does not need.
    analytics: { mode: scale ? 'lazy' : 'background', databaseUrl: values['analytics-database-url'] },
  });
  // A worker loads TipTap in the background, so the first write does not wait for it.
  workerPool().warm();
  const stateFile = running.reference.persistence.status().stateFile;
  const pubs = running.reference.state().publications.all();
  const lines = [
    `Reference server listening on ${running.url}`,
    `  seed ${running.reference.options.seed}; test-control API ${values['no-control'] ? 'off' : `at ${running.url}/_control${controlToken ? ' (Authorization: Bearer <control token>)' : ''}`}`,
    ...(stateFile
      ? [
          stateFile.loaded
            ? `  state loaded from ${stateFile.path} (${stateFile.loaded.writes} writes, saved at ${new Date(stateFile.loaded.savedAt).toISOString()})`
            : `  state file ${stateFile.path} (new), saved every ${stateFile.intervalMs} ms when something changed`,
        ]
      : []),
    ...(scale ? [scaleLine(scale, performance.now() - started)] : []),
    ...(faults.length > 0 ? [`  fault rules: ${running.reference.faults.store.list().map((r) => r.id).join(', ')} (GET ${running.url}/_control/faults)`] : []),
    `  analytics: ${values['analytics-database-url'] ? 'PostgreSQL server' : `embedded PGlite, starting ${scale ? 'on the first analytics request' : 'in the background'}`} (POST ${running.url}/v1/analytics/query)`,
    '  demo API keys (Authorization: Bearer <key>):',
    ...pubs.map((p) => `    ${p.slug.padEnd(6)} ${DEMO_KEYS[p.slug as keyof typeof DEMO_KEYS] ?? ''}  (publication ${p.id})`),
    `  try: curl -H "Authorization: Bearer ${DEMO_KEYS.demo}" ${running.url}/v1/posts`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!isLoopbackAddress(values.host)) process.stderr.write(exposureWarning(values.host, running.port, !values['no-control'], controlToken !== undefined));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`\n${signal}: finishing in-flight requests, then stopping\n`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    running.close().then(
      () => {
        const saved = running.reference.persistence.status().stateFile?.lastSave;
        if (saved) process.stdout.write(`state saved to ${stateFile!.path} (${saved.writes} writes)\n`);
        process.exit(0);
      },
      (err: Error) => {
        process.stderr.write(`stopping failed: ${err.message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** Listening beyond this machine: say what anyone who can reach the address can do. */
function exposureWarning(host: string, port: number, control: boolean, guarded: boolean): string {
  const reach = `anyone who can reach ${host}:${port}`;
  const lines = [`WARNING: listening on ${host}, not only on this machine.`];
  if (control && !guarded)
    lines.push(
      `  The test-control API is on and open: ${reach} can read every API key and subscriber address`,
      '  (GET /_control/publications, /_control/api-keys, /_control/outbox), reset or replace the state,',
      '  and move the clock. Give --control-token TOKEN (or $REFERENCE_CONTROL_TOKEN), or --no-control,',
      '  or listen on 127.0.0.1.',
    );
  else if (control) lines.push('  The test-control API requires the control token.');
  lines.push(
    `  The demo API keys are public (README): ${reach} can read and write their publications' data.`,
    '  The control API and the pages answer only to localhost, IP addresses, the --public-url host and',
    '  --allowed-host names.',
  );
  return `${lines.join('\n')}\n`;
}

/** --scale 100k, or --scale-posts / --scale-subscribers (which override the count they name). */
function scaleOption(size: string | undefined, posts: string | undefined, subscribers: string | undefined): ScaleOptions | undefined {
  if (size === undefined && posts === undefined && subscribers === undefined) return undefined;
  let scale: ScaleOptions = { posts: 0, subscribers: 0 };
  try {
    if (size !== undefined) scale = parseScale(size);
  } catch (err) {
    fail((err as Error).message);
  }
  const count = (name: string, value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) fail(`invalid --${name}: ${value}`);
    return n;
  };
  scale.posts = count('scale-posts', posts, scale.posts);
  scale.subscribers = count('scale-subscribers', subscribers, scale.subscribers);
  return scale;
}

function scaleLine(scale: ScaleOptions, ms: number): string {
  const { heapUsed, rss } = process.memoryUsage();
  const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
  return `  scale data set: +${scale.posts} posts, +${scale.subscribers} subscribers in publication demo; loaded in ${(ms / 1000).toFixed(1)} s; heap ${mb(heapUsed)}, rss ${mb(rss)}`;
}

/** One line for a port someone else holds (another reference, often): what to do about it. */
function portInUse(err: { port?: number; address?: string }): string {
  return `port ${err.port} on ${err.address} is in use (another server listens there): stop it, or pass --port N (--port 0 picks a free port)`;
}

main().catch((err) => {
  // A state file that cannot be used: the reason, not a stack (and never a fresh start over it).
  if (err instanceof StateFileError) process.stderr.write(`${err.message}\n`);
  else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') process.stderr.write(`${portInUse(err as NodeJS.ErrnoException & { port?: number; address?: string })}\n`);
  else process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
