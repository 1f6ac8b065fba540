/**
 * For app.test.ts and app-dispatch.test.ts: a server per test, started inside
 * the test (a start that throws fails it, where a hook's failure reads as no
 * failure to the mutation unit pass), closed after it; analytics off.
 */
import { afterEach, vi } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from './testing.support.test.js';
import type { ServerOptions } from './server.js';

export const AUTH = { Authorization: `Bearer ${DEMO_KEYS.demo}` };

const open: TestClient[] = [];

/** Registers the closing of each test's servers; returns the function that starts one. */
export function useServers(): (options?: ServerOptions) => Promise<TestClient> {
  afterEach(async () => {
    vi.restoreAllMocks();
    await closeServers();
  });
  return async (options = {}) => {
    const client = await startTestServer({ analytics: { mode: 'off' }, ...options });
    open.push(client);
    return client;
  };
}

/** Close this test's servers now (before removing a directory a close saves into). */
export const closeServers = async (): Promise<void> => {
  await Promise.all(open.splice(0).map((client) => client.close()));
};

export const draftCount = async (t: TestClient): Promise<number> => (await t.request('GET', '/v1/posts?status=draft')).body.pagination.total;

export const newDraft = (t: TestClient, fields: Record<string, unknown> = {}) =>
  t.request('POST', '/v1/posts', { body: { title: 'New', markdown: 'x', status: 'draft', ...fields } });
