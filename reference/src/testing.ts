/**
 * For unit and HTTP-level tests of the reference: a server on a free port
 * and a small client. Not used by the server itself.
 */
import { DEMO_KEYS } from '../../fixtures/keys.js';
import { startServer, type RunningServer, type ServerOptions } from './server.js';

export { DEMO_KEYS };

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestClient {
  server: RunningServer;
  url: string;
  request<T = any>(method: string, path: string, options?: { key?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

/** Start a reference on a free port. `key` defaults to the demo publication's key; pass null for none. */
export async function startTestServer(options: ServerOptions = {}): Promise<TestClient> {
  const server = await startServer({ port: 0, quiet: true, ...options });
  return {
    server,
    url: server.url,
    async request(method, path, { key = DEMO_KEYS.demo, body, headers = {} } = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (key) (init.headers as Record<string, string>).Authorization = `Bearer ${key}`;
      if (body !== undefined) {
        (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
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
}
