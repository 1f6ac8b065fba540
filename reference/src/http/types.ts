import type { IncomingMessage, ServerResponse } from 'node:http';
import type { State } from '../state.js';

export type AuthMode = 'required' | 'optional' | 'none';

/** Who is calling: the publication the API key belongs to. */
export interface Caller {
  apiKey: string;
  publicationId: string;
}

export interface RequestContext {
  method: string;
  pathname: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The caller when a valid key was sent; null on public calls without one. */
  caller: Caller | null;
  state: State;
  /** Public base URL of this server (no trailing slash). */
  baseUrl: string;
  /** The parsed JSON body (`{}` when empty). Reads the stream on first use. */
  json(): Promise<unknown>;
  /** The raw request, for streaming bodies (multipart). */
  req: IncomingMessage;
  res: ServerResponse;
}

/** What a handler answers: the dispatcher writes it (http/respond.ts). */
export type Reply =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; html: string; headers?: Record<string, string> }
  | { status: number; redirect: string; headers?: Record<string, string> }
  | { status?: number; body: Buffer | string; contentType: string; headers?: Record<string, string> };

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  auth: AuthMode;
  handler: Handler;
  /** Body size limit in bytes (defaults to DEFAULT_JSON_LIMIT). */
  bodyLimit?: number;
  /**
   * A GET whose answer depends on the state, the caller's publication and the
   * URL alone (never the time), answered synchronously: its answers are kept
   * at the edge until the state may have changed (http/read-cache.ts).
   */
  cached?: true;
}

/** A caller is required: narrows `ctx.caller`. */
export function requireCaller(ctx: RequestContext): Caller {
  if (!ctx.caller) throw new Error('route declared auth "required" but has no caller');
  return ctx.caller;
}
