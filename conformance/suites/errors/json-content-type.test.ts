/**
 * The register (docs/spec-gaps.md, Everywhere): a non-empty body must be
 * declared JSON (`application/json` or a `+json` type), else 415; an empty
 * body reads as `{}`. Sent to POST /v1/posts: a refused draft must not be
 * created, an accepted one is archived at the end.
 */
import { expectError, expectOk, fail, rule } from '../../src/authoring/index.js';
import { PostCreated } from '../../../schemas/posts.js';
import { draftBody } from '../posts/support/posts-api.js';

/** The JSON types accepted: the type compared without case, parameters or the space around it. */
const JSON_TYPES = ['application/json', 'Application/JSON; charset=utf-8', ' application/json ;charset=UTF-8', 'application/vnd.cf-probe+json', 'APPLICATION/PROBLEM+JSON'];
/** Declared types that are not JSON, and no type at all (null). */
const OTHER_TYPES = ['text/plain', 'text/json', 'text/cf-probe+json', 'application/jsonp', 'application/json+xml', 'json', 'application/x-www-form-urlencoded', null];

rule(
  ['errors.415.not-json', 'errors.shape.everywhere'],
  'a JSON body declared with another type, or with none, answers 415 with the error body and creates nothing',
  async (ctx) => {
    for (const contentType of OTHER_TYPES) {
      const body = draftBody(ctx, `declared ${contentType ?? 'without a type'}`);
      // A Buffer, so that fetch adds no type of its own when none is given.
      const res = await ctx.api.post('/v1/posts', undefined, { body: Buffer.from(JSON.stringify(body)), contentType: contentType ?? undefined });
      const id = (res.body as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string') ctx.created.post(id);
      expectError(res, 415);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['errors.415.not-json', 'posts.create.draft'],
  'a JSON body declared application/json or a +json type, in any letter case and with parameters, is read',
  async (ctx) => {
    for (const contentType of JSON_TYPES) {
      const res = await ctx.api.post('/v1/posts', undefined, { body: JSON.stringify(draftBody(ctx, `declared ${contentType}`)), contentType });
      const id = (res.body as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string') ctx.created.post(id);
      expectOk(res, PostCreated);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['errors.415.not-json'],
  'an empty body, declared or not, reads as {}: POST /v1/posts answers the 400 of a body without a title, not 415',
  async (ctx) => {
    const asEmptyObject = expectError(await ctx.api.post('/v1/posts', {}), 400);
    for (const contentType of ['text/plain', undefined]) {
      const res = await ctx.api.post('/v1/posts', undefined, { body: Buffer.alloc(0), contentType });
      const { msg } = expectError(res, 400);
      if (msg !== asEmptyObject.msg) fail(`${res.label} with an empty body${contentType ? ` declared ${contentType}` : ''} answered "${msg}", not what {} answers: "${asEmptyObject.msg}"`);
    }
  },
  { needs: ['apiKey'] },
);
