/**
 * Named snapshots: save points a test can jump back to. Kept in memory as
 * encoded documents (a restore parses a fresh copy, so restoring twice gives
 * the same state twice). With a state file, each is also written, atomically,
 * to `<state file>.snapshots/<name>.json` (a complete state file of its own)
 * and found again there after a restart.
 */
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { decodeState, StateFileError, type StateDocument } from './format.js';
import type { Encoded } from './state-file.js';
import type { z } from 'zod';
import type { ControlSnapshotInfo } from '../../../schemas/control.js';

/** A snapshot as GET /_control/snapshots lists it. */
export type NamedSnapshotInfo = z.output<typeof ControlSnapshotInfo>;

interface Entry extends NamedSnapshotInfo {
  /** The document; absent for one found on disk and not read yet. */
  text?: string;
}

const FILE_SUFFIX = '.json';

export class NamedSnapshots {
  private entries = new Map<string, Entry>();

  constructor(private readonly dir: string | null) {
    if (dir) for (const entry of scan(dir)) this.entries.set(entry.name, entry);
  }

  /** Save (or replace) a snapshot; with a directory, resolves once it is on disk. */
  async save(name: string, encoded: Encoded): Promise<NamedSnapshotInfo> {
    const entry: Entry = { name, savedAt: encoded.savedAt, bytes: Buffer.byteLength(encoded.text), persisted: this.dir !== null, text: encoded.text };
    if (this.dir) {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(join(this.dir, name + FILE_SUFFIX), encoded.text);
    }
    this.entries.set(name, entry);
    return infoOf(entry);
  }

  /** The saved document, or undefined for an unknown name. A damaged file is a StateFileError. */
  load(name: string): StateDocument | undefined {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    let text = entry.text;
    if (text === undefined) {
      try {
        text = readFileSync(join(this.dir!, name + FILE_SUFFIX), 'utf8');
      } catch (err) {
        throw new StateFileError(`snapshot "${name}" cannot be read: ${(err as Error).message}`);
      }
    }
    return decodeState(text, `snapshot "${name}"`);
  }

  list(): NamedSnapshotInfo[] {
    return [...this.entries.values()].map(infoOf).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

const infoOf = ({ name, savedAt, bytes, persisted }: Entry): NamedSnapshotInfo => ({ name, savedAt, bytes, persisted });

/** Snapshots a previous run left in the directory: names and headers only, the documents are read on restore. */
function scan(dir: string): Entry[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(FILE_SUFFIX) && !n.startsWith('.'))
    .map((file) => {
      const { savedAt, bytes } = readHeader(join(dir, file));
      return { name: file.slice(0, -FILE_SUFFIX.length), savedAt, bytes, persisted: true };
    });
}

/** encodeState writes savedAt near the start, so the first bytes tell it without parsing the whole state. */
function readHeader(path: string): { savedAt: number | null; bytes: number } {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(256);
    const n = readSync(fd, head, 0, head.length, 0);
    const match = /"savedAt":(-?\d+(?:\.\d+)?)/.exec(head.subarray(0, n).toString('utf8'));
    return { savedAt: match ? Number(match[1]) : null, bytes: fstatSync(fd).size };
  } finally {
    closeSync(fd);
  }
}
