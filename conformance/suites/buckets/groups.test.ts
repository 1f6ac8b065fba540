/**
 * GET /v1/buckets and /v1/buckets/{bucketId}: the group's shape, its members
 * in display order, the list page and its order; grouping pieces with
 * bucketId on create and PATCH, and 409 on regrouping.
 */
import { Bucket } from '../../../schemas/buckets.js';
import { ContentPiece } from '../../../schemas/content.js';
import { expectError, expectOk, expectStatus, fail, rule } from '../../src/authoring/index.js';
import { createPiece, draftOf, getPiece, patchPiece, tryCreate } from '../content/support/content-api.js';
import {
  CoreBucketPage,
  bucketPath,
  bucketsSince,
  expectSeedFirst,
  getBucket,
  makeBucket,
  pieceIds,
  seedPost,
} from './support/buckets-api.js';

rule(
  [
    'buckets.shape.required-fields',
    'buckets.shape.title-from-post',
    'buckets.shape.seeding-post-first',
    'buckets.shape.member-fields',
    'buckets.get.by-id',
    'content.create.bucket-id',
  ],
  'a group shows its title from the post and its members, the seeding post first, without bodies',
  async (ctx) => {
    const post = await seedPost(ctx, 'group shape seed');
    const bucketId = await makeBucket(ctx, post.id);
    const thread = await createPiece(ctx, draftOf(ctx, 'tweet', { tweets: ['one', 'two'] }, { bucketId }));
    const email = await createPiece(ctx, draftOf(ctx, 'newsletter', undefined, { bucketId }));
    if (thread.bucketId !== bucketId) fail(`a piece created with bucketId ${bucketId} has bucketId ${thread.bucketId}`);
    const bucket = await getBucket(ctx, bucketId);
    if (bucket.id !== bucketId) fail(`GET ${bucketId} answered group ${bucket.id}`);
    if (bucket.title !== post.title) fail(`the group's title is ${JSON.stringify(bucket.title)}, the post's ${JSON.stringify(post.title)}`);
    expectSeedFirst(bucket, post.id);
    if (bucket.members[0].kind !== 'post') fail(`the seeding post's member kind is ${bucket.members[0].kind}, expected post`);
    const ids = pieceIds(bucket);
    for (const piece of [thread, email]) if (!ids.includes(piece.id)) fail(`piece ${piece.id} is not a member of its group`);
    const raw = (await ctx.api.get(bucketPath(bucketId))).body as { members: Record<string, unknown>[] };
    for (const m of raw.members) if ('body' in m) fail(`member ${String(m.id)} carries a body`);
  },
);

rule(
  ['buckets.member.kind', 'buckets.member.channel', 'buckets.member.status', 'buckets.member.position'],
  'members carry the kinds, channels, statuses and positions of the reference',
  async (ctx) => {
    const post = await seedPost(ctx, 'member values seed');
    const bucketId = await makeBucket(ctx, post.id);
    const made: { id: string }[] = [];
    for (const kind of ['tweet', 'linkedin', 'newsletter', 'x_article'] as const) made.push(await createPiece(ctx, draftOf(ctx, kind, undefined, { bucketId })));
    const bucket = expectOk(await ctx.api.get(bucketPath(bucketId)), Bucket);
    const seen = bucket.members.map((m) => `${m.kind}/${m.channel}/${m.status}/${m.position}`);
    const want = ['post/paragraph/draft/0', 'tweet/x/draft/1', 'linkedin/linkedin/draft/2', 'newsletter/email/draft/3', 'x_article/x/draft/4'];
    if (seen.join() !== want.join()) fail(`members are ${seen.join(', ')}, expected ${want.join(', ')}`);
    if (bucket.members.slice(1).map((m) => m.id).join() !== made.map((p) => p.id).join()) fail('members are not in order of joining');
  },
);

