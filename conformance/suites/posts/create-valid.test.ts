/**
 * POST /v1/posts accepts every valid value of every field (the boundaries
 * of each limit included) and stores it: the post reads back with the value
 * as SPEC.md describes it. Posts are created as drafts titled with the run
 * id, and archived at the end of the file.
 */
import { expectOk, fail, fc, rule, type RuleContext } from '../../src/authoring/index.js';
import { PostCreated } from '../../../schemas/posts.js';
import { fieldEnv } from './arbitraries/field-env.js';
import { fieldsOn, type PostField } from './arbitraries/post-fields.js';
import { createBodyWith, draftBody, postCreate, readOwnPost } from './support/posts-api.js';
import { expectFieldStored } from './support/post-readback.js';

async function createAndReadBack(ctx: RuleContext, body: Record<string, unknown>) {
  const created = expectOk(await postCreate(ctx, body), PostCreated);
  if (created.status !== 'draft') fail(`POST /v1/posts with status draft answered status ${created.status}`);
  return readOwnPost(ctx, created.id, { includeContent: true });
}

for (const field of fieldsOn('create')) {
  const ruleId = field.rule.create;
  if (!ruleId || !field.valid) continue;
  rule(
    [ruleId, 'posts.create.response', 'posts.create.draft'],
    `POST /v1/posts accepts and stores every valid ${field.name}, limits included`,
    async (ctx) => {
      const values = validValues(ctx, field);
      await ctx.check(values, async (value) => {
        const post = await createAndReadBack(ctx, createBodyWith(ctx, field.name, value));
        if (post.status !== 'draft') fail(`the post created as a draft reads back with status ${post.status}`);
        expectFieldStored(field.name, value, { [field.name]: value }, post);
      });
    },
    { needs: ['apiKey'] },
  );
}

rule(
  ['posts.create.optional-fields', 'posts.create.response', 'posts.create.draft'],
  'POST /v1/posts accepts any combination of valid optional fields and stores each',
  async (ctx) => {
    const env = fieldEnv(ctx);
    const optional = fieldsOn('create').filter((f) => f.valid && !['title', 'markdown', 'bodyJson'].includes(f.name));
    const entries = Object.fromEntries(
      optional.flatMap((f) => {
        const arbitrary = f.valid!(env, 'create');
        return arbitrary ? [[f.name, arbitrary]] : [];
      }),
    ) as Record<string, fc.Arbitrary<unknown>>;
    await ctx.check(fc.record(entries, { requiredKeys: [] }), async (fields) => {
      const body = { ...draftBody(ctx, 'create with optional fields'), ...fields };
      const post = await createAndReadBack(ctx, body);
      for (const [name, value] of Object.entries(fields)) expectFieldStored(name, value, body, post);
    });
  },
  { needs: ['apiKey'] },
);

function validValues(ctx: RuleContext, field: PostField): fc.Arbitrary<unknown> {
  const values = field.valid!(fieldEnv(ctx), 'create');
  if (!values) return ctx.skip(`capability missing: publicationIds (valid ${field.name} values need the publication's team and segments, from /_control/publications)`);
  return values;
}
