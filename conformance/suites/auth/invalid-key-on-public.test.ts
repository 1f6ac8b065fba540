/**
 * A wrong key sent to an endpoint that needs none is refused, not ignored
 * (docs/spec-gaps.md, Authentication): a client learns at once that its key
 * is wrong instead of silently seeing the public view.
 */
import { expect } from 'vitest';
import { expectError, rule } from '../../src/authoring/index.js';

rule(
  ['auth.invalid-key.401-on-public', 'errors.shape.body'],
  'GET /v1/posts/feed answers 200 without a key and 401 with an invalid one',
  async (ctx) => {
    expect((await ctx.api.anonymous.get('/v1/posts/feed?limit=1')).status).toBe(200);
    expectError(await ctx.api.withAuthorization(`Bearer ${ctx.runId}-not-a-key`).get('/v1/posts/feed?limit=1'), 401);
  },
);
