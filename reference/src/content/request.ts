/**
 * The create and patch requests of /v1/content: strict envelopes around the
 * body of a kind, with writer-readable messages.
 */
import {
  CONTENT_KINDS,
  CONTENT_LIMITS,
  characterCount,
  fitsCharacters,
  type ContentBodyT,
  type ContentKind,
} from '../../../schemas/content.js';
import { badRequest } from '../errors.js';
import { TEXT_ONLY_MESSAGE, parseContentBody, type BodyReading } from './body-rules.js';
import { isPlainObject, num, typeName } from './wording.js';

export interface CreateRequest {
  kind: ContentKind;
  title: string;
  body: ContentBodyT;
  bucketId: string | null;
}

export interface PatchRequest {
  title?: string;
  body?: ContentBodyT;
  bucketId?: string;
}

const CREATE_FIELDS = ['kind', 'title', 'body', 'bucketId'];
const PATCH_FIELDS = ['title', 'body', 'bucketId'];

function checkEnvelope(raw: unknown, allowed: string[], takes: string): Record<string, unknown> {
  if (!isPlainObject(raw)) throw badRequest(`send a JSON object: ${takes}`);
  for (const key of Object.keys(raw)) {
    if (key === 'media') throw badRequest(TEXT_ONLY_MESSAGE);
    if (!allowed.includes(key)) throw badRequest(`unknown property: ${key}; ${takes}`);
  }
  return raw;
}

export function parseTitle(value: unknown): string {
  if (value === undefined) throw badRequest('title is required: the name of the piece in your library');
  if (typeof value !== 'string') throw badRequest(`title must be text, not ${typeName(value)}`);
  if (value.trim() === '') throw badRequest('title is empty: give the piece a name for your library');
  if (!fitsCharacters(value, CONTENT_LIMITS.titleMax))
    throw badRequest(`title is ${num(characterCount(value))} characters; the limit is ${CONTENT_LIMITS.titleMax}`);
  return value;
}

function parseBucketId(value: unknown, onPatch: boolean): string | null {
  if (value === null && !onPatch) return null;
  if (value === null)
    throw badRequest('bucketId cannot be null: a piece cannot be taken out of its group through the API');
  if (typeof value !== 'string' || value === '')
    throw badRequest(`bucketId must be the id of a content group, not ${value === '' ? 'empty text' : typeName(value)}`);
  return value;
}

/** `read`: the body's markdown as a conversion worker read it, when it was (see markdownToRead). */
export function parseCreateRequest(raw: unknown, read?: BodyReading): CreateRequest {
  const req = checkEnvelope(raw, CREATE_FIELDS, 'a content piece takes kind, title, body and an optional bucketId');
  const kind = req.kind;
  if (kind === undefined) throw badRequest(`kind is required: one of ${CONTENT_KINDS.join(', ')}`);
  if (typeof kind !== 'string' || !(CONTENT_KINDS as readonly string[]).includes(kind))
    throw badRequest(`kind must be one of ${CONTENT_KINDS.join(', ')}, not ${typeof kind === 'string' ? `"${kind.slice(0, 50)}"` : typeName(kind)}`);
  const title = parseTitle(req.title);
  const body = parseContentBody(kind as ContentKind, req.body, read);
  const bucketId = req.bucketId === undefined ? null : parseBucketId(req.bucketId, false);
  return { kind: kind as ContentKind, title, body, bucketId };
}

/** A PATCH; `kind` is the piece's own (a body is checked against it; kind cannot change). */
export function parsePatchRequest(raw: unknown, kind: ContentKind, read?: BodyReading): PatchRequest {
  if (isPlainObject(raw) && 'kind' in raw)
    throw badRequest('kind cannot be changed: create a new piece of the other kind instead');
  const req = checkEnvelope(raw, PATCH_FIELDS, 'a PATCH takes title, body and bucketId (at least one)');
  const out: PatchRequest = {};
  if (req.title !== undefined) out.title = parseTitle(req.title);
  if (req.body !== undefined) out.body = parseContentBody(kind, req.body, read);
  if (req.bucketId !== undefined) out.bucketId = parseBucketId(req.bucketId, true) as string;
  if (Object.keys(req).length === 0) throw badRequest('nothing to change: give title, body or bucketId');
  return out;
}
