/**
 * The builder's own rules, on endpoints made up for the purpose: which error
 * responses it adds, when a body is required, pages and raw bodies.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApi } from './build.js';
import { html, json, type Endpoint } from './endpoint.js';

type Op = { responses: Record<string, Record<string, unknown>>; requestBody?: Record<string, unknown>; security?: unknown };

function op(endpoint: Endpoint): Op {
  const paths = buildOpenApi([endpoint]).paths as Record<string, Record<string, Op>>;
  return paths[endpoint.path][endpoint.method];
}

const base = { tag: 'Test', summary: 'test', responses: { 200: json('ok', z.object({ ok: z.boolean() })) } } as const;

describe('the OpenAPI builder', () => {
  it('adds 401 for a key that is read, 400/413/415 for a JSON body and 500 everywhere', () => {
    const o = op({ ...base, method: 'post', path: '/x', auth: 'optional', body: z.object({ a: z.string() }) });
    expect(Object.keys(o.responses)).toEqual(['200', '400', '401', '413', '415', '500']);
    expect(o.responses['413']).toEqual({ $ref: '#/components/responses/PayloadTooLarge' });
  });

  it('adds only 500 to a public endpoint without parameters', () => {
    expect(Object.keys(op({ ...base, method: 'get', path: '/x', auth: 'none' }).responses)).toEqual(['200', '500']);
  });

  it('adds 400 for path parameters and queries (unreadable values)', () => {
    expect(op({ ...base, method: 'get', path: '/x/{id}', auth: 'none' }).responses['400']).toBeDefined();
    expect(op({ ...base, method: 'get', path: '/x', auth: 'none', query: z.object({ q: z.string().optional() }) }).responses['400']).toBeDefined();
  });

  it("keeps an endpoint's wording of an error on the reference", () => {
    const o = op({ ...base, method: 'get', path: '/x', auth: 'none', errors: { 409: 'taken' } });
    expect(o.responses['409']).toEqual({ $ref: '#/components/responses/Conflict', description: 'taken' });
  });

  it("lets an endpoint's own error response (a page) replace the error body", () => {
    const o = op({ ...base, method: 'get', path: '/x', auth: 'none', responses: { 200: html('page'), 404: html('missing') }, errors: [404] });
    expect(o.responses['404']).toEqual({ description: 'missing', content: { 'text/html': {} } });
  });

  it('requires a body only when an empty object does not pass it', () => {
    const optional = op({ ...base, method: 'post', path: '/x', auth: 'none', body: z.object({ a: z.string().optional() }) });
    const required = op({ ...base, method: 'post', path: '/x', auth: 'none', body: z.object({ a: z.string() }) });
    expect(optional.requestBody?.required).toBe(false);
    expect(required.requestBody?.required).toBe(true);
  });

  it('writes a raw body schema under its content type with its encoding, without 415 for JSON', () => {
    const o = op({
      ...base, method: 'post', path: '/x', auth: 'none',
      bodySchema: { type: 'object', properties: { file: { type: 'string' } } },
      bodyContentType: 'multipart/form-data',
      bodyEncoding: { file: { contentType: 'text/csv' } },
    });
    expect(o.requestBody).toEqual({
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string' } } }, encoding: { file: { contentType: 'text/csv' } } } },
    });
    expect(o.responses['415']).toBeUndefined();
  });

  it('writes response headers', () => {
    const o = op({ ...base, method: 'post', path: '/x', auth: 'none', responses: { 303: { description: 'moved', headers: { Location: { description: 'where' } } } } });
    expect(o.responses['303']).toEqual({ description: 'moved', headers: { Location: { description: 'where', schema: { type: 'string' } } } });
  });

  it('refuses two endpoints for one method and path', () => {
    const e: Endpoint = { ...base, method: 'get', path: '/x', auth: 'none' };
    expect(() => buildOpenApi([e, e])).toThrow(/two endpoints for GET \/x/);
  });

  it('refuses an error status it has no response for', () => {
    expect(() => op({ ...base, method: 'get', path: '/x', auth: 'none', errors: [418] })).toThrow(/418/);
  });
});
