/** Messages between the engine (main thread) and the PGlite worker. */
import type { MirrorChange, MirrorSnapshot } from '../mirror-types.js';

export type WorkerRequest =
  /** Start PGlite: from a data directory dump when given, else fresh with the schema installed. */
  | { type: 'start'; dataDir: ArrayBuffer | null }
  /** Dump the data directory (taken right after install, to start later workers fast). */
  | { type: 'dump' }
  | { type: 'query'; blogId: string; sql: string; maxRows: number }
  | { type: 'schema' }
  | { type: 'apply'; changes: MirrorChange[] }
  | { type: 'reset'; snapshot: MirrorSnapshot };

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
