/**
 * The state file: read once at start, then written at an interval when
 * something changed and once more on close (after the server has finished
 * its in-flight requests). Saves never overlap; each is atomic
 * (atomic-write.ts), so a kill at any moment leaves the last complete save.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Clock } from '../clock.js';
import { removeLeftoverTemps, writeFileAtomic } from './atomic-write.js';
import { decodeState, StateFileError, type StateDocument } from './format.js';

export const DEFAULT_SNAPSHOT_INTERVAL_MS = 5_000;

/** What a save writes, taken synchronously so it is one consistent moment of the state. */
export interface Encoded {
  text: string;
  savedAt: number;
  writes: number;
}

export interface SaveInfo {
  savedAt: number;
  writes: number;
  bytes: number;
}

export interface StateFileSource {
  clock: Pick<Clock, 'now' | 'pending'>;
  encode(): Encoded;
  /** Grows with every answered request: unchanged means no request changed anything. */
  activity(): number;
  /** A loop is between two slices (slices.ts): the state holds part of its work, so the save waits for the next tick. */
  busy(): boolean;
}

export interface LoadedState {
  document: StateDocument;
  bytes: number;
}

/** The saved document, null when there is no file yet. Anything unreadable is a StateFileError. */
export function readStateFile(path: string): LoadedState | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StateFileError(`state file ${path} cannot be read: ${(err as Error).message}`);
  }
  return { document: decodeState(text, `state file ${path}`), bytes: Buffer.byteLength(text) };
}

export class StateFile {
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Activity and the next task's time as of the last save: what "something changed" compares with. */
  private savedActivity = -1;
  private nextDueAtSave = Infinity;
  private last: SaveInfo | null = null;

  constructor(
    readonly path: string,
    readonly intervalMs: number,
    private readonly source: StateFileSource,
    readonly loaded: SaveInfo | null,
  ) {
    // `--state-file data/state.json` in a fresh checkout: make `data/` rather than fail every save.
    mkdirSync(dirname(path), { recursive: true });
    void removeLeftoverTemps(path);
  }

  start(): void {
    this.timer ??= setInterval(() => {
      if (this.changed() && !this.source.busy()) this.save().catch((err) => console.error(`state file ${this.path}: save failed, will retry: ${(err as Error).message}`));
    }, this.intervalMs);
    this.timer.unref();
  }

  /**
   * A request was answered since the last save, or a scheduled task has come
   * due since (the real-time timer runs those without a request).
   */
  changed(): boolean {
    return this.source.activity() !== this.savedActivity || this.nextDueAtSave <= this.source.clock.now();
  }

  /** Save now; a call while a save runs is queued behind it (once), so the newest state always lands. */
  save(): Promise<void> {
    if (this.saving) {
      this.queued ??= this.saving.catch(() => {}).then(() => {
        this.queued = null;
        // A loop may have started while the last save was written: then the interval's next tick saves.
        if (!this.source.busy()) return this.save();
      });
      return this.queued;
    }
    const activity = this.source.activity();
    let encoded: Encoded;
    try {
      encoded = this.source.encode();
    } catch (err) {
      // A state too big for one string, say: reported like a failed write, never thrown into a timer.
      return Promise.reject(err);
    }
    this.savedActivity = activity;
    this.nextDueAtSave = this.source.clock.pending()[0]?.at ?? Infinity;
    this.saving = writeFileAtomic(this.path, encoded.text)
      .then(() => {
        this.last = { savedAt: encoded.savedAt, writes: encoded.writes, bytes: Buffer.byteLength(encoded.text) };
      })
      .catch((err) => {
        this.savedActivity = -1; // try again at the next tick
        throw err;
      })
      .finally(() => {
        this.saving = null;
      });
    return this.saving;
  }

  /** Stop the interval and write the final state (the server has stopped taking requests). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await (this.queued ?? this.saving)?.catch(() => {});
    if (this.changed() || this.last === null) await this.save();
  }

  status(): { path: string; intervalMs: number; loaded: SaveInfo | null; lastSave: SaveInfo | null } {
    return { path: this.path, intervalMs: this.intervalMs, loaded: this.loaded, lastSave: this.last };
  }
}
