/**
 * A malformation applied to an operation's base request: the method, the
 * path (ids, query) and the exact bytes of the body and headers.
 */
import { SuiteError, type RequestOptions } from '../../src/authoring/index.js';
import type { BodyShape, Malformation } from './malformations.js';
import type { Operation } from './operations.js';
import { MULTIPART_BOUNDARY, NEVER_TOUCHED } from './plans.js';

export interface BuiltRequest {
  method: string;
  path: string;
  options: RequestOptions;
}

export const HUGE_STRING_BYTES = 1_000_000;
export const HUGE_ARRAY_ITEMS = 100_000;
export const DEEP_LEVELS = 10_000;
export const LONG_URL_BYTES = 100_000;
export const LONG_HEADER_BYTES = 64 * 1024;

// Placeholders replaced in the serialised text, so 10k-level nesting never goes through JSON.stringify.
const DEEP_MARK = '@@robustness-deep@@';

function deepText(shape: 'array' | 'object'): string {
  return shape === 'array' ? '['.repeat(DEEP_LEVELS) + ']'.repeat(DEEP_LEVELS) : '{"a":'.repeat(DEEP_LEVELS) + '0' + '}'.repeat(DEEP_LEVELS);
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function getAt(object: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), object);
}

/** Sets a (dotted) field, creating the objects on the way; an own property even for __proto__. */
function setAt(object: Record<string, unknown>, path: string[], value: unknown): void {
  let node = object;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) defineOwn(node, key, {});
    node = node[key] as Record<string, unknown>;
  }
  defineOwn(node, path[path.length - 1]!, value);
}

function defineOwn(node: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The JSON body a malformation makes of the base: a string (maybe not JSON at all) or bytes. */
function jsonBody(base: Record<string, unknown>, shape: BodyShape, m: Malformation): string | Buffer {
  const body = clone(base);
  const text = () => JSON.stringify(body);
  switch (m.kind) {
    case 'wrong-type':
      setAt(body, m.field.split('.'), m.value);
      return text();
    case 'nulls':
      for (const key of shape.baseFields) body[key] = null;
      return text();
    case 'missing':
      for (const key of m.fields) delete body[key];
      return text();
    case 'extra':
      defineOwn(body, m.key, m.value);
      return text();
    case 'forbidden-key': {
      const payload = m.key === '__proto__' ? { polluted: 'robustness' } : { prototype: { polluted: 'robustness' } };
      const holder = m.at === null ? body : getAt(body, m.at.split('.'));
      defineOwn(holder !== null && typeof holder === 'object' ? (holder as Record<string, unknown>) : body, m.key, payload);
      return text();
    }
    case 'huge-string': {
      const path = m.field.split('.');
      const current = getAt(body, path);
      // Keeps the base value as a prefix: a title stays titled with the run id even at 1 MB.
      setAt(body, path, (typeof current === 'string' ? current : '') + 'x'.repeat(HUGE_STRING_BYTES));
      return text();
    }
    case 'huge-array': {
      const path = m.field.split('.');
      const current = getAt(body, path);
      const item = Array.isArray(current) && current.length > 0 ? current[0] : 'x';
      setAt(body, path, new Array(HUGE_ARRAY_ITEMS).fill(item));
      return text();
    }
    case 'deep':
      if (m.field === null) return deepText(m.shape);
      setAt(body, m.field.split('.'), DEEP_MARK);
      return text().replace(JSON.stringify(DEEP_MARK), deepText(m.shape));
    case 'not-an-object':
      return JSON.stringify(m.value);
    case 'invalid-json':
    case 'raw-body':
      return m.text;
    default:
      return text();
  }
}

/** Bytes that are not UTF-8, inside the first string value (or key) of the text. */
function withInvalidUtf8(text: string, bytes: number[], after: RegExp): Buffer {
  const match = after.exec(text);
  const at = match ? match.index + match[0].length : Math.min(1, text.length);
  const raw = Buffer.from(text, 'utf8');
  const cut = Buffer.byteLength(text.slice(0, at), 'utf8');
  return Buffer.concat([raw.subarray(0, cut), Buffer.from(bytes), raw.subarray(cut)]);
}

/** Refuses to send anything that could email someone, should a target accept it. */
function assertSafe(op: Operation, body: string | Buffer | undefined): void {
  if (body === undefined) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString());
  } catch {
    return; // not JSON: nothing a server could act on
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return;
  const record = parsed as Record<string, unknown>;
  const unsafe =
    NEVER_TOUCHED.some((key) => key in record) ||
    (op.key === 'POST /v1/emails/send' && record.dryRun !== true) ||
    (op.key === 'POST /v1/posts' && 'title' in record && record.status !== 'draft');
  if (unsafe) throw new SuiteError(`robustness suite bug: refusing to send ${op.key} with ${body.toString().slice(0, 200)}`);
}

