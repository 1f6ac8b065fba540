/**
 * The one place that writes responses, and turns errors into
 * `{success: false, msg}` (never a stack trace).
 */
import type { ServerResponse } from 'node:http';
import { ApiError } from '../errors.js';
import type { Reply } from './types.js';

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
};

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function send(res: ServerResponse, reply: Reply, head = false): void {
  if (reply.headers === undefined && ('json' in reply || 'body' in reply)) {
    // The common reply, on every hot route: one fixed header shape, built at
    // once (the same headers, in the same order, as the general path below).
    const json = 'json' in reply;
    const body = json ? JSON.stringify(reply.json) : reply.body;
    if (res.headersSent) return;
    res.writeHead(reply.status ?? 200, {
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': json ? JSON_CONTENT_TYPE : reply.contentType,
      'Content-Length': String(Buffer.byteLength(body)),
    });
    res.end(head ? undefined : body);
    return;
  }
  const status = reply.status ?? 200;
  const headers: Record<string, string> = { ...SECURITY_HEADERS, ...(reply.headers ?? {}) };
  let body: Buffer | string;
  if ('json' in reply) {
    body = JSON.stringify(reply.json);
    headers['Content-Type'] = JSON_CONTENT_TYPE;
  } else if ('html' in reply) {
    body = reply.html;
    headers['Content-Type'] = 'text/html; charset=utf-8';
    headers['Content-Security-Policy'] ??= "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' https:; frame-ancestors 'none'";
    headers['X-Frame-Options'] = 'DENY';
  } else if ('redirect' in reply) {
    body = '';
    headers.Location = reply.redirect;
  } else {
    body = reply.body;
    headers['Content-Type'] = reply.contentType;
  }
  headers['Content-Length'] = String(Buffer.byteLength(body));
  if (res.headersSent) return;
  res.writeHead(status, headers);
  res.end(head ? undefined : body);
}

export function errorReply(err: unknown): Reply {
  if (err instanceof ApiError) {
    const json = err.messageField ? { success: false, msg: err.message, message: err.message } : { success: false, msg: err.message };
    return { status: err.status, json, headers: err.headers };
  }
  return { status: 500, json: { success: false, msg: 'internal server error' } };
}
