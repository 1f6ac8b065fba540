/**
 * Content groups as the suites use them: a draft post to seed a group (the
 * suite never publishes), POST/GET /v1/posts/{postId}/bucket, and groups read
 * back. The core shape below holds SPEC.md's member fields without the
 * reference's value choices (kinds, channels, statuses are "ours").
 */
import { z } from 'zod';
import { PostCreated } from '../../../../schemas/posts.js';
import { expectOk, fail, ListWalk, setupStep, type ApiResponse, type RuleContext } from '../../../src/authoring/index.js';

export type Who = 'a' | 'b';

const iso = z.iso.datetime({ offset: true });

export const CoreMember = z.object({
  kind: z.string(),
  id: z.string(),
  channel: z.string(),
  title: z.string(),
  status: z.string(),
  scheduled: z.boolean(),
  url: z.string().nullable(),
  publishedAt: iso.nullable(),
  archivedAt: iso.nullable(),
  position: z.number().int(),
  updatedAt: iso,
});

export const CoreBucket = z.object({
  id: z.string().min(1),
  title: z.string(),
  createdAt: iso,
  updatedAt: iso,
  members: z.array(CoreMember),
});
export type CoreBucketT = z.infer<typeof CoreBucket>;

export const CoreBucketPage = z.object({
  items: z.array(CoreBucket),
  pagination: z.object({ cursor: z.string(), hasMore: z.boolean(), total: z.number().int().min(0) }),
});

const BucketId = z.object({ bucketId: z.string().min(1) });
const MaybeBucketId = z.object({ bucketId: z.string().min(1).nullable() });

export const postBucketPath = (postId: string) => `/v1/posts/${encodeURIComponent(postId)}/bucket`;
export const bucketPath = (bucketId: string) => `/v1/buckets/${encodeURIComponent(bucketId)}`;

/** A draft post titled with the run id, archived at the end. */
export async function seedPost(ctx: RuleContext, label = 'bucket seed', as: Who = 'a'): Promise<{ id: string; title: string }> {
  const title = ctx.names.title(label);
  const created = await setupStep('posts.create.draft', async () => {
    const res = await ctx.api.as(as).post('/v1/posts', { title, markdown: `Conformance probe: ${label}.`, status: 'draft' });
    return expectOk(res, PostCreated);
  });
  ctx.created.post(created.id, as);
  return { id: created.id, title };
}

export function postBucket(ctx: RuleContext, postId: string, as: Who = 'a'): Promise<ApiResponse> {
  return ctx.api.as(as).post(postBucketPath(postId), {});
}

/** POST /v1/posts/{postId}/bucket expecting 200 {bucketId}. */
export function makeBucket(ctx: RuleContext, postId: string, as: Who = 'a'): Promise<string> {
  return setupStep('buckets.post-bucket.create', async () => expectOk(await postBucket(ctx, postId, as), BucketId).bucketId);
}

/** GET /v1/posts/{postId}/bucket expecting 200 {bucketId: string | null}. */
export async function bucketOfPost(ctx: RuleContext, postId: string, as: Who = 'a'): Promise<string | null> {
  return expectOk(await ctx.api.as(as).get(postBucketPath(postId)), MaybeBucketId).bucketId;
}

export async function getBucket(ctx: RuleContext, bucketId: string, as: Who = 'a'): Promise<CoreBucketT> {
  return expectOk(await ctx.api.as(as).get(bucketPath(bucketId)), CoreBucket);
}

/** The head of GET /v1/buckets: groups active at or after `since`, following cursors. */
export async function bucketsSince(ctx: RuleContext, since: string, as: Who = 'a'): Promise<CoreBucketT[]> {
  const out: CoreBucketT[] = [];
  const walk = new ListWalk('GET /v1/buckets');
  for (let cursor: string | undefined; ; ) {
    const body = expectOk(await ctx.api.as(as).get('/v1/buckets', { query: { limit: 50, cursor } }), CoreBucketPage);
    for (const bucket of body.items) {
      if (bucket.updatedAt < since) return out;
      out.push(bucket);
    }
    if (!walk.next({ askedWith: cursor, ...body.pagination, ids: body.items.map((bucket) => bucket.id) })) return out;
    cursor = body.pagination.cursor;
  }
}

/** Members after the seeding post, as ids. */
export function pieceIds(bucket: CoreBucketT): string[] {
  return bucket.members.slice(1).map((m) => m.id);
}

export function expectSeedFirst(bucket: CoreBucketT, postId: string): void {
  if (bucket.members[0]?.id !== postId) fail(`the first member of group ${bucket.id} is ${bucket.members[0]?.id ?? 'missing'}, not the seeding post ${postId}`);
}