rule(
  'buckets.shape.updated-at',
  "a group's updatedAt follows the latest change of any member",
  async (ctx) => {
    const post = await seedPost(ctx, 'activity seed');
    const bucketId = await makeBucket(ctx, post.id);
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet', undefined, { bucketId }));
    expectStatus(await patchPiece(ctx, piece.id, { title: ctx.names.title('renamed member') }), '2xx');
    const renamed = await getPiece(ctx, piece.id);
    const bucket = await getBucket(ctx, bucketId);
    if (bucket.updatedAt < renamed.updatedAt) fail(`the group's updatedAt ${bucket.updatedAt} is before its member's ${renamed.updatedAt}`);
  },
);

rule(
  'buckets.get.unknown-404',
  'an unknown bucket id answers 404',
  async (ctx) => {
    expectError(await ctx.api.get(bucketPath(`no-such-group-${ctx.runId}`)), 404);
    expectError(await ctx.api.get(bucketPath('00000000-0000-4000-8000-000000000000')), 404);
  },
);

rule(
  'buckets.get.foreign-404',
  "another publication's group answers 404",
  async (ctx) => {
    const theirs = await makeBucket(ctx, (await seedPost(ctx, 'their seed', 'b')).id, 'b');
    expectError(await ctx.api.get(bucketPath(theirs)), 404);
  },
  { needs: ['secondKey'] },
);

rule(
  ['buckets.list.page', 'pagination.limit.buckets'],
  'GET /v1/buckets answers a page of groups with members, most recently active first; limit is 1..50',
  async (ctx) => {
    const older = await makeBucket(ctx, (await seedPost(ctx, 'older group')).id);
    const newer = await makeBucket(ctx, (await seedPost(ctx, 'newer group')).id);
    const olderBucket = await getBucket(ctx, older);
    const head = await bucketsSince(ctx, olderBucket.updatedAt);
    const ids = head.map((b) => b.id);
    if (!ids.includes(older) || !ids.includes(newer)) fail(`the list does not hold both new groups: ${ids.join(', ')}`);
    for (let i = 1; i < head.length; i++) {
      if (head[i].updatedAt > head[i - 1].updatedAt) fail(`group ${head[i].id} (updated ${head[i].updatedAt}) is listed below an older one`);
    }
    const page = expectOk(await ctx.api.get('/v1/buckets'), CoreBucketPage);
    if (page.items.length > 20) fail(`the default page has ${page.items.length} groups`);
    for (const limit of [1, 50]) {
      const res = expectOk(await ctx.api.get('/v1/buckets', { query: { limit } }), CoreBucketPage);
      if (res.items.length > limit) fail(`limit=${limit} answered ${res.items.length} groups`);
    }
    for (const limit of [0, 51]) expectError(await ctx.api.get('/v1/buckets', { query: { limit } }), 400);
  },
);

rule(
  'buckets.list.order-ties',
  'groups with the same updatedAt are listed by id',
  async (ctx) => {
    await ctx.control.freezeClock(true);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(await makeBucket(ctx, (await seedPost(ctx, `tie ${i}`)).id));
      const first = await getBucket(ctx, ids[0]);
      const listed = (await bucketsSince(ctx, first.updatedAt)).map((b) => b.id).filter((id) => ids.includes(id));
      if (listed.join() !== [...ids].sort().join()) fail(`tied groups are listed ${listed.join(', ')}, not by id`);
    } finally {
      await ctx.control.freezeClock(false);
    }
  },
  { needs: ['control:clock'] },
);

rule(
  ['content.patch.bucket-conflict-409', 'errors.409.already-grouped'],
  'PATCH bucketId of a piece grouped elsewhere answers 409 and the piece is not moved',
  async (ctx) => {
    const a = await makeBucket(ctx, (await seedPost(ctx, 'group A')).id);
    const b = await makeBucket(ctx, (await seedPost(ctx, 'group B')).id);
    const piece = await createPiece(ctx, draftOf(ctx, 'linkedin', undefined, { bucketId: a }));
    expectError(await patchPiece(ctx, piece.id, { bucketId: b }), 409);
    const after = await getPiece(ctx, piece.id);
    if (after.bucketId !== a) fail(`after a refused move the piece is in ${after.bucketId}, not ${a}`);
    if (pieceIds(await getBucket(ctx, b)).includes(piece.id)) fail('the piece joined the other group anyway');
    if (!pieceIds(await getBucket(ctx, a)).includes(piece.id)) fail('the piece left its group');
  },
);

