/**
 * Build the OpenAPI 3.1 document and the per-resource JSON Schemas from the
 * zod contract.
 */
import { z } from 'zod';
import { ErrorBody } from '../common.js';
import type { Endpoint, EndpointErrors, EndpointResponse, ResponseHeader } from './endpoint.js';
import { ENDPOINTS } from './endpoints.js';
import { addDiscriminators } from './discriminators.js';
import { ERROR_RESPONSES, errorResponseRef, GLOBAL_BEHAVIOUR } from './errors.js';

const COMPONENT = (id: string) => `#/components/schemas/${id}`;

const TO_JSON = { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' } as const;

function componentSchemas(): Record<string, unknown> {
  const all = z.toJSONSchema(z.globalRegistry, { ...TO_JSON, uri: COMPONENT }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  const out: Record<string, Record<string, unknown>> = {};
  for (const [id, schema] of Object.entries(all.schemas)) {
    const { $schema: _s, $id: _i, ...rest } = schema;
    out[id] = rest;
  }
  return addDiscriminators(out);
}

/** A schema's JSON form: a $ref when it is a named component, inline otherwise. */
function schemaRef(schema: z.ZodType): unknown {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: COMPONENT(id) };
  const inline = z.toJSONSchema(schema, { ...TO_JSON, metadata: z.globalRegistry }) as Record<string, unknown>;
  const { $schema: _s, ...rest } = inline;
  return rewriteRefs(rest);
}

// Inline conversion emits named sub-schemas under $defs; point them at the components instead.
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '$defs') continue;
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) out[k] = COMPONENT(v.slice(8));
      else out[k] = rewriteRefs(v);
    }
    return out;
  }
  return value;
}

/** A query object's fields, one parameter each (a named object's fields too: its shape is the same). */
function queryParameters(query: z.ZodObject | undefined): unknown[] {
  if (!query) return [];
  return Object.entries(query.shape).map(([name, schema]) => {
    const s = schema as z.ZodType;
    const description = z.globalRegistry.get(s)?.description ?? (s as { description?: string }).description;
    // The description is said once, on the parameter.
    const { description: _d, ...json } = schemaRef(s) as Record<string, unknown>;
    return {
      name,
      in: 'query',
      required: !s.safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: json,
    };
  });
}

function pathParameters(path: string): unknown[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', minLength: 1 },
  }));
}

function headerObjects(headers: Record<string, ResponseHeader> | undefined): Record<string, unknown> | undefined {
  if (!headers) return undefined;
  return Object.fromEntries(
    Object.entries(headers).map(([name, h]) => [name, { description: h.description, schema: h.schema ?? { type: 'string' } }]),
  );
}

function responseObject(r: EndpointResponse): Record<string, unknown> {
  let content: Record<string, unknown> | undefined;
  if (r.schema) content = { [r.contentType ?? 'application/json']: { schema: schemaRef(r.schema) } };
  // A page or an image: its media type says what it is; there is no JSON schema to give.
  else if (r.contentType) content = { [r.contentType]: {} };
  const headers = headerObjects(r.headers);
  return { description: r.description, ...(headers ? { headers } : {}), ...(content ? { content } : {}) };
}

const isJsonBody = (e: Endpoint) => e.body !== undefined && (e.bodyContentType ?? 'application/json') === 'application/json';

/**
 * Every error status with its wording: the endpoint's own, plus what the
 * server answers for every such endpoint (bad key, unreadable body or
 * query, body too large or not JSON, an internal error).
 */
function errorStatuses(e: Endpoint): Map<number, string | undefined> {
  const out = new Map<number, string | undefined>();
  const own: EndpointErrors = e.errors ?? [];
  const entries: [number, string | undefined][] = Array.isArray(own)
    ? own.map((s) => [s, undefined])
    : Object.entries(own).map(([s, d]) => [Number(s), d]);
  for (const [status, description] of entries) out.set(status, description);
  const add = (status: number) => {
    if (!out.has(status)) out.set(status, undefined);
  };
  // An optional key that is sent must be valid too.
  if (e.auth !== 'none') add(401);
  // A raw body (multipart, a form) is read by its own handler: the endpoint lists what that answers.
  if (e.body || e.query || e.path.includes('{')) add(400);
  if (isJsonBody(e)) {
    add(413);
    add(415);
  }
  add(500);
  return out;
}

function requestBody(e: Endpoint): Record<string, unknown> | undefined {
  if (!e.body && !e.bodySchema) return undefined;
  const schema = e.bodySchema ?? schemaRef(e.body!);
  // An empty body reads as `{}`, so a body `{}` satisfies may be left out.
  const required = e.bodyRequired ?? (e.body ? !e.body.safeParse({}).success : true);
  return {
    required,
    content: {
      [e.bodyContentType ?? 'application/json']: { schema, ...(e.bodyEncoding ? { encoding: e.bodyEncoding } : {}) },
    },
  };
}

export function operationId(e: Pick<Endpoint, 'method' | 'path'>): string {
  const words = e.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^a-zA-Z0-9]+(\w)?/g, (_, c: string) => (c ?? '').toUpperCase());
  return `${e.method}${words}`;
}

function operation(e: Endpoint): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(e.responses)) responses[status] = responseObject(r);
  for (const [status, description] of [...errorStatuses(e)].sort(([a], [b]) => a - b)) {
    // An endpoint's own error response (an HTML page) wins over the generic error body.
    responses[String(status)] ??= errorResponseRef(status, description);
  }
  const op: Record<string, unknown> = {
    operationId: operationId(e),
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: [e.tag],
    parameters: [...pathParameters(e.path), ...queryParameters(e.query)],
    responses,
  };
  if (e.auth === 'required') op.security = [{ apiKey: [] }];
  if (e.auth === 'optional') op.security = [{}, { apiKey: [] }];
  if (e.auth === 'none') op.security = [];
  if (e.profile && e.profile !== 'core') op['x-profile'] = e.profile;
  const body = requestBody(e);
  if (body) op.requestBody = body;
  return op;
}

/** Tags in the order areas first appear. */
function tags(endpoints: Endpoint[]): { name: string }[] {
  return [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name }));
}

export function buildOpenApi(endpoints: Endpoint[] = ENDPOINTS): Record<string, unknown> {
  // Referenced so the error component is always registered.
  void ErrorBody;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const item = (paths[e.path] ??= {});
    if (item[e.method]) throw new Error(`two endpoints for ${e.method.toUpperCase()} ${e.path}`);
    item[e.method] = operation(e);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Publishing platform API (reference)',
      version: '1.0.0',
      description: [
        'Generated from the zod contract in schemas/.',
        'Profiles: operations without x-profile are SPEC.md (and the paths SILENT.md names publicly);',
        'x-profile: extended are endpoints of the production service beyond SPEC.md;',
        'x-profile: control is the test-control API of the reference;',
        'x-profile: reference are the pages the reference links to from its answers (approval page, unsubscribe page, re-hosted media).',
        GLOBAL_BEHAVIOUR,
      ].join(' '),
    },
    servers: [{ url: 'http://127.0.0.1:4010', description: 'the reference server (npm start)' }],
    tags: tags(endpoints),
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' } },
      responses: ERROR_RESPONSES,
      schemas: componentSchemas(),
    },
  };
}

/** One JSON Schema document per named component. */
export function buildJsonSchemas(): Record<string, unknown> {
  const all = z.toJSONSchema(z.globalRegistry, { ...TO_JSON, uri: (id) => `./${id}.schema.json` }) as {
    schemas: Record<string, unknown>;
  };
  return all.schemas;
}
