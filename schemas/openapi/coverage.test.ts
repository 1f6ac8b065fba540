/**
 * The document and the reference's router describe the same endpoints: every
 * route has exactly one operation, and every operation has a route. Adding a
 * route without describing it (or the other way round) fails here.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createReference } from '../../reference/src/app.js';
import { buildOpenApi, operationId } from './build.js';
import { ENDPOINTS } from './endpoints.js';

const reference = createReference({ logErrors: false });
afterAll(() => reference.close());

/** `:param` segments written the OpenAPI way. */
const openApiPath = (routerPath: string) => routerPath.replace(/:(\w+)/g, '{$1}');

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const routes = reference.routes.map((r) => key(r.method, openApiPath(r.path)));
/** The operations of the generated document (the list may not hold two for one route: the builder refuses). */
const paths = buildOpenApi().paths as Record<string, Record<string, unknown>>;
const operations = Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => key(method, path)));

const counts = (keys: string[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());

describe('the OpenAPI document covers the router', () => {
  it('has an operation for every route', () => {
    const described = new Set(operations);
    expect(routes.filter((r) => !described.has(r))).toEqual([]);
  });

  it('has a route for every operation', () => {
    const served = new Set(routes);
    expect(operations.filter((o) => !served.has(o))).toEqual([]);
  });

  it('describes each route exactly once', () => {
    const listed = ENDPOINTS.map((e) => key(e.method, e.path));
    expect([...counts(listed)].filter(([, n]) => n > 1).map(([k]) => k)).toEqual([]);
    expect(operations.length).toBe(routes.length);
  });

  it('agrees with the router on who needs a key', () => {
    const authOf = new Map(reference.routes.map((r) => [key(r.method, openApiPath(r.path)), r.auth]));
    const disagreements = ENDPOINTS.filter((e) => authOf.has(key(e.method, e.path)) && authOf.get(key(e.method, e.path)) !== e.auth).map(
      (e) => `${key(e.method, e.path)}: document ${e.auth}, router ${authOf.get(key(e.method, e.path))}`,
    );
    expect(disagreements).toEqual([]);
  });

  it('gives every operation its own operationId', () => {
    expect([...counts(ENDPOINTS.map(operationId))].filter(([, n]) => n > 1).map(([k]) => k)).toEqual([]);
  });

  it('puts /_control under the control profile and nothing else there', () => {
    const wrong = ENDPOINTS.filter((e) => e.path.startsWith('/_control') !== (e.profile === 'control')).map((e) => key(e.method, e.path));
    expect(wrong).toEqual([]);
  });
});
