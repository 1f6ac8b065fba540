/** Authentication 1-3: the bearer key works, random tokens never do, and a key cannot reach another publication. */
import { expectError, expectStatus, fc, rule } from '../../src/authoring/index.js';

rule(
  ['auth.bearer.accepted'],
  'the API key sent as Authorization: Bearer <API_KEY> is accepted',
  async ({ api }) => {
    expectStatus(await api.get('/v1/posts'), 200);
    expectStatus(await api.get('/v1/content'), 200);
  },
  { needs: ['apiKey'] },
);

rule(
  ['auth.invalid-key.401', 'errors.shape.body'],
  'any bearer token that is not a key answers 401 with the error body',
  async ({ api, check, keys }) => {
    const token = fc
      .stringMatching(/^[A-Za-z0-9._~+/-]{1,80}$/)
      .filter((candidate) => candidate !== keys.a && candidate !== keys.b);
    await check(token, async (candidate) => {
      const res = await api.withAuthorization(`Bearer ${candidate}`).get('/v1/posts');
      expectError(res, 401);
    });
  },
);

rule(
  ['auth.forbidden.403', 'errors.403.access', 'publications.patch.own-publication-only', 'errors.shape.body'],
  "PATCH of another publication with this publication's key answers 403",
  async ({ api, target, skip }) => {
    const other = target.publications.b;
    if (!other) return skip('capability missing: publicationIds (the id of a second publication B is unknown)');
    // Send B's own current name: should a broken target apply it, nothing changes.
    const current = await api.anonymous.get(`/v1/publications/${other.id}`);
    const name = (current.body as { name?: unknown } | undefined)?.name;
    const res = await api.patch(`/v1/publications/${other.id}`, typeof name === 'string' ? { name } : {});
    expectError(res, 403);
  },
  { needs: ['apiKey'] },
);
