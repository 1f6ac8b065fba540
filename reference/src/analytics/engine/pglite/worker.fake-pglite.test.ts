/**
 * The PGlite worker's message loop in this thread: its port, PGlite and the
 * analytics database are stand-ins (vi.mock), so what it starts PGlite with,
 * which request reaches which call, how answers and failures are sent back,
 * and their order show exactly. engine.test.ts runs it on PGlite.
 */
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UserSqlError } from '../db/runner.js';
import type { WorkerEnvelope, WorkerReply, WorkerRequest } from './protocol.js';

const fake = vi.hoisted(() => {
  const calls: unknown[][] = [];
  return {
    calls,
    port: null as null | (import('node:events').EventEmitter & { replies: unknown[][]; postMessage: (reply: unknown, transfer: unknown) => void }),
    dump: new ArrayBuffer(4),
    /** What the analytics database's methods do (a test replaces one). */
    analytics: {
      query: async (...args: unknown[]) => {
        calls.push(['query', ...args, Date.now()]);
        return { rows: [] };
      },
      schema: async () => ({ tables: ['t'] }),
      apply: async (changes: unknown) => {
        calls.push(['apply', changes]);
      },
      replace: async (step: unknown) => {
        calls.push(['replace', step]);
      },
    } as Record<string, (...args: unknown[]) => Promise<unknown>>,
  };
});

vi.mock('node:worker_threads', () => ({
  get parentPort() {
    return fake.port;
  },
}));
vi.mock('@electric-sql/pglite', () => ({
  PGlite: {
    defaultStartParams: ['--default'],
    create: async (options: unknown) => {
      fake.calls.push(['create', options]);
      return {
        dumpDataDir: async (format: string) => {
          fake.calls.push(['dumpDataDir', format]);
          return { arrayBuffer: async () => fake.dump };
        },
      };
    },
  },
}));
vi.mock('./pglite-runner.js', () => ({
  PgliteRunner: class {
    constructor(readonly db: unknown) {}
    async loadParsers() {
      fake.calls.push(['loadParsers']);
    }
  },
}));
vi.mock('../db/database.js', () => ({
  installAnalyticsSchema: async (_runner: unknown, clock: unknown) => {
    fake.calls.push(['install', clock]);
  },
  AnalyticsDatabase: {
    open: async () => {
      fake.calls.push(['open']);
      return {
        query: (...args: unknown[]) => fake.analytics.query!(...args),
        schema: () => fake.analytics.schema!(),
        apply: (changes: unknown) => fake.analytics.apply!(changes),
        replace: (step: unknown) => fake.analytics.replace!(step),
      };
    },
  },
}));

class FakePort extends EventEmitter {
  readonly replies: unknown[][] = [];
  postMessage(reply: unknown, transfer: unknown): void {
    this.replies.push([reply, transfer]);
  }
}

let nextId = 1;
/** Sends a request and waits for its reply and transfer list. */
async function send(request: WorkerRequest): Promise<{ reply: WorkerReply; transfer: unknown }> {
  const port = fake.port!;
  const id = nextId++;
  port.emit('message', { id, request } satisfies WorkerEnvelope);
  await vi.waitFor(() => {
    if (!port.replies.some(([reply]) => (reply as WorkerReply).id === id)) throw new Error('no reply yet');
  });
  const [reply, transfer] = port.replies.find(([r]) => (r as WorkerReply).id === id)!;
  return { reply: reply as WorkerReply, transfer };
}

const wasm = { compiled: true } as unknown as WebAssembly.Module;

