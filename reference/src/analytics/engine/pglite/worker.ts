/**
 * The PGlite worker: owns one embedded PostgreSQL and answers WorkerRequests
 * one at a time. It runs in its own thread because a query blocks the thread
 * PGlite runs on; the main thread keeps serving HTTP and stops this worker
 * (Worker.terminate) when a query runs past its time limit.
 */
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { AnalyticsDatabase, installAnalyticsSchema } from '../db/database.js';
import { UserSqlError } from '../db/runner.js';
import type { WorkerEnvelope, WorkerReply, WorkerRequest } from './protocol.js';
import { PgliteRunner } from './pglite-runner.js';
import { withDatabaseClock } from './worker-clock.js';

/**
 * The data directory already lives in memory (PGlite's in-memory file
 * system), so PostgreSQL's buffer cache only holds second copies of pages:
 * PGlite's default of 128MB is memory the whole of which the worker touches
 * at start, for no gain. 16MB keeps the catalogues and the default data
 * cached, and reading a page from the file system is a copy within memory.
 * With the smaller cache, PostgreSQL would start scans of tables above 4MB
 * (not 32MB) where an earlier scan stopped (synchronized scans, meant for
 * many processes): off, every scan starts at the table's first page, as
 * it did on tables below 32MB.
 */
const SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'synchronize_seqscans=off'];

let pglite: PGlite | null = null;
let database: AnalyticsDatabase | null = null;

function open(): { db: PGlite; analytics: AnalyticsDatabase } {
  if (!pglite || !database) throw new Error('analytics worker: not started');
  return { db: pglite, analytics: database };
}

async function handle(request: WorkerRequest): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.type) {
    case 'start': {
      pglite = await PGlite.create({
        pgliteWasmModule: request.wasm,
        startParams: [...PGlite.defaultStartParams, ...SETTINGS],
        ...(request.dataDir ? { loadDataDir: new Blob([request.dataDir], { type: 'application/gzip' }) } : {}),
      });
      const runner = new PgliteRunner(pglite);
      if (!request.dataDir) await installAnalyticsSchema(runner, 'database');
      await runner.loadParsers();
      database = await AnalyticsDatabase.open(runner);
      return { value: null };
    }
    case 'dump': {
      // Compressed: the engine keeps it for every later worker start, and sends each a copy.
      const buffer = await (await open().db.dumpDataDir('gzip')).arrayBuffer();
      return { value: buffer, transfer: [buffer] };
    }
    case 'query': {
      // No statement_timeout: PGlite does not enforce it; the main thread's timer does.
      const { blogId, sql, maxRows, clock } = request;
      const { analytics } = open();
      return { value: await withDatabaseClock(clock, () => analytics.query(blogId, sql, { maxRows, clock })) };
    }
    case 'schema':
      return { value: await open().analytics.schema() };
    case 'apply':
      return { value: await open().analytics.apply(request.changes) };
    case 'replace':
      return { value: await open().analytics.replace(request.step) };
  }
}

const port = parentPort;
if (!port) throw new Error('analytics worker: must run in a worker thread');

// PGlite handles one statement at a time; requests are answered in order.
let chain: Promise<void> = Promise.resolve();
port.on('message', (envelope: WorkerEnvelope) => {
  chain = chain.then(async () => {
    let reply: WorkerReply;
    let transfer: ArrayBuffer[] = [];
    try {
      const result = await handle(envelope.request);
      reply = { id: envelope.id, ok: true, value: result.value };
      transfer = result.transfer ?? [];
    } catch (error) {
      const e = error as Error & { code?: string };
      reply = {
        id: envelope.id,
        ok: false,
        error: { message: e.message ?? String(error), userError: error instanceof UserSqlError, code: e.code },
      };
    }
    port.postMessage(reply, transfer);
  });
});
