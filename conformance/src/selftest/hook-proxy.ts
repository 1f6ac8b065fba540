/**
 * A proxy in front of a conforming server whose every exchange goes through
 * one hook: the hook sees the request, may forward it (changed or not, once
 * or more) and answers what the client gets. For breakages that
 * breaking-proxy.ts's fixed set lacks: rewriting answers, remembering what
 * went through, intercepting requests. Also: the filtered run with extra
 * profiles (side-effects) for the suites that need them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { RULES } from '../../catalogue/index.js';
import { createThrottle } from '../authoring/throttle.js';
import { aggregate } from '../results/aggregate.js';
import { runSuites } from '../run/run-suites.js';
import { defaultProfiles, type Profile } from '../shared/profiles.js';
import type { SuiteConfig } from '../shared/suite-config.js';
import { discoverTarget } from '../target/discover.js';
import { createProbe } from '../target/http-probe.js';
import type { FilteredRun } from './run-filtered.js';

export interface Forwarded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Exchange {
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  pathname: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: Buffer;
  /** Forwards this request, or one like it with some parts replaced. */
  forward(over?: { method?: string; path?: string; headers?: Record<string, string>; body?: Buffer | unknown }): Promise<Forwarded>;
}

export type Hook = (exchange: Exchange) => Promise<Forwarded>;

export interface HookProxy {
  url: string;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade']);

/** The hook that breaks nothing. */
export const passThrough: Hook = (exchange) => exchange.forward();

export async function startHookProxy(options: { upstream: string; hook: Hook }): Promise<HookProxy> {
  const { upstream, hook } = options;

  async function forward(method: string, path: string, headers: Record<string, string>, body: Buffer): Promise<Forwarded> {
    const res = await request(upstream + path, { method: method as 'GET', headers, body: body.length > 0 ? body : undefined });
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { status: res.statusCode, headers: out, body: Buffer.from(await res.body.arrayBuffer()) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const url = new URL(path, 'http://proxy');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const body = await readBody(req);
    const exchange: Exchange = {
      method,
      path,
      pathname: url.pathname,
      query: url.searchParams,
      headers,
      body,
      forward: (over = {}) => {
        const sent = over.body === undefined ? body : Buffer.isBuffer(over.body) ? over.body : Buffer.from(JSON.stringify(over.body));
        const sentHeaders = { ...(over.headers ?? headers) };
        if (over.body !== undefined && !Buffer.isBuffer(over.body)) sentHeaders['content-type'] = 'application/json';
        return forward(over.method ?? method, over.path ?? path, sentHeaders, sent);
      },
    };
    const answer = await hook(exchange);
    res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
    res.end(answer.body);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, msg: `hook proxy: ${error instanceof Error ? error.message : String(error)}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The body as JSON, or undefined when it is not JSON. */
export function jsonOf<T = unknown>(body: Buffer): T | undefined {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

/** An answer with a new JSON body (status and headers kept unless given). */
export function withJson(answer: Forwarded, json: unknown, status = answer.status): Forwarded {
  return { status, headers: { ...answer.headers, 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(json)) };
}

/** runFiltered (run-filtered.ts) with profiles added to the defaults, e.g. side-effects. */
export async function runFilteredWithProfiles(options: {
  url: string;
  filter: string[];
  include: string[];
  runs: number;
  seed: number;
  extraProfiles?: Profile[];
}): Promise<FilteredRun> {
  const discovery = await discoverTarget({ url: options.url, inProcess: false, probe: createProbe(options.url, createThrottle(undefined)) });
  const target = discovery.target;
  const profiles = defaultProfiles({ hasControl: target.control.available, isReference: target.isReference });
  for (const profile of options.extraProfiles ?? []) if (!profiles.includes(profile)) profiles.push(profile);
  const config: SuiteConfig = {
    target,
    apiKey: discovery.apiKey,
    secondApiKey: discovery.secondApiKey,
    profiles,
    seed: options.seed,
    runs: options.runs,
    filter: options.filter,
    timeoutMs: 120_000,
    runId: `cf-selftest-${options.seed}`,
  };
  const run = await runSuites(config, { include: options.include, write: () => {} });
  const results = aggregate(RULES, run.outcomes, { profiles, filter: options.filter });
  const ids = (status: string) => results.rules.filter((r) => r.status === status).map((r) => r.rule.id).sort();
  return { results, unhandledErrors: run.unhandledErrors, failedRules: ids('fail'), erroredRules: ids('error') };
}
