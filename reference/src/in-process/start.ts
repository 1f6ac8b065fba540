/**
 * startReference(options): a reference in this process, on a free port or
 * without one, with its fetch handler and typed control methods. What the
 * package's entry (reference/src/index.ts) offers; tests of the reference
 * itself use testing.ts.
 */
import { DEMO_KEYS } from '../../../fixtures/keys.js';
import { createReference } from '../app.js';
import type { ReferenceOptions } from '../reference.js';
import { createHttpServer, serveReference, startServer } from '../server.js';
import { controlMethods, type ControlMethods } from './control-methods.js';
import { fetchHandlerFor, type FetchHandler } from './fetch-handler.js';

/** What a reference in this process starts with: the options of the server (reference.ts ReferenceOptions), and where it listens. */
export interface StartReferenceOptions extends Pick<ReferenceOptions, 'seed' | 'fixtures' | 'control' | 'stateFile' | 'snapshotIntervalMs' | 'scale' | 'logErrors'> {
  /** Port to listen on: 0 (the default) picks a free one; `false` listens nowhere and serves through `fetch` alone. */
  port?: number | false;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Base URL of the links the reference hands out (default: its own URL; without a port http://reference.invalid). */
  publicUrl?: string;
  /**
   * The embedded analytics engine (PGlite): 'lazy' (default) starts it on the
   * first analytics request, 'background' at once, 'off' never (analytics
   * requests answer 503).
   */
  analytics?: 'lazy' | 'background' | 'off';
  /** Run analytics SQL on this PostgreSQL 15+ server instead of the embedded engine. */
  analyticsDatabaseUrl?: string;
}

/** The fixtures' API keys, by publication slug. */
export type DemoKeys = typeof DEMO_KEYS;

export interface ReferenceInstance extends ControlMethods {
  /** Its base URL: where it listens, or (without a port) what its links start with. */
  readonly url: string;
  /** The port it listens on; null without one. */
  readonly port: number | null;
  /** Serve a request without the network (`/api/v1/...`, the production base path, is served as `/v1/...`, as over HTTP). */
  readonly fetch: FetchHandler;
  /** The fixtures' API keys: `keys.demo` for publication `demo`, `keys.other`, `keys.quiet`. */
  readonly keys: DemoKeys;
  /** Stop listening (after the requests in flight), stop its timers, workers and analytics, save the state file. */
  close(): Promise<void>;
}

/** Where links point without a port: a name that never resolves, so a request that escapes interception fails at once. */
const PORTLESS_URL = 'http://reference.invalid';

export async function startReference(options: StartReferenceOptions = {}): Promise<ReferenceInstance> {
  const { port = 0, host, publicUrl, analytics, analyticsDatabaseUrl, ...rest } = options;
  const referenceOptions = { ...rest, analytics: { mode: analytics, databaseUrl: analyticsDatabaseUrl } };
  if (port === false) {
    const url = (publicUrl ?? PORTLESS_URL).replace(/\/+$/, '');
    const reference = createReference({ ...referenceOptions, baseUrl: url });
    reference.clock.enableTimers(true);
    const server = createHttpServer();
    serveReference(server, reference);
    return instance(url, null, fetchHandlerFor(server), () => reference.close());
  }
  const running = await startServer({ ...referenceOptions, port, host, publicUrl });
  return instance(running.url, running.port, fetchHandlerFor(running.server), () => running.close());
}

function instance(url: string, port: number | null, fetch: FetchHandler, close: () => Promise<void>): ReferenceInstance {
  return { ...controlMethods(fetch), url, port, fetch, keys: DEMO_KEYS, close };
}
