/** The public site's tests (site.http.test.ts, pages.http.test.ts): a reference to read its pages from, as a browser and with any Host. */
import { expect } from 'vitest';
import { headersRequest, type PlainAnswer, type TestClient } from '../testing.support.test.js';

export interface SiteClient {
  /** A post of the demo publication from markdown with a heading and markup to escape; `body` adds or overrides fields. */
  createPost(body: Record<string, unknown>): Promise<string>;
  /** GET a page as a browser does, without following redirects. */
  page(path: string, headers?: Record<string, string>): Promise<Response>;
  /** PATCH the demo publication's settings. */
  setSettings(body: Record<string, unknown>): ReturnType<TestClient['request']>;
  /** A request with this Host header (fetch cannot set Host: a plain request can). */
  withHost(path: string, host: string, options?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<PlainAnswer>;
}

export function siteClient(t: () => TestClient): SiteClient {
  return {
    async createPost(body) {
      const res = await t().request('POST', '/v1/posts', { body: { markdown: '## First part\n\nHello *readers* <script>alert(1)</script>', ...body } });
      expect(res.status, res.text).toBe(200);
      return res.body.id as string;
    },
    page: (path, headers = {}) => fetch(`${t().url}${path}`, { headers, redirect: 'manual' }),
    setSettings: async (body) => t().request('PATCH', `/v1/publications/${(await t().publications()).demo.id}`, { body }),
    withHost: (path, host, options = {}) => headersRequest(t().url, options.method ?? 'GET', path, { ...options.headers, Host: host }, options.body),
  };
}
