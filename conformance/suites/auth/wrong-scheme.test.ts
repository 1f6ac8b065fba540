/**
 * Authentication 1: the key is a bearer token. The valid key of publication A
 * under any other scheme (or bare) is not a key, so the answer is 401.
 */
import { expectError, rule } from '../../src/authoring/index.js';
import { AUTHENTICATED_ENDPOINTS, callEndpoint } from './authenticated-endpoints.js';

const WRONG_SCHEMES: ReadonlyArray<{ label: string; header: (key: string) => string }> = [
  { label: 'Basic', header: (key) => `Basic ${key}` },
  { label: 'Token', header: (key) => `Token ${key}` },
  { label: 'bare key', header: (key) => key },
];

for (const endpoint of AUTHENTICATED_ENDPOINTS) {
  rule(
    ['auth.wrong-scheme.401', 'errors.401.key', 'errors.shape.body'],
    `${endpoint.method} ${endpoint.path} with a valid key under another scheme than Bearer answers 401`,
    async (ctx) => {
      for (const scheme of WRONG_SCHEMES) {
        const res = await callEndpoint(ctx, endpoint, scheme.header(ctx.keys.a!));
        expectError(res, 401);
      }
    },
    { needs: ['apiKey'], profile: endpoint.profile },
  );
}
