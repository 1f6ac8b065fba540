/**
 * The seeding post as a member of its group (docs/spec-gaps-content.md, "a
 * post member"): its page while published, its publication time, and its
 * last change standing in for the archive time while archived.
 */
import { Publication } from '../../../schemas/publications.js';
import { expectOk, expectStatus, fail, rule } from '../../src/authoring/index.js';
import { createPiece, draftOf } from '../content/support/content-api.js';
import { CONTENT_SENDS, sendStep } from '../content/support/sends.js';
import { withScheduleTimes } from '../posts/support/schedule.js';
import { readOwnPost, updatePost } from '../posts/support/posts-api.js';
import { requirePublishing } from '../posts/support/publishing.js';
import { getBucket, makeBucket, seedPost, type CoreBucketT } from './support/buckets-api.js';

const iso = (epochMs: string | undefined) => (epochMs === undefined ? null : new Date(Number(epochMs)).toISOString());

function expectPostMember(bucket: CoreBucketT, want: Record<string, unknown>, when: string): void {
  const member = bucket.members[0];
  const got = Object.fromEntries(Object.keys(want).map((k) => [k, member?.[k as keyof typeof member]]));
  if (JSON.stringify(got) !== JSON.stringify(want)) fail(`${when}, the post member shows ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
}

rule(
  'buckets.member.post-fields',
  "a post member links the post's page while it is published, keeps its publishedAt, and shows its last change as archivedAt while archived",
  async (ctx) => {
    requirePublishing(ctx);
    const publication = expectOk(await ctx.api.anonymous.get(`/v1/publications/${encodeURIComponent(ctx.target.publications.a!.id)}`), Publication);
    const seed = await seedPost(ctx, 'post member seed');
    const bucketId = await makeBucket(ctx, seed.id);
    expectPostMember(await getBucket(ctx, bucketId), { status: 'draft', url: null, publishedAt: null, scheduled: false, archivedAt: null }, 'as a draft');

    await updatePost(ctx, seed.id, { status: 'published' });
    const published = await readOwnPost(ctx, seed.id);
    const live = await getBucket(ctx, bucketId);
    const url = live.members[0]?.url ?? '';
    if (!url.startsWith('https://') || !url.endsWith(`/@${publication.slug}/${published.slug}`)) {
      fail(`the published post member's url is ${JSON.stringify(url)}, not the page of ${publication.slug}/${published.slug}`);
    }
    expectPostMember(live, { status: 'published', publishedAt: iso(published.publishedAt), scheduled: false, archivedAt: null }, 'published');
    if (live.updatedAt < iso(published.updatedAt)!) fail(`the group's updatedAt ${live.updatedAt} is before its post's last change ${iso(published.updatedAt)}`);

    await updatePost(ctx, seed.id, { status: 'archived' });
    const archived = await readOwnPost(ctx, seed.id);
    const want = { status: 'archived', url: null, publishedAt: iso(published.publishedAt), scheduled: false, archivedAt: iso(archived.updatedAt) };
    expectPostMember(await getBucket(ctx, bucketId), want, 'archived');
  },
  { needs: ['apiKey', 'publicationIds'] },
);

rule(
  'buckets.shape.post-deleted',
  'a group whose seeding post is deleted stays, with the title it had and its pieces in their positions, without the post member',
  async (ctx) => {
    const seed = await seedPost(ctx, 'deleted seed');
    const bucketId = await makeBucket(ctx, seed.id);
    const piece = await createPiece(ctx, draftOf(ctx, 'tweet', undefined, { bucketId }));
    expectStatus(await ctx.api.delete(`/v1/posts/${encodeURIComponent(seed.id)}`), 200);
    const bucket = await getBucket(ctx, bucketId);
    const members = bucket.members.map((m) => `${m.id}@${m.position}`);
    if (bucket.title !== seed.title) fail(`the group's title is ${JSON.stringify(bucket.title)}, expected the post's ${JSON.stringify(seed.title)}`);
    if (members.join() !== `${piece.id}@1`) fail(`the group's members are ${members.join(', ')}, expected only ${piece.id} at position 1`);
  },
);

rule(
  ['buckets.member.post-fields', 'buckets.shape.member-fields'],
  'a scheduled seeding post, and a piece while its send is queued, show scheduled: true as members',
  async (ctx) => {
    requirePublishing(ctx);
    const seed = await seedPost(ctx, 'scheduled seed');
    const bucketId = await makeBucket(ctx, seed.id);
    const piece = await createPiece(ctx, draftOf(ctx, 'newsletter', undefined, { bucketId }));
    await withScheduleTimes(ctx, async (times) => updatePost(ctx, seed.id, { scheduledAt: times.soon }));
    await sendStep(ctx, piece.id, 'queue');
    const members = (await getBucket(ctx, bucketId)).members.map((m) => `${m.id}:${m.scheduled}`);
    const want = [`${seed.id}:true`, `${piece.id}:true`];
    if (members.join() !== want.join()) fail(`members show ${members.join(', ')}, expected ${want.join(', ')}`);
    await sendStep(ctx, piece.id, 'cancel');
    const cancelled = (await getBucket(ctx, bucketId)).members.find((m) => m.id === piece.id);
    if (cancelled?.scheduled !== false) fail(`after its send was cancelled the piece member shows scheduled ${cancelled?.scheduled}`);
  },
  { needs: ['apiKey', CONTENT_SENDS] },
);