const DEFAULT_CONTENT_TYPE = { json: 'application/json', form: 'application/x-www-form-urlencoded', multipart: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, none: 'application/json' };

/** The request: path ids already chosen (encoded or deliberately raw), the malformation applied. */
export function buildRequest(op: Operation, shape: BodyShape, base: unknown, pathValues: string[], m: Malformation): BuiltRequest {
  const values = [...pathValues];
  if (m.kind === 'long-url' && m.where === 'path' && values.length > 0) values[values.length - 1] = 'a'.repeat(LONG_URL_BYTES);
  let index = 0;
  let path = op.path.replace(/\{[^}]+\}/g, () => values[index++] ?? '');
  if (m.kind === 'long-url' && m.where === 'path' && pathValues.length === 0) path += `/${'a'.repeat(LONG_URL_BYTES)}`;
  if (m.kind === 'long-url' && m.where === 'query') path += `?pad=${'a'.repeat(LONG_URL_BYTES)}`;
  if (m.kind === 'bad-query') path += `?${m.query}`;

  let body: string | Buffer | undefined;
  let contentType: string | null = DEFAULT_CONTENT_TYPE[shape.type];
  if (shape.type === 'json') body = jsonBody(base as Record<string, unknown>, shape, m);
  else if (shape.type !== 'none') body = m.kind === 'raw-body' ? m.text : (base as string);
  else if (m.kind === 'raw-body') body = m.text;

  if (m.kind === 'truncated' && body !== undefined) body = body.toString().slice(0, Math.max(1, Math.floor(body.length * m.keep)));
  if (m.kind === 'content-type') contentType = m.contentType;
  if (m.kind === 'invalid-utf8' && body !== undefined) body = withInvalidUtf8(body.toString(), m.bytes, shape.type === 'json' ? /:\s*"/ : shape.type === 'form' ? /=/ : /filename="/);
  if (m.kind === 'huge-body') body = shape.type === 'form' ? `a=${'x'.repeat(HUGE_STRING_BYTES)}` : 'x'.repeat(HUGE_STRING_BYTES);
  if (shape.type === 'multipart' && m.kind === 'huge-body') body = String(base).replace('not-an-address', 'x'.repeat(HUGE_STRING_BYTES));
  assertSafe(op, body);

  const headers: Record<string, string> = {};
  if (body !== undefined && contentType !== null) headers['content-type'] = contentType;
  if (m.kind === 'long-header') {
    const pad = 'a'.repeat(LONG_HEADER_BYTES);
    headers[m.header] = m.header === 'authorization' ? `Bearer ${pad}` : m.header === 'content-type' ? `application/json; x=${pad}` : pad;
  }
  const options: RequestOptions = { body, headers };
  // The client refuses any /v1/emails/send whose json is not a dry run, and sees only `json`; assertSafe
  // above checked the bytes really sent, so it is shown the dry-run flag they carry (or that nothing can act on).
  if (op.key === 'POST /v1/emails/send') options.json = { dryRun: true };
  return { method: op.method, path, options };
}
