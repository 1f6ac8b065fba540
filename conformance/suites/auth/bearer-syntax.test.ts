/**
 * The register (docs/spec-gaps.md, Everywhere): the Bearer scheme is read as
 * HTTP writes credentials (RFC 9110 §11.4: the scheme in any letter case,
 * one or more spaces before the token).
 */
import { expectStatus, rule } from '../../src/authoring/index.js';

rule(
  ['auth.bearer.http-syntax', 'auth.bearer.accepted'],
  'the key is accepted under bearer and BEARER, and after several spaces',
  async ({ api, keys }) => {
    for (const header of [`bearer ${keys.a}`, `BEARER ${keys.a}`, `Bearer   ${keys.a}`]) {
      expectStatus(await api.withAuthorization(header).get('/v1/posts', { query: { limit: '1' } }), 200);
    }
  },
  { needs: ['apiKey'] },
);
