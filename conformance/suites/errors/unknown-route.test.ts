/** SILENT.md (ours): an unknown route answers 404 with the error body. */
import { expectError, rule } from '../../src/authoring/index.js';

const UNKNOWN_ROUTES: ReadonlyArray<{ method: 'GET' | 'POST' | 'DELETE'; path: string }> = [
  { method: 'GET', path: '/v1/cf-no-such-resource' },
  { method: 'POST', path: '/v1/cf-no-such-resource' },
  { method: 'GET', path: '/v1/posts/cf-no-such/deeper/path' },
  { method: 'DELETE', path: '/v1/cf-no-such-resource/123' },
  { method: 'GET', path: '/cf-not-versioned' },
  { method: 'GET', path: '/v2/posts' },
];

for (const route of UNKNOWN_ROUTES) {
  rule(
    ['errors.404.unknown-route', 'errors.shape.everywhere'],
    `${route.method} ${route.path}, an unknown route, answers 404 with the error body`,
    async ({ api }) => {
      expectError(await api.anonymous.request(route.method, route.path, { json: route.method === 'POST' ? {} : undefined }), 404);
    },
  );
}

rule(
  ['errors.404.unknown-route'],
  'an unknown route answers 404 with the error body also when a valid key is sent',
  async ({ api }) => {
    expectError(await api.get('/v1/cf-no-such-resource'), 404);
  },
  { needs: ['apiKey'] },
);
