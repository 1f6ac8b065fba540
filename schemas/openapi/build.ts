/**
 * Build the OpenAPI 3.1 document and the per-resource JSON Schemas from the
 * zod contract.
 */
import { z } from 'zod';
import { ErrorBody } from '../common.js';
import type { Endpoint } from './endpoint.js';
import { ENDPOINTS } from './endpoints.js';

const ERROR_TEXT: Record<number, string> = {
  400: 'invalid request or field values',
  401: 'missing or invalid API key',
  403: 'the API key has no access to this resource',
  404: 'not found',
  405: 'method not allowed on this path',
  408: 'timed out',
  409: 'conflict',
  413: 'body too large',
  415: 'body is not of an accepted content type',
  500: 'internal server error',
  503: 'temporarily unavailable',
};

const COMPONENT = (id: string) => `#/components/schemas/${id}`;

function componentSchemas(): Record<string, unknown> {
  const all = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    uri: COMPONENT,
  }) as { schemas: Record<string, Record<string, unknown>> };
  const out: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries(all.schemas)) {
    const { $schema: _s, $id: _i, ...rest } = schema;
    out[id] = rest;
  }
  return out;
}

/** A schema's JSON form: a $ref when it is a named component, inline otherwise. */
function schemaRef(schema: z.ZodType): unknown {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: COMPONENT(id) };
  const inline = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    metadata: z.globalRegistry,
  }) as Record<string, unknown>;
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

function queryParameters(query: z.ZodObject | undefined): unknown[] {
  if (!query) return [];
  return Object.entries(query.shape).map(([name, schema]) => {
    const s = schema as z.ZodType;
    const description = z.globalRegistry.get(s)?.description ?? (s as { description?: string }).description;
    return {
      name,
      in: 'query',
      required: !s.safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: schemaRef(s),
    };
  });
}

function pathParameters(path: string): unknown[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

function operation(e: Endpoint): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(e.responses)) {
    responses[status] = {
      description: r.description,
      ...(r.schema ? { content: { [r.contentType ?? 'application/json']: { schema: schemaRef(r.schema) } } } : {}),
    };
  }
  const errors = new Set(e.errors ?? []);
  if (e.auth === 'required') errors.add(401);
  if (e.body) errors.add(400);
  for (const status of [...errors].sort()) {
    responses[String(status)] ??= {
      description: ERROR_TEXT[status] ?? 'error',
      content: { 'application/json': { schema: { $ref: COMPONENT('Error') } } },
    };
  }
  const op: Record<string, unknown> = {
    operationId: `${e.method}${e.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^a-zA-Z0-9]+(\w)?/g, (_, c: string) => (c ?? '').toUpperCase())}`,
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
  if (e.body) {
    op.requestBody = {
      required: true,
      content: { [e.bodyContentType ?? 'application/json']: { schema: schemaRef(e.body) } },
    };
  }
  return op;
}

export function buildOpenApi(): Record<string, unknown> {
  // Referenced so the error component is always registered.
  void ErrorBody;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of ENDPOINTS) (paths[e.path] ??= {})[e.method] = operation(e);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Publishing platform API (reference)',
      version: '1.0.0',
      description:
        'Generated from the zod contract in schemas/. Operations marked x-profile: extended are endpoints of the production service beyond SPEC.md; x-profile: control is the test-control API of the reference.',
    },
    servers: [{ url: 'http://127.0.0.1:4010', description: 'the reference server (npm start)' }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' } },
      schemas: componentSchemas(),
    },
  };
}

/** One JSON Schema document per named component. */
export function buildJsonSchemas(): Record<string, unknown> {
  const all = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `./${id}.schema.json`,
  }) as { schemas: Record<string, unknown> };
  return all.schemas;
}
