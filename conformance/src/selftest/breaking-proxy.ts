/**
 * A small HTTP proxy in front of a conforming server that breaks exactly one
 * rule, so that the suite can be shown to notice. Everything it does not
 * break passes through unchanged (status, headers, body).
 *
 * - long-titles: a title over 200 characters on POST /v1/posts or PUT
 *   /v1/posts/{id} is cut to 200 before forwarding, so the request is
 *   accepted instead of refused (posts.*.title-max-200);
 * - repeat-across-pages: the last item of a page is repeated at the head of
 *   the next page, on every list (pagination.cursor.next-page);
 * - foreign-drafts: GET /v1/posts/{id} with A's key that the server refuses
 *   is retried with B's key, so A reads B's drafts (auth.isolation.read).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

export type Breakage = 'none' | 'long-titles' | 'repeat-across-pages' | 'foreign-drafts';

export interface BreakingProxy {
  url: string;
  close(): Promise<void>;
}

interface Forwarded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'upgrade']);
const TITLE_MAX = 200;

export async function startBreakingProxy(options: { upstream: string; breakage: Breakage; keys: { a: string; b: string } }): Promise<BreakingProxy> {
  const { upstream, breakage, keys } = options;
  /** repeat-across-pages: the last item of each page served, by the cursor that page handed out. */
  const lastItemByCursor = new Map<string, unknown>();

  async function forward(method: string, path: string, headers: Record<string, string>, body: Buffer | undefined): Promise<Forwarded> {
    const res = await request(upstream + path, { method: method as 'GET', headers, body: body && body.length > 0 ? body : undefined });
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { status: res.statusCode, headers: out, body: Buffer.from(await res.body.arrayBuffer()) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const pathname = path.split('?')[0]!;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    let body: Buffer | undefined = await readBody(req);

    if (breakage === 'long-titles' && (method === 'POST' || method === 'PUT') && /^\/v1\/posts(\/[^/]+)?$/.test(pathname)) {
      body = cutTitle(body);
    }

    let answer = await forward(method, path, headers, body);

    if (breakage === 'foreign-drafts' && method === 'GET' && /^\/v1\/posts\/[^/]+$/.test(pathname) && !/^\/v1\/posts\/feed$/.test(pathname)) {
      if (answer.status !== 200 && headers.authorization === `Bearer ${keys.a}`) {
        const asB = await forward(method, path, { ...headers, authorization: `Bearer ${keys.b}` }, body);
        if (asB.status === 200) answer = asB;
      }
    }

    if (breakage === 'repeat-across-pages' && method === 'GET' && answer.status === 200) {
      answer = repeatLastItem(answer, new URL(path, 'http://proxy').searchParams.get('cursor'), lastItemByCursor);
    }

    res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
    res.end(answer.body);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, msg: `breaking proxy: ${error instanceof Error ? error.message : String(error)}` }));
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

/** The body with a string title over 200 characters cut to 200; any other body unchanged. */
function cutTitle(body: Buffer): Buffer {
  try {
    const json = JSON.parse(body.toString('utf8')) as unknown;
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      const record = json as Record<string, unknown>;
      if (typeof record.title === 'string' && record.title.length > TITLE_MAX) {
        record.title = record.title.slice(0, TITLE_MAX);
        return Buffer.from(JSON.stringify(record));
      }
    }
  } catch {
    // Not JSON: forwarded as is.
  }
  return body;
}

/** A page answered for `cursor` gets the previous page's last item at its head; remembers this page's last item. */
function repeatLastItem(answer: Forwarded, cursor: string | null, lastItemByCursor: Map<string, unknown>): Forwarded {
  let page: { items?: unknown; pagination?: { cursor?: unknown } };
  try {
    page = JSON.parse(answer.body.toString('utf8')) as typeof page;
  } catch {
    return answer;
  }
  if (!page || !Array.isArray(page.items) || typeof page.pagination?.cursor !== 'string') return answer;
  const items = page.items as unknown[];
  const last = items[items.length - 1];
  if (page.pagination.cursor !== '' && last !== undefined) lastItemByCursor.set(page.pagination.cursor, last);
  const repeated = cursor ? lastItemByCursor.get(cursor) : undefined;
  if (repeated === undefined) return answer;
  page.items = [repeated, ...items];
  return { ...answer, body: Buffer.from(JSON.stringify(page)) };
}
