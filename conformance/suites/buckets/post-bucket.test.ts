/**
 * POST and GET /v1/posts/{postId}/bucket: the group of a post, made on first
 * use, the same id on every call (also concurrent ones), nothing written on
 * repeats, and the same answer for a post's draft and published ids.
 */
import { expectError, expectStatus, fail, rule } from '../../src/authoring/index.js';
import { bucketOfPost, bucketsSince, getBucket, makeBucket, postBucket, postBucketPath, seedPost } from './support/buckets-api.js';

rule(
  'buckets.post-bucket.get',
  'GET /v1/posts/{postId}/bucket answers {bucketId: null} for a post nothing was made from',
  async (ctx) => {
    const post = await seedPost(ctx);
    const answer = await bucketOfPost(ctx, post.id);
    if (answer !== null) fail(`a new post already has bucket ${answer}`);
  },
);

rule(
  ['buckets.post-bucket.create', 'buckets.post-bucket.idempotent', 'buckets.post-bucket.get'],
  'POST /v1/posts/{postId}/bucket makes the group once; repeats answer the same id and write nothing',
  async (ctx) => {
    const post = await seedPost(ctx);
    const bucketId = await makeBucket(ctx, post.id);
    const before = await getBucket(ctx, bucketId);
    for (let i = 0; i < 3; i++) {
      const again = await makeBucket(ctx, post.id);
      if (again !== bucketId) fail(`call ${i + 2} answered bucket ${again}, the first ${bucketId}`);
    }
    const seen = await bucketOfPost(ctx, post.id);
    if (seen !== bucketId) fail(`GET answers ${seen}, POST made ${bucketId}`);
    const after = await getBucket(ctx, bucketId);
    if (after.updatedAt !== before.updatedAt) fail(`repeated calls changed updatedAt from ${before.updatedAt} to ${after.updatedAt}`);
    if (JSON.stringify(after) !== JSON.stringify(before)) fail('repeated calls changed the group');
  },
);

rule(
  ['buckets.post-bucket.idempotent', 'buckets.post-bucket.create'],
  'concurrent POSTs for one post make one group and all answer its id',
  async (ctx) => {
    const post = await seedPost(ctx, 'concurrent bucket seed');
    const answers = await Promise.all(Array.from({ length: 8 }, () => postBucket(ctx, post.id)));
    const ids = new Set<string>();
    for (const res of answers) {
      expectStatus(res, 200);
      ids.add((res.body as { bucketId: string }).bucketId);
    }
    if (ids.size !== 1) fail(`8 concurrent calls answered ${ids.size} different ids: ${[...ids].join(', ')}`);
    const [bucketId] = ids;
    const made = await getBucket(ctx, bucketId);
    const groupsOfPost = (await bucketsSince(ctx, made.createdAt)).filter((b) => b.members[0]?.id === post.id);
    if (groupsOfPost.length !== 1) fail(`the list holds ${groupsOfPost.length} groups seeded by post ${post.id}`);
  },
);

rule(
  'buckets.post-bucket.draft-and-published',
  "a post's draft row id and its own id give the same group, on POST and on GET",
  async (ctx) => {
    const post = await seedPost(ctx, 'draft row seed');
    const { draftRowId } = await ctx.control.call<{ draftRowId: string }>('GET', `/_control/posts/${encodeURIComponent(post.id)}/draft-row`);
    if (draftRowId === post.id) fail('the draft row has the post id itself');
    if (!/^[A-Za-z0-9]{20}$/.test(draftRowId)) fail(`the draft row id ${JSON.stringify(draftRowId)} is not 20 alphanumerics`);
    if ((await bucketOfPost(ctx, draftRowId)) !== null) fail('the draft row id has a group before any was made');
    const viaDraft = await makeBucket(ctx, draftRowId);
    const viaPost = await makeBucket(ctx, post.id);
    if (viaDraft !== viaPost) fail(`the draft row id made group ${viaDraft}, the post id answers ${viaPost}`);
    for (const id of [post.id, draftRowId]) {
      const answer = await bucketOfPost(ctx, id);
      if (answer !== viaDraft) fail(`GET for ${id} answers ${answer}, expected ${viaDraft}`);
    }
  },
  { needs: ['control:post-draft-rows'] },
);

rule(
  'buckets.post-bucket.foreign-post-404',
  "another publication's post, or an unknown post id, answers 404 on POST and GET",
  async (ctx) => {
    const theirs = await seedPost(ctx, 'their seed', 'b');
    expectError(await postBucket(ctx, theirs.id), 404);
    expectError(await ctx.api.get(postBucketPath(theirs.id)), 404);
    const unknown = `no-such-post-${ctx.runId}`;
    expectError(await postBucket(ctx, unknown), 404);
    expectError(await ctx.api.get(postBucketPath(unknown)), 404);
    if ((await bucketOfPost(ctx, theirs.id, 'b')) !== null) fail("a refused call made a group for the other publication's post");
  },
  { needs: ['secondKey'] },
);

rule(
  'buckets.post-bucket.empty-body',
  'POST /v1/posts/{postId}/bucket takes an empty object: any property is 400 and makes nothing',
  async (ctx) => {
    const post = await seedPost(ctx);
    expectError(await ctx.api.post(postBucketPath(post.id), { title: 'x' }), 400);
    if ((await bucketOfPost(ctx, post.id)) !== null) fail('a refused call made a group');
  },
);
