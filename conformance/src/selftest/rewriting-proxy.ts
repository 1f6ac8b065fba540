/**
 * An HTTP proxy in front of a conforming server, for the self-tests: its
 * hooks rewrite what goes through (a request before it is forwarded, an
 * answer before the client gets it) so that the server seems to break a
 * rule. Without hooks it changes nothing, so that a run through it proves
 * the proxy itself breaks nothing.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request as send } from 'undici';

/** A request to send to the server behind the proxy. */
export interface OutgoingRequest {
  method: string;
  /** Path and query, sent as they are (not normalised, so odd paths stay odd). */
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** A request as the client sent it, with its path taken apart for hooks to match on. */
export interface ProxiedRequest extends OutgoingRequest {
  readonly pathname: string;
  readonly query: URLSearchParams;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends a request to the server behind the proxy: for hooks that retry, or look at the current state. */
export type Upstream = (request: OutgoingRequest) => Promise<ProxiedResponse>;

export interface ProxyHooks {
  /** The request to forward in place of the client's. */
  request?(request: ProxiedRequest): ProxiedRequest | Promise<ProxiedRequest>;
  /** The answer the client gets in place of the server's; `request` is the one the server answered. */
  response?(response: ProxiedResponse, request: ProxiedRequest, upstream: Upstream): ProxiedResponse | Promise<ProxiedResponse>;
}

export interface RewritingProxy {
  url: string;
  close(): Promise<void>;
}

// Each hop has its own connection; content-length is recomputed because hooks change bodies.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade']);

export async function startRewritingProxy(options: { upstream: string; hooks: ProxyHooks }): Promise<RewritingProxy> {
  const { hooks } = options;
  const upstream: Upstream = async ({ method, path, headers, body }) => {
    const res = await send(options.upstream + path, { method: method as 'GET', headers, body: body.length > 0 ? body : undefined });
    return { status: res.statusCode, headers: endToEnd(res.headers), body: Buffer.from(await res.body.arrayBuffer()) };
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? '/';
    const url = new URL(path, 'http://proxy');
    const received: ProxiedRequest = {
      method: req.method ?? 'GET',
      path,
      pathname: url.pathname,
      query: url.searchParams,
      headers: endToEnd(req.headers),
      body: await readBody(req),
    };
    const forwarded = hooks.request ? await hooks.request(received) : received;
    const answer = await upstream(forwarded);
    const response = hooks.response ? await hooks.response(answer, forwarded, upstream) : answer;
    res.writeHead(response.status, { ...response.headers, 'content-length': String(response.body.length) });
    res.end(response.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A broken hook must show as a failing request, not as a hung one.
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, msg: `rewriting proxy: ${error instanceof Error ? error.message : String(error)}` }));
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

/** The headers without the hop-by-hop ones, repeated values joined. */
function endToEnd(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
