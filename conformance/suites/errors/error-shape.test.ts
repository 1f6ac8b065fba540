/**
 * Errors: every error is {success: false, msg}, with the status of its
 * condition: 400 for an invalid request, 404 for what does not exist.
 */
import { expectError, expectErrorBody, fail, fc, rule, type ApiResponse, type RuleContext } from '../../src/authoring/index.js';

rule(
  ['errors.404.not-found', 'publications.get.unknown-404', 'errors.shape.body'],
  'a publication id that does not exist answers 404 with the error body',
  async ({ api, check }) => {
    await check(fc.stringMatching(/^cfx[a-zA-Z0-9]{5,20}$/), async (id) => {
      expectError(await api.anonymous.get(`/v1/publications/${id}`), 404);
    });
  },
);

rule(
  ['errors.404.not-found', 'posts.get.unknown-404', 'errors.shape.body'],
  'a post id that does not exist answers 404 with the error body',
  async ({ api }) => {
    expectError(await api.get('/v1/posts/cfxNoSuchPost0000000'), 404);
  },
  { needs: ['apiKey'] },
);

rule(
  ['errors.404.not-found', 'publications.slug.unknown-404', 'errors.shape.body'],
  'a publication slug that does not exist answers 404 with the error body',
  async ({ api, runId }) => {
    expectError(await api.anonymous.get(`/v1/publications/slug/${runId}-no-such-slug`), 404);
  },
);

rule(
  ['errors.400.malformed-json', 'errors.400.invalid-request', 'errors.shape.body'],
  'a body that is not valid JSON answers 400 with the error body',
  async ({ api }) => {
    const broken = ['{"title": ', '{title: "x"}', 'not json at all', '{"title":"x",}'];
    for (const body of broken) {
      expectError(await api.post('/v1/posts', undefined, { body, contentType: 'application/json' }), 400);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['errors.400.invalid-request', 'errors.shape.body'],
  'field values of the wrong type answer 400 with the error body',
  async (ctx) => {
    const invalid: unknown[] = [
      { title: 12345, markdown: 'x', status: 'draft' },
      { title: ctx.names.title(), markdown: ['not', 'a', 'string'], status: 'draft' },
      { title: ctx.names.title(), markdown: 'x', status: 'not-a-status' },
    ];
    for (const body of invalid) expectError(await createDraftExpectingRefusal(ctx, body), 400);
  },
  { needs: ['apiKey'] },
);

rule(
  ['versioning.bodies.json', 'errors.shape.body'],
  'error responses carry a JSON content type',
  async ({ api }) => {
    const responses = [await api.anonymous.get('/v1/posts'), await api.anonymous.get('/v1/publications/cfxNoSuchPublication')];
    for (const res of responses) {
      expectErrorBody(res);
      const type = res.headers['content-type'] ?? '';
      if (!/^application\/(.+\+)?json\b/i.test(type)) fail(`${res.label} answered with content-type "${type}", expected application/json`);
    }
  },
);

rule(
  ['errors.msg.actionable'],
  'error messages are sentences a person can act on, never a stack trace or a validation dump',
  async ({ api }) => {
    const responses = [
      await api.post('/v1/posts', { title: 12345, markdown: 'x', status: 'draft' }),
      await api.post('/v1/posts', undefined, { body: '{"title": ', contentType: 'application/json' }),
      await api.anonymous.get('/v1/posts'),
    ];
    for (const res of responses) {
      const { msg } = expectErrorBody(res);
      const problem = /\n\s+at |\.ts:\d+|\.js:\d+/.test(msg)
        ? 'contains a stack trace'
        : /^\s*[[{]/.test(msg)
          ? 'is a JSON dump'
          : msg.length > 500
            ? 'is over 500 characters'
            : undefined;
      if (problem) fail(`${res.label}: msg ${problem}: ${msg.slice(0, 200)}`);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['errors.413.body-too-large'],
  'a body larger than the endpoint accepts answers 413 with the error body',
  async ({ api, names }) => {
    const huge = JSON.stringify({ title: names.title(), status: 'draft', markdown: 'x'.repeat(12 * 1024 * 1024) });
    expectError(await api.post('/v1/posts', undefined, { body: huge, contentType: 'application/json' }), 413);
  },
  { needs: ['apiKey'], profile: 'robustness' },
);

/** POSTs a draft that should be refused; should a broken target create it, it is archived at the end. */
async function createDraftExpectingRefusal(ctx: RuleContext, body: unknown): Promise<ApiResponse> {
  const res = await ctx.api.post('/v1/posts', body);
  const id = (res.body as { id?: unknown } | undefined)?.id;
  if (res.status === 200 && typeof id === 'string') ctx.created.post(id);
  return res;
}
