/** Messages between the engine (main thread) and the PGlite worker. */
import type { ReplaceStep } from '../db/mirror-sql.js';
import type { MirrorChange } from '../mirror-types.js';
import type { ClockReading } from '../query-clock.js';

export type WorkerRequest =
  /** Start PGlite on the process's compiled `wasm`: from a data directory dump (gzipped tar) when given, else fresh with the schema installed. */
  | { type: 'start'; wasm: WebAssembly.Module; dataDir: ArrayBuffer | null }
  /** Dump the data directory as a gzipped tar (taken right after install, to start later workers fast). */
  | { type: 'dump' }
  /** `sql` as the guard rewrote it; `clock` is the reference clock's reading for it. */
  | { type: 'query'; blogId: string; sql: string; maxRows: number; clock: ClockReading }
  | { type: 'schema' }
  | { type: 'apply'; changes: MirrorChange[] }
  /** One step of replacing all rows (the rows come in batches). */
  | { type: 'replace'; step: ReplaceStep };

export interface WorkerError {
  message: string;
  /** Raised by PostgreSQL while running the user's SQL (a 400), as opposed to an engine fault. */
  userError: boolean;
  code?: string;
}

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WorkerError };

export interface WorkerEnvelope {
  id: number;
  request: WorkerRequest;
}
