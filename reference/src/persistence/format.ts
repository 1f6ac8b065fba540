/**
 * The state file's format: a JSON document with a name and a version around
 * the state snapshot (state.ts). A file of another format or version, or one
 * that does not parse, is refused with a StateFileError: never read as
 * "nothing saved", which would start empty over someone's state.
 */
import type { StateSnapshot } from '../state.js';

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

/**
 * What every snapshot holds, and the JSON kind of each part: enough to tell
 * a state document from any other JSON before a store reads it.
 */
const PARTS: Record<keyof StateSnapshot, 'array' | 'object' | 'number'> = {
  seed: 'number',
  fixtures: 'object',
  clock: 'object',
  random: 'array',
  keys: 'array',
  users: 'array',
  publications: 'array',
  posts: 'array',
  authSessions: 'array',
  content: 'array',
  buckets: 'array',
  suggestions: 'array',
  suppressions: 'array',
  subscribers: 'object',
  emails: 'object',
};

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
  for (const [part, kind] of Object.entries(PARTS)) {
    const found = kindOf((state as Record<string, unknown>)[part]);
    if (found !== kind) throw new StateFileError(`${source} is damaged: state.${part} should be ${kind === 'array' ? 'an array' : `a ${kind}`}, found ${found}`);
  }
  return doc as StateDocument;
}
