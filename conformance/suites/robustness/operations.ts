/**
 * Every operation of the contract, read from schemas/openapi.json at load
 * time, so an endpoint added to the contract is fuzzed without anyone
 * remembering to list it here.
 */
import { readFileSync } from 'node:fs';

export type JsonSchema = { [key: string]: unknown };

export interface QueryParam {
  name: string;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  /** `METHOD /path`, the key of plans and test names. */
  key: string;
  auth: 'required' | 'optional' | 'none';
  /** x-profile of the contract: extended, reference (the reference's own pages), control. */
  profile?: string;
  body?: { contentType: string; schema: JsonSchema };
  pathParams: string[];
  queryParams: QueryParam[];
  /** Documented content types per status ("default" included), e.g. {"404": ["text/html"]}. */
  responses: Record<string, string[]>;
}

interface OpenApi {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, RawResponse> };
}
interface RawOperation {
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ name: string; in: string; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, RawResponse>;
  'x-profile'?: string;
}
interface RawResponse {
  $ref?: string;
  content?: Record<string, unknown>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

// Read from disk rather than imported: the suites must not depend on the JSON import attribute syntax.
const document = JSON.parse(
  readFileSync(new URL('../../../schemas/openapi.json', import.meta.url), 'utf8'),
) as OpenApi;

/** Follows `$ref`s to components (one level at a time, until a schema without one). */
export function resolveSchema(schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    const name = current.$ref.split('/').pop() ?? '';
    current = document.components.schemas[name] ?? {};
  }
  return current;
}

function resolveResponse(response: RawResponse): RawResponse {
  if (!response.$ref) return response;
  const name = response.$ref.split('/').pop() ?? '';
  return { ...(document.components.responses[name] ?? {}), ...response, $ref: undefined };
}

function authOf(security: RawOperation['security']): Operation['auth'] {
  if (!security || security.length === 0) return 'none';
  return security.some((requirement) => Object.keys(requirement).length === 0) ? 'optional' : 'required';
}

function toOperation(path: string, method: string, raw: RawOperation): Operation {
  const params = raw.parameters ?? [];
  const bodyEntry = Object.entries(raw.requestBody?.content ?? {})[0];
  return {
    method: method.toUpperCase(),
    path,
    key: `${method.toUpperCase()} ${path}`,
    auth: authOf(raw.security),
    profile: raw['x-profile'],
    body: bodyEntry ? { contentType: bodyEntry[0], schema: resolveSchema(bodyEntry[1].schema) } : undefined,
    pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
    queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: resolveSchema(p.schema) })),
    responses: Object.fromEntries(
      Object.entries(raw.responses ?? {}).map(([status, response]) => [status, Object.keys(resolveResponse(response).content ?? {})]),
    ),
  };
}

/** Every operation of the contract, in document order. */
export const OPERATIONS: readonly Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.has(method))
    .map(([method, raw]) => toOperation(path, method, raw)),
);
