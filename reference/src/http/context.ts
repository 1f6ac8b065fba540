/** The RequestContext of one request: the route's fields, and the JSON body read on first use. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_JSON_LIMIT, parseJsonBody, readRaw } from './body.js';
import type { RequestContext } from './types.js';

export type ContextFields = Omit<RequestContext, 'headers' | 'json' | 'req' | 'res'>;

export function requestContext(req: IncomingMessage, res: ServerResponse, fields: ContextFields, bodyLimit = DEFAULT_JSON_LIMIT): RequestContext {
  let body: Promise<unknown> | undefined;
  return {
    ...fields,
    headers: req.headers,
    req,
    res,
    json: () => (body ??= readRaw(req, bodyLimit).then((raw) => parseJsonBody(raw, req.headers['content-type']))),
  };
}
