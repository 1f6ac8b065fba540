/**
 * Persistence of one Reference: the count of answered writes, named
 * snapshots, and (with `stateFile`) the state file. app.ts makes one and
 * tells it of every answered request; the control API reaches it through
 * `reference.persistence`.
 */
import type { Clock } from '../clock.js';
import type { SlicedWork } from '../slices.js';
import type { StateSnapshot } from '../state.js';
import { encodeState } from './format.js';
import { NamedSnapshots, type NamedSnapshotInfo } from './named.js';
import { DEFAULT_SNAPSHOT_INTERVAL_MS, StateFile, type Encoded, type LoadedState } from './state-file.js';

/** What persistence needs of the Reference. */
export interface PersistenceHost {
  readonly clock: Clock;
  /** The whole state now, as plain data (serialised at once, before anything changes). */
  snapshot(): StateSnapshot;
  /** Replace the whole state, clock included. */
  restore(snapshot: StateSnapshot): void;
  /** The loops running in slices now (slices.ts): a save waits until none does, so it holds each whole. */
  work(): SlicedWork;
}

export interface PersistenceOptions {
  stateFile?: string;
  intervalMs?: number;
  /** What the state was restored from at start (the state file's content), if anything. */
  loaded?: LoadedState | null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export class Persistence {
  /** Answered requests that may write (not GET, HEAD or OPTIONS); continues from the loaded file. */
  private writes: number;
  private activity = 0;
  readonly named: NamedSnapshots;
  readonly file: StateFile | null;

  constructor(
    private readonly host: PersistenceHost,
    options: PersistenceOptions = {},
  ) {
    const loaded = options.loaded ?? null;
    this.writes = loaded?.document.writes ?? 0;
    this.named = new NamedSnapshots(options.stateFile ? `${options.stateFile}.snapshots` : null);
    this.file = options.stateFile
      ? new StateFile(
          options.stateFile,
          options.intervalMs ?? DEFAULT_SNAPSHOT_INTERVAL_MS,
          { clock: host.clock, encode: () => this.encode(), activity: () => this.activity, busy: () => host.work().busy },
          loaded && { savedAt: loaded.document.savedAt, writes: loaded.document.writes, bytes: loaded.bytes },
        )
      : null;
    this.file?.start();
  }

  /**
   * Called once per request, after its answer was handed to the socket and in
   * the same tick, so a save never holds half a request, and a client that
   * read an answer knows the request is counted.
   */
  noteRequest(method: string): void {
    this.activity++;
    if (!SAFE_METHODS.has(method)) this.writes++;
  }

  /** The whole state with the header, encoded now. */
  encode(): Encoded {
    const savedAt = this.host.clock.now();
    const text = encodeState({ savedAt, writes: this.writes, state: this.host.snapshot() });
    return { text, savedAt, writes: this.writes };
  }

  async saveNamed(name: string): Promise<NamedSnapshotInfo> {
    await this.host.work().idle();
    return this.named.save(name, this.encode());
  }

  /** Jump to a named snapshot; false when there is none of that name. */
  restoreNamed(name: string): boolean {
    const doc = this.named.load(name);
    if (!doc) return false;
    this.host.restore(doc.state);
    return true;
  }

  status() {
    return { writes: this.writes, snapshots: this.named.list(), stateFile: this.file?.status() ?? null };
  }

  /** The final save (the server no longer takes requests). */
  async close(): Promise<void> {
    await this.host.work().idle();
    await this.file?.close();
  }
}
