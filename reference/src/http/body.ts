/**
 * Reading request bodies: JSON (keys that could reach an object's prototype
 * refused) and the HTML forms of the pages, with a size limit enforced while
 * reading.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest, payloadTooLarge, unsupportedMediaType } from '../errors.js';

/** Default limit for JSON bodies; endpoints may ask for another. */
export const DEFAULT_JSON_LIMIT = 5 * 1024 * 1024;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// One decoder for every body: decode() without { stream: true } starts afresh each call.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

export function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(payloadTooLarge(`request body is larger than ${limit} bytes`));
  }
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return readStream(req, limit);
}

/** With stream events rather than `for await`: the async iterator costs more than the rest of reading a small body. */
function readStream(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error: ApiError | null): void => {
      req.off('data', onData).off('end', onEnd).off('error', onCutOff).off('close', onCutOff);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        settle(payloadTooLarge(`request body is larger than ${limit} bytes`));
        req.resume(); // the rest is read and dropped, so the answer can be sent
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => settle(null);
    // An error, or a close before the end: the client (or a server timeout) cut the body off.
    const onCutOff = (): void => settle(bodyCutOff());
    req.on('data', onData).on('end', onEnd).on('error', onCutOff).on('close', onCutOff);
  });
}

/** The fields of an HTML form (application/x-www-form-urlencoded); null when the body is not one. */
export async function readHtmlForm(req: IncomingMessage, limit: number): Promise<URLSearchParams | null> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return null;
  return new URLSearchParams((await readRaw(req, limit)).toString('utf8'));
}

/**
 * The request stream fails only when the client closed the connection (or
 * node:http's request timeout closed it) before the body was complete: the
 * client's doing, not an internal error to log as a 500.
 */
export const bodyCutOff = () => badRequest('the request body ended before it was complete: the connection was closed or timed out');

export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const type = header.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * Parse a JSON body. An empty body reads as `{}` (several endpoints take an
 * empty object), but a non-empty one must be declared as JSON.
 */
export function parseJsonBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return {};
  if (!isJsonContentType(contentType))
    throw unsupportedMediaType('request body must be JSON: send Content-Type: application/json');
  let text: string;
  try {
    text = STRICT_UTF8.decode(raw);
  } catch {
    throw badRequest('request body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw badRequest(`request body is not valid JSON: ${(err as Error).message}`);
  }
  assertNoForbiddenKeys(value, 0);
  return value;
}

const MAX_DEPTH = 64;

function assertNoForbiddenKeys(value: unknown, depth: number): void {
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_DEPTH) throw badRequest(`request body is nested more than ${MAX_DEPTH} levels deep`);
  if (Array.isArray(value)) {
    for (const item of value) assertNoForbiddenKeys(item, depth + 1);
    return;
  }
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) throw badRequest(`property name "${key}" is not allowed`);
    assertNoForbiddenKeys((value as Record<string, unknown>)[key], depth + 1);
  }
}