rule(
  'content.patch.bucket-same-noop',
  "PATCH bucketId of the piece's own group answers 200 and changes nothing",
  async (ctx) => {
    const a = await makeBucket(ctx, (await seedPost(ctx, 'same group')).id);
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet', undefined, { bucketId: a }));
    expectStatus(await patchPiece(ctx, piece.id, { bucketId: a }), 200);
    const after = await getPiece(ctx, piece.id);
    if (after.updatedAt !== piece.updatedAt || after.bucketId !== a) fail('PATCH to the same group changed the piece');
    if (pieceIds(await getBucket(ctx, a)).filter((id) => id === piece.id).length !== 1) fail('the piece is listed twice in its group');
  },
);

rule(
  'content.bucket.unknown-404',
  "bucketId of an unknown group, or another publication's, answers 404 and nothing is written",
  async (ctx) => {
    const unknown = `no-such-group-${ctx.runId}`;
    expectError(await tryCreate(ctx, draftOf(ctx, 'tweet', undefined, { bucketId: unknown })), 404);
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet'));
    expectError(await patchPiece(ctx, piece.id, { bucketId: unknown, title: ctx.names.title('not applied') }), 404);
    const after = await getPiece(ctx, piece.id);
    if (after.bucketId !== null || after.title !== piece.title) fail('a PATCH refused for its bucketId changed the piece');
    if (ctx.keys.b) {
      const theirs = await makeBucket(ctx, (await seedPost(ctx, 'their group', 'b')).id, 'b');
      expectError(await patchPiece(ctx, piece.id, { bucketId: theirs }), 404);
    }
  },
);

rule(
  'content.bucket.null-and-kinds',
  'bucketId null on create stands the piece alone, on PATCH answers 400; an empty or non-text bucketId answers 400 on both',
  async (ctx) => {
    const alone = expectOk(await tryCreate(ctx, draftOf(ctx, 'tweet', undefined, { bucketId: null })), ContentPiece);
    if (alone.bucketId !== null) fail(`a piece created with bucketId null has bucketId ${JSON.stringify(alone.bucketId)}`);
    const group = await makeBucket(ctx, (await seedPost(ctx, 'kept group')).id);
    const grouped = await createPiece(ctx, draftOf(ctx, 'tweet', undefined, { bucketId: group }));
    for (const bucketId of [null, '', 7, [group]]) {
      expectError(await patchPiece(ctx, grouped.id, { bucketId }), 400);
      if (bucketId !== null) expectError(await tryCreate(ctx, draftOf(ctx, 'tweet', undefined, { bucketId })), 400);
    }
    const after = await getPiece(ctx, grouped.id);
    if (after.bucketId !== group || after.updatedAt !== grouped.updatedAt) fail(`a refused PATCH of bucketId changed the piece: bucketId ${JSON.stringify(after.bucketId)}`);
  },
);

rule(
  ['buckets.list.page', 'pagination.cursor.tampered-400'],
  "a cursor of one publication's group list is refused (400) on another publication's",
  async (ctx) => {
    for (const label of ['cursor group 1', 'cursor group 2']) await makeBucket(ctx, (await seedPost(ctx, label)).id);
    const page = expectOk(await ctx.api.get('/v1/buckets', { query: { limit: 1 } }), CoreBucketPage);
    if (!page.pagination.hasMore) fail('GET /v1/buckets?limit=1 has no next page although publication A has two groups');
    expectError(await ctx.api.b.get('/v1/buckets', { query: { limit: 1, cursor: page.pagination.cursor } }), 400);
  },
  { needs: ['secondKey'] },
);

rule(
  ['buckets.list.page', 'auth.isolation.read'],
  "GET /v1/buckets lists only the caller's groups, never another publication's",
  async (ctx) => {
    const theirs = await makeBucket(ctx, (await seedPost(ctx, 'their listed group', 'b')).id, 'b');
    const made = await getBucket(ctx, theirs, 'b');
    const ours = await bucketsSince(ctx, made.createdAt);
    if (ours.some((b) => b.id === theirs)) fail(`publication A's list holds group ${theirs} of publication B`);
  },
  { needs: ['secondKey'] },
);
