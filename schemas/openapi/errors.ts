/**
 * The error responses of the document: one component per status, all with
 * the `{success: false, msg}` body, referenced by every operation that can
 * answer it (with the operation's own wording when it has one).
 */
const ERROR_BODY = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

interface ErrorCase {
  name: string;
  description: string;
  headers?: Record<string, unknown>;
}

const ERRORS: Record<number, ErrorCase> = {
  400: { name: 'BadRequest', description: 'invalid request: a body, query or path parameter value breaks a rule (msg names the field and the rule)' },
  401: { name: 'Unauthorized', description: 'missing or invalid API key (a key that is sent must be valid, also where a key is optional)' },
  403: { name: 'Forbidden', description: 'the API key has no access to this resource' },
  404: { name: 'NotFound', description: 'not found (another publication\'s resource is not found either)' },
  405: {
    name: 'MethodNotAllowed',
    description: 'the path exists but not with this method',
    headers: { Allow: { description: 'the methods the path has, comma-separated', schema: { type: 'string' } } },
  },
  408: { name: 'RequestTimeout', description: 'the request ran over its time limit' },
  409: { name: 'Conflict', description: 'the resource is not in a state that allows this' },
  413: { name: 'PayloadTooLarge', description: 'the body is larger than the endpoint accepts' },
  414: { name: 'UriTooLong', description: 'the request URL is longer than 8192 characters' },
  415: { name: 'UnsupportedMediaType', description: 'the body is not of an accepted content type (send Content-Type: application/json)' },
  429: {
    name: 'TooManyRequests',
    description: 'rate limited (never by default; only while POST /_control/rate-limit has set a limit)',
    headers: { 'Retry-After': { description: 'seconds until the window closes, rounded up', schema: { type: 'integer', minimum: 1 } } },
  },
  500: { name: 'InternalServerError', description: 'internal server error' },
  503: { name: 'ServiceUnavailable', description: 'temporarily unavailable; retry later' },
};

/** components.responses: every error status the server answers. */
export const ERROR_RESPONSES: Record<string, unknown> = Object.fromEntries(
  Object.values(ERRORS).map(({ name, description, headers }) => [
    name,
    { description, ...(headers ? { headers } : {}), content: ERROR_BODY },
  ]),
);

/** A reference to the status's error response; a Reference Object may carry its own description in 3.1. */
export function errorResponseRef(status: number, description?: string): Record<string, unknown> {
  const known = ERRORS[status];
  if (!known) throw new Error(`no error response for status ${status}: add it to schemas/openapi/errors.ts`);
  return { $ref: `#/components/responses/${known.name}`, ...(description ? { description } : {}) };
}

/** What every path does, said once rather than on every operation. */
export const GLOBAL_BEHAVIOUR = [
  'Every path: an unknown path is 404 and a known path with another method is 405 with an Allow header (components/responses/MethodNotAllowed);',
  'a URL over 8192 characters is 414; HEAD is answered wherever GET is;',
  'a /v1 path answers 429 with Retry-After (components/responses/TooManyRequests) only while rate limiting is on (/_control/rate-limit; off by default);',
  'OPTIONS answers a CORS preflight with 204, and requests with an Origin get Access-Control-Allow-Origin: *.',
  'Every error body is {success: false, msg} (components/schemas/Error).',
].join(' ');
