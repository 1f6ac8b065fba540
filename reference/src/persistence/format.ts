/**
 * The state file's format: a JSON document with a name and a version around
 * the state snapshot (state.ts). A file of another format or version, or one
 * that does not parse, or whose records do not fit their stores' schemas
 * (state-schema.ts), is refused with a StateFileError: never read as
 * "nothing saved", which would start empty over someone's state.
 */
import type { StateSnapshot } from '../state.js';
import { stateProblem } from './state-schema.js';

export const STATE_FORMAT = 'publishing-api-reference/state';
/** Bump when a store's snapshot changes shape; older files are then refused, not misread. */
export const STATE_FORMAT_VERSION = 2;

export interface StateDocument {
  format: typeof STATE_FORMAT;
  version: number;
  /** The server clock's time of the save (Unix ms). */
  savedAt: number;
  /** Answered requests other than GET, HEAD and OPTIONS, counted since the file was first made. */
  writes: number;
  state: StateSnapshot;
}

/** A state file or named snapshot that cannot be used; the message says which and why. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** One JSON document; the header fields come first, so they can be read without the rest. */
export function encodeState(doc: Omit<StateDocument, 'format' | 'version'>): string {
  const full: StateDocument = { format: STATE_FORMAT, version: STATE_FORMAT_VERSION, savedAt: doc.savedAt, writes: doc.writes, state: doc.state };
  return JSON.stringify(full);
}

const kindOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** Parse and check a saved document. `source` names it in messages (a path, or a snapshot's name). */
export function decodeState(text: string, source: string): StateDocument {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new StateFileError(`${source} is not a state file: it is not valid JSON (${(err as Error).message}); it may be damaged. Move it away to start fresh.`);
  }
  if (kindOf(doc) !== 'object' || (doc as { format?: unknown }).format !== STATE_FORMAT)
    throw new StateFileError(`${source} is not a state file of this server (no "format": "${STATE_FORMAT}")`);
  const { version, savedAt, writes, state } = doc as Record<string, unknown>;
  if (version !== STATE_FORMAT_VERSION)
    throw new StateFileError(`${source} has state format version ${JSON.stringify(version)}; this server reads version ${STATE_FORMAT_VERSION} only`);
  if (typeof savedAt !== 'number' || typeof writes !== 'number' || kindOf(state) !== 'object')
    throw new StateFileError(`${source} is damaged: savedAt, writes or state is missing`);
  const problem = stateProblem(state);
  if (problem) throw new StateFileError(`${source} is damaged: ${problem}. It was left as it is; fix or move it away.`);
  return doc as StateDocument;
}
