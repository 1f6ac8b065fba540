/**
 * POST /v1/posts refuses every invalid value of every field (past the
 * limit, or of the wrong JSON type) with 400 and the error body, and a
 * refused request creates nothing: no post of this run appears in any list.
 * Values outside the publication (authors) are refused with a 4xx; the
 * status is the reference's choice (400), tested in reference-choices.
 */
import { expectError, fc, rule, type RuleContext } from '../../src/authoring/index.js';
import { fieldEnv } from './arbitraries/field-env.js';
import { fieldsOn, invalidRuleOf } from './arbitraries/post-fields.js';
import { createBodyWith, postCreate } from './support/posts-api.js';
import { expectNoPostCreated, listedRunPosts } from './support/refusals.js';

async function expectRefusedCreate(ctx: RuleContext, values: fc.Arbitrary<unknown>, field: string, status: 400 | '4xx'): Promise<void> {
  const baseline = await listedRunPosts(ctx);
  await ctx.check(values, async (value) => {
    const res = await postCreate(ctx, createBodyWith(ctx, field, value));
    expectError(res, status);
    await expectNoPostCreated(ctx, baseline, `POST /v1/posts with ${field} ${JSON.stringify(value)?.slice(0, 60)}`);
  });
}

for (const field of fieldsOn('create')) {
  const ruleId = invalidRuleOf(field, 'create');
  if (ruleId && field.invalid) {
    rule(
      [ruleId],
      `POST /v1/posts refuses an invalid ${field.name} with 400 and creates nothing`,
      async (ctx) => expectRefusedCreate(ctx, field.invalid!(fieldEnv(ctx), 'create')!, field.name, 400),
      { needs: ['apiKey'] },
    );
  }
  const refused = field.refused;
  if (refused?.rule.create) {
    rule(
      [refused.rule.create],
      `POST /v1/posts refuses ${field.name} outside the publication with a 4xx and creates nothing`,
      async (ctx) => {
        const values = refused.values(fieldEnv(ctx));
        if (!values) return ctx.skip(`capability missing: publicationIds (no ${field.name} outside the publication is known)`);
        await expectRefusedCreate(ctx, values, field.name, '4xx');
      },
      { needs: ['apiKey'] },
    );
  }
}