describe('the PGlite worker', () => {
  beforeAll(async () => {
    fake.port = new FakePort();
    await import('./worker.js');
  });
  afterAll(() => {
    fake.port = null;
  });

  it('refuses every request but start until started', async () => {
    const { reply, transfer } = await send({ type: 'schema' });
    expect(reply).toEqual({ id: 1, ok: false, error: { message: 'analytics worker: not started', userError: false, code: undefined } });
    expect(transfer).toEqual([]);
  });

  it('starts fresh: PGlite with the smaller buffer cache and no synchronized scans, the schema installed for the database clock, then the parsers and the database', async () => {
    fake.calls.length = 0;
    const { reply, transfer } = await send({ type: 'start', wasm, dataDir: null });
    expect(reply).toEqual({ id: 2, ok: true, value: null });
    expect(transfer).toEqual([]);
    expect(fake.calls).toEqual([
      ['create', { pgliteWasmModule: wasm, startParams: ['--default', '-c', 'shared_buffers=16MB', '-c', 'synchronize_seqscans=off'] }],
      ['install', 'database'],
      ['loadParsers'],
      ['open'],
    ]);
  });

  it('starts from a data directory dump: loaded as a gzip blob, nothing installed', async () => {
    fake.calls.length = 0;
    const dataDir = new Uint8Array([1, 2, 3]).buffer;
    await send({ type: 'start', wasm, dataDir });
    const [[, options], ...rest] = fake.calls as [[string, { loadDataDir: Blob; startParams: string[] }], ...unknown[][]];
    expect(options.loadDataDir).toBeInstanceOf(Blob);
    expect(options.loadDataDir.type).toBe('application/gzip');
    expect([...new Uint8Array(await options.loadDataDir.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(options.startParams).toHaveLength(5);
    expect(rest).toEqual([['loadParsers'], ['open']]);
  });

  it('dumps its data directory gzipped, and transfers the buffer', async () => {
    const { reply, transfer } = await send({ type: 'dump' });
    expect(fake.calls.at(-1)).toEqual(['dumpDataDir', 'gzip']);
    expect(reply).toMatchObject({ ok: true, value: fake.dump });
    expect(transfer).toEqual([fake.dump]);
  });

  it("runs a query scoped to its publication, with its row cap and clock, on the database's clock set to the reading", async () => {
    const clock = { at: 1_234_567, frozen: true };
    const { reply } = await send({ type: 'query', blogId: 'b1', sql: 'SELECT 1', maxRows: 5, clock });
    expect(reply).toMatchObject({ ok: true, value: { rows: [] } });
    expect(fake.calls.at(-1)).toEqual(['query', 'b1', 'SELECT 1', { maxRows: 5, clock }, 1_234_567]);
    expect(Date.now()).not.toBe(1_234_567);
  });

  it('answers schema, apply and replace from the database', async () => {
    expect((await send({ type: 'schema' })).reply).toMatchObject({ ok: true, value: { tables: ['t'] } });
    const changes = [{ op: 'delete' as const, table: 'posts' as const, key: { id: 'p' } }];
    expect((await send({ type: 'apply', changes })).reply).toMatchObject({ ok: true });
    expect(fake.calls.at(-1)).toEqual(['apply', changes]);
    expect((await send({ type: 'replace', step: { step: 'begin' } })).reply).toMatchObject({ ok: true });
    expect(fake.calls.at(-1)).toEqual(['replace', { step: 'begin' }]);
  });

  it("sends failures back: the user's SQL errors marked with their code, others not", async () => {
    const query = fake.analytics.query!;
    try {
      fake.analytics.query = async () => Promise.reject(new UserSqlError('division by zero', '22012'));
      const user = (await send({ type: 'query', blogId: 'b1', sql: 'x', maxRows: 1, clock: { at: 0, frozen: true } })).reply;
      expect(user).toMatchObject({ ok: false, error: { message: 'division by zero', userError: true, code: '22012' } });
      fake.analytics.query = async () => Promise.reject(Object.assign(new Error('internal'), { code: 'XX000' }));
      const internal = (await send({ type: 'query', blogId: 'b1', sql: 'x', maxRows: 1, clock: { at: 0, frozen: true } })).reply;
      expect(internal).toMatchObject({ ok: false, error: { message: 'internal', userError: false, code: 'XX000' } });
      fake.analytics.query = async () => Promise.reject('a bare string');
      const bare = (await send({ type: 'query', blogId: 'b1', sql: 'x', maxRows: 1, clock: { at: 0, frozen: true } })).reply;
      expect(bare).toMatchObject({ ok: false, error: { message: 'a bare string', userError: false } });
    } finally {
      fake.analytics.query = query;
    }
  });

  it('answers one request at a time, in order', async () => {
    const schema = fake.analytics.schema!;
    let release: (() => void) | null = null;
    fake.analytics.schema = () => new Promise((resolve) => (release = () => resolve({ tables: ['slow'] })));
    const port = fake.port!;
    const before = port.replies.length;
    const slow = send({ type: 'schema' });
    const quick = send({ type: 'apply', changes: [] });
    await vi.waitFor(() => expect(release).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(port.replies).toHaveLength(before);
    release!();
    await Promise.all([slow, quick]);
    fake.analytics.schema = schema;
    const order = port.replies.slice(before).map(([reply]) => (reply as WorkerReply & { value: unknown }).value);
    expect(order).toEqual([{ tables: ['slow'] }, undefined]);
  });

  it('refuses to run outside a worker thread', async () => {
    vi.resetModules();
    fake.port = null;
    await expect(import('./worker.js')).rejects.toThrow('analytics worker: must run in a worker thread');
  });
});
