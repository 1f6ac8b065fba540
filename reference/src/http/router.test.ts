import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { Router } from './router.js';
import type { RouteDef } from './types.js';

const route = (method: RouteDef['method'], path: string): RouteDef => ({ method, path, auth: 'none', handler: () => ({ json: path }) });

describe('Router', () => {
  const router = new Router();
  router.add(route('GET', '/v1/posts/feed'));
  router.add(route('GET', '/v1/posts/:postId'));
  router.add(route('PUT', '/v1/posts/:postId'));
  router.add(route('GET', '/v1/publications/slug/:slug/posts/slug/:postSlug'));
  router.add(route('GET', '/v1/publications/:publicationId/posts/slug/:postSlug'));

  it('prefers a literal segment over a parameter', () => {
    expect(router.match('GET', '/v1/posts/feed').route.path).toBe('/v1/posts/feed');
    expect(router.match('GET', '/v1/posts/abc').params).toEqual({ postId: 'abc' });
  });

  it('falls back to the parameter when the literal branch has no route', () => {
    const m = router.match('GET', '/v1/publications/p1/posts/slug/hello');
    expect(m.params).toEqual({ publicationId: 'p1', postSlug: 'hello' });
    expect(router.match('GET', '/v1/publications/slug/demo/posts/slug/hi').params).toEqual({ slug: 'demo', postSlug: 'hi' });
  });

  it('matches an @-prefixed segment only when the path segment starts with @', () => {
    const site = new Router();
    site.add(route('GET', '/@:slug'));
    site.add(route('GET', '/@:slug/:postSlug'));
    site.add(route('GET', '/media/:file'));
    expect(site.match('GET', '/@demo').params).toEqual({ slug: 'demo' });
    expect(site.match('GET', '/@demo/hello%20there').params).toEqual({ slug: 'demo', postSlug: 'hello there' });
    expect(site.match('GET', '/media/x.svg').route.path).toBe('/media/:file');
    for (const path of ['/demo', '/@', '/demo/hello']) expect(() => site.match('GET', path), path).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('decodes parameters and refuses bad percent-encoding with 400', () => {
    expect(router.match('GET', '/v1/posts/a%20b').params.postId).toBe('a b');
    expect(() => router.match('GET', '/v1/posts/%E0%A4%A')).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('answers 404 for unknown paths and 405 with Allow for other methods', () => {
    expect(() => router.match('GET', '/v1/nope')).toThrow(expect.objectContaining({ status: 404 }));
    // A path only on the way to routes is no route: 404, not a 405 with an empty Allow.
    expect(() => router.match('GET', '/v1/posts')).toThrow(expect.objectContaining({ status: 404 }));
    try {
      router.match('DELETE', '/v1/posts/x');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(405);
      expect((err as ApiError).headers.Allow).toBe('GET, PUT');
    }
  });

  it('answers a path matched before the same way, with parameters of its own each time', () => {
    const first = router.match('GET', '/v1/posts/a%20b');
    first.params.postId = 'changed';
    const again = router.match('GET', '/v1/posts/a%20b');
    expect(again.params).toEqual({ postId: 'a b' });
    expect(again.params).not.toBe(first.params);
    expect(router.match('PUT', '/v1/posts/a%20b').route.method).toBe('PUT');
    expect(() => router.match('DELETE', '/v1/posts/a%20b')).toThrow(expect.objectContaining({ status: 405 }));
    for (let i = 0; i < 3000; i++) expect(router.match('GET', `/v1/posts/p${i}`).params).toEqual({ postId: `p${i}` });
    expect(() => router.match('GET', '/v1/nope')).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('sees a route added after a path was matched', () => {
    const r = new Router();
    r.add(route('GET', '/a/:x'));
    expect(r.match('GET', '/a/literal').route.path).toBe('/a/:x');
    r.add(route('GET', '/a/literal'));
    expect(r.match('GET', '/a/literal').route.path).toBe('/a/literal');
  });

  it('refuses duplicate routes and clashing parameter names at build time', () => {
    const r = new Router();
    r.add(route('GET', '/a/:x'));
    expect(() => r.add(route('GET', '/a/:x'))).toThrow(/duplicate/);
    expect(() => r.add(route('POST', '/a/:y'))).toThrow(/clashes/);
    r.add(route('GET', '/@:slug'));
    expect(() => r.add(route('POST', '/@:name/x'))).toThrow(/clashes/);
  });

  it('answers HEAD with the GET route of a path, and 405 where the path has no GET', () => {
    expect(router.match('HEAD', '/v1/posts/abc')).toMatchObject({ route: { method: 'GET', path: '/v1/posts/:postId' }, params: { postId: 'abc' } });
    const r = new Router();
    r.add(route('PUT', '/a'));
    expect(() => r.match('HEAD', '/a')).toThrow(expect.objectContaining({ status: 405, headers: { Allow: 'PUT' } }));
  });

  it('falls back to the parameter when the literal segment leads only deeper', () => {
    // `slug` is a literal under /v1/publications only on the way to longer paths: a publication may be named so.
    const r = new Router();
    r.add(route('GET', '/v1/publications/:publicationId'));
    r.add(route('GET', '/v1/publications/slug/:slug/posts'));
    expect(r.match('GET', '/v1/publications/slug').params).toEqual({ publicationId: 'slug' });
    const site = new Router();
    site.add(route('GET', '/@:slug/feed'));
    site.add(route('GET', '/:page'));
    expect(site.match('GET', '/@x').params).toEqual({ page: '@x' });
    expect(site.match('GET', '/@x/feed').params).toEqual({ slug: 'x' });
    site.add(route('GET', '/@y/deeper'));
    expect(site.match('GET', '/@y').params).toEqual({ page: '@y' });
  });

  it('never takes an empty segment for a parameter, and reads repeated slashes at the ends as one', () => {
    expect(() => router.match('GET', '/v1/publications//posts/slug/x')).toThrow(expect.objectContaining({ status: 404 }));
    expect(router.match('GET', '//v1/posts/abc//').params).toEqual({ postId: 'abc' });
    const r = new Router();
    r.add(route('GET', '/'));
    for (const path of ['/', '//', '', '///']) expect(r.match('GET', path).route.path, path).toBe('/');
    const params = new Router();
    params.add(route('GET', '/:page'));
    expect(() => params.match('GET', '/'), 'the root path is no parameter').toThrow(expect.objectContaining({ status: 404 }));
  });

  it('lists its routes in the order they were added (the OpenAPI coverage test reads them)', () => {
    expect(router.routes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/posts/feed',
      'GET /v1/posts/:postId',
      'PUT /v1/posts/:postId',
      'GET /v1/publications/slug/:slug/posts/slug/:postSlug',
      'GET /v1/publications/:publicationId/posts/slug/:postSlug',
    ]);
  });
});
