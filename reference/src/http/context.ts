/**
 * The RequestContext of one request, as a class: the lazily read JSON body is
 * a method, not a closure made per request. (Under tsx, a closure assigned
 * to a property is wrapped to keep its name, which costs a defineProperty on
 * every request; a method is named once, when the class is defined.)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { State } from '../state.js';
import { DEFAULT_JSON_LIMIT, parseJsonBody, readRaw } from './body.js';
import type { Caller, RequestContext } from './types.js';

export class HttpContext implements RequestContext {
  private body: Promise<unknown> | undefined;

  constructor(
    readonly method: string,
    readonly pathname: string,
    readonly params: Record<string, string>,
    readonly query: URLSearchParams,
    readonly caller: Caller | null,
    readonly state: State,
    readonly baseUrl: string,
    private readonly bodyLimit: number | undefined,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
  ) {}

  get headers(): IncomingMessage['headers'] {
    return this.req.headers;
  }

  json(): Promise<unknown> {
    return (this.body ??= readRaw(this.req, this.bodyLimit ?? DEFAULT_JSON_LIMIT).then(this.parse.bind(this)));
  }

  private parse(raw: Buffer): unknown {
    return parseJsonBody(raw, this.req.headers['content-type']);
  }
}
