/**
 * For unit and HTTP-level tests of the reference: a server on a free port
 * and a small client. Not used by the server itself.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { vi } from 'vitest';
import { DEMO_KEYS } from '../../fixtures/keys.js';
import { startServer, type RunningServer, type ServerOptions } from './server.js';

export { DEMO_KEYS };

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A fixture publication as GET /_control/publications lists it. */
export interface ControlPublication {
  id: string;
  slug: string;
  ownerUserId: string;
  teamMemberIds: string[];
  removedMemberIds: string[];
  communityIds: string[];
  unavailableCommunityIds: string[];
}

export interface TestClient {
  server: RunningServer;
  url: string;
  request<T = any>(method: string, path: string, options?: { key?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<TestResponse<T>>;
  /** POST /_control/reset: the seeded fixtures again (`empty`: publications and keys only). */
  reset(options?: { empty?: boolean }): Promise<void>;
  /** The fixture publications (GET /_control/publications), by slug: `demo`, `other`... */
  publications(): Promise<Record<string, ControlPublication>>;
  close(): Promise<void>;
}

const CONTROL_WRITE = /^(POST|PUT|PATCH) \/_control\b/;

/** Start a reference on a free port. `key` defaults to the demo publication's key; pass null for none. */
export async function startTestServer(options: ServerOptions = {}): Promise<TestClient> {
  const server = await startServer({ port: 0, ...options });
  const client: TestClient = {
    server,
    url: server.url,
    async reset(options = {}) {
      const res = await client.request('POST', '/_control/reset', { key: null, body: options });
      if (res.status !== 200) throw new Error(`reset answered ${res.status}: ${res.text}`);
    },
    async publications() {
      const { publications } = (await client.request<{ publications: ControlPublication[] }>('GET', '/_control/publications', { key: null })).body;
      return Object.fromEntries(publications.map((p) => [p.slug, p]));
    },
    async request(method, path, { key = DEMO_KEYS.demo, body, headers = {} } = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (key) (init.headers as Record<string, string>).Authorization = `Bearer ${key}`;
      if (body !== undefined) {
        (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
      } else if (CONTROL_WRITE.test(`${method} ${path}`)) {
        // The control API takes writes as JSON only, even without a body (control/guard.ts).
        (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
      }
      const res = await fetch(server.url + path, init);
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON (HTML pages, media): keep the text
      }
      return { status: res.status, headers: res.headers, body: parsed as any, text };
    },
    close: () => server.close(),
  };
  return client;
}

/** Sends `request` as it is on a new connection to `url`'s server and reads the answer until the server closes it: for what fetch will not send (HTTP/1.0 without Host). */
export function rawRequest(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.end(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks).toString('latin1'))).on('error', reject);
  });
}

/** An answer read by headersRequest: its body as text, and parsed when it is JSON. */
export interface PlainAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  body: any;
}

/** A request through node:http, for headers fetch will not send as given (Host). */
export function headersRequest(url: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url + path, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode!, headers: res.headers, text, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done`, for up to 5 s (a loaded machine delays timers and fsync). */
export const waitFor = (done: () => boolean) =>
  vi.waitFor(
    () => {
      if (!done()) throw new Error('not yet');
    },
    { timeout: 5_000, interval: 5 },
  );
