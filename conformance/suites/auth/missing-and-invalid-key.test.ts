/**
 * Authentication 3: a missing or invalid key gives 401, with the error body,
 * on every protected endpoint.
 */
import { expectError, rule } from '../../src/authoring/index.js';
import { AUTHENTICATED_ENDPOINTS, callEndpoint } from './authenticated-endpoints.js';

for (const endpoint of AUTHENTICATED_ENDPOINTS) {
  const label = `${endpoint.method} ${endpoint.path}`;

  rule(
    ['auth.missing-key.401', 'errors.401.key', 'errors.shape.body'],
    `${label} without an API key answers 401 with the error body`,
    async (ctx) => {
      const res = await callEndpoint(ctx, endpoint, null);
      expectError(res, 401);
    },
    { profile: endpoint.profile },
  );

  rule(
    ['auth.invalid-key.401', 'errors.401.key', 'errors.shape.body'],
    `${label} with an invalid API key answers 401 with the error body`,
    async (ctx) => {
      const res = await callEndpoint(ctx, endpoint, `Bearer ${ctx.runId}-not-a-key`);
      expectError(res, 401);
    },
    { profile: endpoint.profile },
  );
}
