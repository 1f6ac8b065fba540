/**
 * PUT /v1/posts/{postId} accepts every valid value of every field (limits
 * included), answers {success: true}, stores the value, and leaves every
 * field it was not given unchanged. Each test works on its own draft
 * (titled with the run id, created with a cover, archived at the end).
 */
import { fail, fc, rule, type RuleContext } from '../../src/authoring/index.js';
import type { PostT } from '../../../schemas/posts.js';
import { fieldEnv } from './arbitraries/field-env.js';
import { fieldsOn } from './arbitraries/post-fields.js';
import { expectFieldStored } from './support/post-readback.js';
import { createDraft, readOwnPost, updatePost } from './support/posts-api.js';
import { changedFields } from './support/refusals.js';

const COVER = 'https://images.example.com/conformance/cover.png';

/** Fields a sent field may change besides itself (derived values SPEC.md describes). */
const DEPENDENTS: Record<string, string[]> = {
  markdown: ['json', 'markdown', 'staticHtml', 'postPreview'],
  bodyJson: ['json', 'markdown', 'staticHtml', 'postPreview'],
  imageUrl: ['imageUrl', 'imageAlt'],
  clearImage: ['imageUrl', 'imageAlt'],
  authorIds: ['authors'],
};

async function putAndReadBack(ctx: RuleContext, id: string, body: Record<string, unknown>): Promise<PostT> {
  await updatePost(ctx, id, body);
  const after = await readOwnPost(ctx, id, { includeContent: true });
  if (after.status !== 'draft') fail(`PUT ${JSON.stringify(body).slice(0, 80)} on a draft left it with status ${after.status}`);
  return after;
}

for (const field of fieldsOn('update')) {
  const ruleId = field.rule.update;
  if (!ruleId || !field.valid) continue;
  rule(
    [ruleId, 'posts.update.response'],
    `PUT /v1/posts/{postId} accepts and stores every valid ${field.name}, limits included`,
    async (ctx) => {
      const values = field.valid!(fieldEnv(ctx), 'update');
      if (!values) return ctx.skip(`capability missing: publicationIds (valid ${field.name} values need the publication's team and segments)`);
      const id = await createDraft(ctx, `update ${field.name}`, { imageUrl: COVER });
      let before = await readOwnPost(ctx, id, { includeContent: true });
      await ctx.check(values, async (value) => {
        const body = { [field.name]: value };
        const after = await putAndReadBack(ctx, id, body);
        expectFieldStored(field.name, value, body, after, before);
        before = after;
      });
    },
    { needs: ['apiKey'] },
  );
}

rule(
  ['posts.update.omitted-unchanged', 'posts.update.response'],
  'PUT /v1/posts/{postId} changes the fields it is given and leaves every omitted field unchanged',
  async (ctx) => {
    const env = fieldEnv(ctx);
    const fields = fieldsOn('update').filter((f) => f.valid && f.name !== 'markdown' && f.name !== 'bodyJson');
    const entries = Object.fromEntries(
      fields.flatMap((f) => {
        const arbitrary = f.valid!(env, 'update');
        return arbitrary ? [[f.name, arbitrary]] : [];
      }),
    ) as Record<string, fc.Arbitrary<unknown>>;
    const content = fieldsOn('update').filter((f) => f.name === 'markdown' || f.name === 'bodyJson');
    const body = fc.tuple(
      fc.record(entries, { requiredKeys: [] }),
      fc.option(fc.oneof(...content.map((f) => f.valid!(env, 'update')!.map((value) => ({ [f.name]: value })))), { nil: undefined }),
    );
    const id = await createDraft(ctx, 'update omitted fields', { imageUrl: COVER });
    let before = await readOwnPost(ctx, id, { includeContent: true });
    await ctx.check(body, async ([values, document]) => {
      const sent: Record<string, unknown> = { ...values, ...document };
      const after = await putAndReadBack(ctx, id, sent);
      for (const [name, value] of Object.entries(sent)) expectFieldStored(name, value, sent, after, before);
      const allowed = new Set(['updatedAt', ...Object.keys(sent), ...Object.keys(sent).flatMap((name) => DEPENDENTS[name] ?? [])]);
      const unexpected = changedFields(before, after).filter((key) => !allowed.has(key));
      if (unexpected.length > 0) {
        fail(`PUT with only ${Object.keys(sent).join(', ') || 'no fields'} also changed ${unexpected.join(', ')}`);
      }
      before = after;
    });
  },
  { needs: ['apiKey'] },
);
