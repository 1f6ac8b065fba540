/**
 * PUT /v1/posts/{postId} refuses every invalid value of every field (past
 * the limit, wrong JSON type) with 400 and the error body, and a refused
 * update changes nothing: the post reads back exactly as before, content
 * and updatedAt included. Authors and segments outside the publication are
 * refused with a 4xx (400 is the reference's choice: reference-choices).
 */
import { expectError, type fc, rule, type RuleContext } from '../../src/authoring/index.js';
import { fieldEnv } from './arbitraries/field-env.js';
import { fieldsOn, invalidRuleOf } from './arbitraries/post-fields.js';
import { createDraft } from './support/posts-api.js';
import { expectPostUnchanged, snapshotPost } from './support/refusals.js';

const COVER = 'https://images.example.com/conformance/cover.png';

async function expectRefusedUpdate(ctx: RuleContext, values: fc.Arbitrary<unknown>, field: string, status: 400 | '4xx'): Promise<void> {
  const id = await createDraft(ctx, `refused update of ${field}`, { imageUrl: COVER });
  const before = await snapshotPost(ctx, id);
  await ctx.check(values, async (value) => {
    const res = await ctx.api.put(`/v1/posts/${id}`, { [field]: value });
    expectError(res, status);
    await expectPostUnchanged(ctx, id, before, `PUT with ${field} ${JSON.stringify(value)?.slice(0, 60)}`);
  });
}

for (const field of fieldsOn('update')) {
  const ruleId = invalidRuleOf(field, 'update');
  if (ruleId && field.invalid) {
    rule(
      [ruleId],
      `PUT /v1/posts/{postId} refuses an invalid ${field.name} with 400 and changes nothing`,
      async (ctx) => expectRefusedUpdate(ctx, field.invalid!(fieldEnv(ctx), 'update')!, field.name, 400),
      { needs: ['apiKey'] },
    );
  }
  const refused = field.refused;
  if (refused?.rule.update) {
    rule(
      [refused.rule.update],
      `PUT /v1/posts/{postId} refuses ${field.name} outside the publication with a 4xx and changes nothing`,
      async (ctx) => {
        const values = refused.values(fieldEnv(ctx));
        if (!values) return ctx.skip(`capability missing: publicationIds (no ${field.name} outside the publication is known)`);
        await expectRefusedUpdate(ctx, values, field.name, '4xx');
      },
      { needs: ['apiKey'] },
    );
  }
}
