/**
 * PATCH /v1/publications/{publicationId}, field by field: every valid value
 * (limits and enums included) answers 200 with the updated Publication and
 * is stored; every invalid value answers 400 and changes nothing; a post
 * outside the publication (featured or pinned) is refused with a 4xx and
 * changes nothing. A's settings are put back when each test ends.
 */
import { expectError, expectOk, fail, fc, rule } from '../../src/authoring/index.js';
import { Publication } from '../../../schemas/publications.js';
import { changedFields } from '../posts/support/refusals.js';
import { expectedAfterPatch, PATCH_FIELDS } from './patch-fields.js';
import { expectPublicationUnchanged, patchEnv, readPublication, withRestoredSettings } from './support.js';

for (const field of PATCH_FIELDS) {
  rule(
    [field.rule, 'publications.patch.response'],
    `PATCH ${field.name}: valid values are stored (limits included), invalid ones answer 400 and change nothing`,
    async (ctx) => {
      const env = await patchEnv(ctx);
      await withRestoredSettings(ctx, async (_before, id) => {
        const values = fc.oneof(
          field.valid(env).map((value) => ({ valid: true, value })),
          field.invalid(env).map((value) => ({ valid: false, value })),
        );
        await ctx.check(values, async ({ valid, value }) => {
          const before = await readPublication(ctx, id);
          const res = await ctx.api.patch(`/v1/publications/${id}`, { [field.name]: value });
          if (!valid) {
            expectError(res, 400);
            await expectPublicationUnchanged(ctx, id, before, `PATCH ${field.name} ${JSON.stringify(value)?.slice(0, 60)}`);
            return;
          }
          const updated = expectOk(res, Publication);
          const expected = expectedAfterPatch(field.name, value, before);
          const actual = (updated as Record<string, unknown>)[field.name];
          if (JSON.stringify(actual) !== JSON.stringify(expected)) {
            fail(`PATCH ${field.name} ${JSON.stringify(value)} answered ${field.name} ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
          }
          const reread = await readPublication(ctx, id);
          const differing = changedFields(updated, reread);
          if (differing.length > 0) fail(`the publication read after PATCH differs from the one PATCH answered in ${differing.join(', ')}`);
        });
      });
    },
    { needs: ['apiKey', 'publicationIds'] },
  );

  const refused = field.refused;
  if (refused) {
    rule(
      [refused.rule],
      `PATCH ${field.name} naming a post outside the publication is refused with a 4xx and changes nothing`,
      async (ctx) => {
        const env = await patchEnv(ctx);
        const values = refused.values(env);
        if (!values) return ctx.skip('precondition: no post outside the publication is known');
        await withRestoredSettings(ctx, async (before, id) => {
          await ctx.check(values, async (value) => {
            expectError(await ctx.api.patch(`/v1/publications/${id}`, { [field.name]: value }), '4xx');
            await expectPublicationUnchanged(ctx, id, before, `PATCH ${field.name} ${JSON.stringify(value)}`);
          });
        });
      },
      { needs: ['apiKey', 'publicationIds'] },
    );
  }
}
