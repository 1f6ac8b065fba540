/**
 * Versioning (SPEC.md): all paths carry the version prefix /v1. Seen from
 * outside: each endpoint of endpoints.ts answers under /v1, and the same
 * request (same key, same real ids, same body) without the prefix is not
 * the API. The versioned request goes first, so that the refusal of the
 * bare one cannot be put down to the key, the id or the body.
 *
 * SPEC.md names 404 for what is not found; that the 404 carries the error
 * body is the reference's choice for unknown routes (SILENT.md, ours), so it
 * is a test of its own, in reference-choices.
 */
import { expectError, expectOk, expectStatus, fail, rule, type ApiResponse, type RuleContext } from '../../src/authoring/index.js';
import { ENDPOINTS, type Endpoint } from './endpoints.js';

async function sendTo(ctx: RuleContext, endpoint: Endpoint, path: string, request: Awaited<ReturnType<Endpoint['resolve']>>): Promise<ApiResponse> {
  const res = await ctx.api.request(endpoint.method, path, { query: request.query, json: request.json });
  // A post created by a POST (also one a broken target accepts without the prefix) is archived when the test ends.
  const id = (res.body as { id?: unknown } | undefined)?.id;
  if (endpoint.method === 'POST' && res.status >= 200 && res.status < 300 && typeof id === 'string') ctx.created.post(id);
  return res;
}

/** Sends the request with /v1 (it must succeed), then without; answers the unprefixed response. */
async function withoutPrefix(ctx: RuleContext, endpoint: Endpoint): Promise<ApiResponse> {
  const request = await endpoint.resolve(ctx);
  expectOk(await sendTo(ctx, endpoint, `/v1${request.path}`, request), endpoint.schema);
  return sendTo(ctx, endpoint, request.path, request);
}

for (const endpoint of ENDPOINTS) {
  const { method, template, schema, needs } = endpoint;

  rule(
    ['versioning.prefix.v1'],
    `${method} /v1${template} answers, and ${method} ${template} without the prefix answers 404`,
    async (ctx) => {
      const bare = await withoutPrefix(ctx, endpoint);
      if (bare.status >= 200 && bare.status < 300) {
        const what = bare.isJson && schema.safeParse(bare.body).success ? `the same answer as ${method} /v1${template}` : bare.text.slice(0, 200);
        fail(`${bare.label} answered ${bare.status} without the /v1 prefix (${what}): the API must answer only under /v1`);
      }
      expectStatus(bare, 404);
    },
    { needs },
  );

  rule(
    ['errors.404.unknown-route'],
    `${method} ${template} without the /v1 prefix, with a valid key and real ids, answers 404 with the error body`,
    async (ctx) => {
      expectError(await withoutPrefix(ctx, endpoint), 404);
    },
    { needs },
  );
}
