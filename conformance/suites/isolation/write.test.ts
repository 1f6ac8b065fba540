/**
 * Isolation of writes (Authentication 2-3): with A's key, nothing of B can
 * be changed. Writes are aimed only at drafts this run made in B, so that
 * a broken target can only damage the suite's own posts; B's settings are
 * put back with B's key should a broken target change them.
 */
import { expectError, expectOk, fail, fc, rule, type RuleContext } from '../../src/authoring/index.js';
import { PostBucketAnswer } from '../../../schemas/buckets.js';
import { Publication, type PublicationT } from '../../../schemas/publications.js';
import { fieldEnv } from '../posts/arbitraries/field-env.js';
import { POST_FIELDS } from '../posts/arbitraries/post-fields.js';
import { publishingAllowed } from '../posts/support/publishing.js';
import { expectPostUnchanged } from '../posts/support/refusals.js';
import { PATCH_FIELDS } from '../publications/patch-fields.js';
import { expectPublicationUnchanged, readPublication } from '../publications/support.js';
import { expectRefusedAcross, foreignPosts, snapshotForeign } from './support.js';

/** Valid update bodies (for A's own posts): title, subtitle, categories, and the status changes allowed here. */
function updateBodies(ctx: RuleContext): fc.Arbitrary<Record<string, unknown>> {
  const env = fieldEnv(ctx);
  const pick = (name: string) => POST_FIELDS.find((f) => f.name === name)!.valid!(env, 'update')!;
  const statuses = publishingAllowed(ctx) ? ['draft', 'archived', 'published'] : ['draft', 'archived'];
  return fc
    .record(
      { title: pick('title'), subtitle: pick('subtitle'), categories: pick('categories'), markdown: pick('markdown'), status: fc.constantFrom(...statuses) },
      { requiredKeys: [] },
    )
    .filter((body) => Object.keys(body).length > 0);
}

rule(
  ['auth.isolation.write', 'posts.update.own-publication'],
  "PUT of B's post with A's key is refused, and B's post is unchanged",
  async (ctx) => {
    const { ours } = await foreignPosts(ctx);
    const target = ours[0]!;
    const before = await snapshotForeign(ctx, target);
    await ctx.check(updateBodies(ctx), async (body) => {
      expectRefusedAcross(await ctx.api.put(`/v1/posts/${target}`, body));
      await expectPostUnchanged(ctx, target, before, `PUT ${JSON.stringify(body).slice(0, 80)} with A's key on B's post`, 'b');
    });
  },
  { needs: ['apiKey', 'secondKey'] },
);

rule(
  ['auth.isolation.write'],
  "POST /v1/posts/{postId}/bucket on B's post with A's key is refused and makes no group",
  async (ctx) => {
    const { ours } = await foreignPosts(ctx);
    const before = expectOk(await ctx.api.b.get(`/v1/posts/${ours[1]}/bucket`), PostBucketAnswer);
    expectRefusedAcross(await ctx.api.post(`/v1/posts/${ours[1]}/bucket`, {}));
    const after = expectOk(await ctx.api.b.get(`/v1/posts/${ours[1]}/bucket`), PostBucketAnswer);
    if (after.bucketId !== before.bucketId) fail(`POST /v1/posts/{postId}/bucket with A's key changed the group of B's post from ${before.bucketId} to ${after.bucketId}`);
  },
  { needs: ['apiKey', 'secondKey'] },
);

rule(
  ['auth.isolation.write'],
  "POST /v1/posts/{postId}/test-email on B's draft with A's key is refused and sends nothing",
  async (ctx) => {
    // Only where the outbox shows what would have been sent: on a live service a broken target would email B's owner.
    const { ours } = await foreignPosts(ctx);
    expectRefusedAcross(await ctx.api.post(`/v1/posts/${ours[0]}/test-email`, {}));
    const sent = await ctx.control.outbox({ postId: ours[0], kind: 'test' });
    if (sent.length > 0) fail(`a test email of B's draft ${ours[0]} was queued on A's request`);
  },
  { needs: ['apiKey', 'secondKey', 'control:outbox'] },
);

rule(
  ['auth.isolation.write'],
  "DELETE of B's post with A's key is refused, and B's post is still there",
  async (ctx) => {
    const { ours } = await foreignPosts(ctx);
    const before = await snapshotForeign(ctx, ours[0]!);
    expectRefusedAcross(await ctx.api.delete(`/v1/posts/${ours[0]}`));
    await expectPostUnchanged(ctx, ours[0]!, before, "DELETE with A's key of B's post", 'b');
  },
  { needs: ['apiKey', 'secondKey'], profile: 'extended' },
);

rule(
  ['auth.isolation.hidden-404'],
  "PUT and DELETE of B's post with A's key answer 404, as if it did not exist",
  async (ctx) => {
    const { ours } = await foreignPosts(ctx);
    expectError(await ctx.api.put(`/v1/posts/${ours[0]}`, { title: ctx.names.title('not yours') }), 404);
    expectError(await ctx.api.delete(`/v1/posts/${ours[0]}`), 404);
  },
  { needs: ['apiKey', 'secondKey'], profile: 'extended' },
);

rule(
  ['auth.isolation.write', 'auth.forbidden.403', 'publications.patch.own-publication-only'],
  "PATCH of B's publication with A's key answers 403, and B's settings are unchanged",
  async (ctx) => {
    const b = ctx.target.publications.b;
    if (!b) return ctx.skip('capability missing: publicationIds (the id of publication B is unknown)');
    const before = await readPublication(ctx, b.id);
    const env = { ownPostIds: [], foreignPostIds: [] };
    const entries = Object.fromEntries(PATCH_FIELDS.map((f) => [f.name, f.valid(env)])) as Record<string, fc.Arbitrary<unknown>>;
    try {
      await ctx.check(fc.record(entries, { requiredKeys: [] }), async (patch) => {
        expectError(await ctx.api.patch(`/v1/publications/${b.id}`, patch), 403);
        await expectPublicationUnchanged(ctx, b.id, before, `PATCH ${JSON.stringify(patch).slice(0, 80)} of B with A's key`);
      });
    } finally {
      await restoreB(ctx, b.id, before);
    }
  },
  { needs: ['apiKey', 'secondKey', 'publicationIds'] },
);

/** Puts B's settings back with B's own key, should a broken target have let A change them. */
async function restoreB(ctx: RuleContext, id: string, before: PublicationT): Promise<void> {
  const now = await readPublication(ctx, id);
  if (JSON.stringify(now) === JSON.stringify(before)) return;
  const values = Object.fromEntries(PATCH_FIELDS.flatMap((f) => ((before as Record<string, unknown>)[f.name] === undefined ? [] : [[f.name, (before as Record<string, unknown>)[f.name]]])));
  expectOk(await ctx.api.b.patch(`/v1/publications/${id}`, values), Publication);
}
