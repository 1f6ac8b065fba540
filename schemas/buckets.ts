/**
 * Content groups (buckets): one group is a post and everything made from it.
 * Member kinds, channels and statuses are the reference's choices (SILENT.md
 * "ours"): nothing public describes buckets.
 */
import { z } from 'zod';
import { IsoTime, cursorParam, limitParam, pageOf } from './common.js';
import { CONTENT_KINDS, CONTENT_LIMITS } from './content.js';

export const MEMBER_KINDS = ['post', ...CONTENT_KINDS] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

export const CHANNELS = ['paragraph', 'x', 'linkedin', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/** A post's status for a post, a content piece's status for a piece. */
export const MEMBER_STATUSES = ['draft', 'published', 'scheduled', 'archived'] as const;

export const BucketMember = z
  .object({
    kind: z.enum(MEMBER_KINDS),
    id: z.string(),
    channel: z.enum(CHANNELS).describe('paragraph for a post, x for tweet and x_article, linkedin, email for newsletter'),
    title: z.string(),
    status: z.enum(MEMBER_STATUSES).describe("the member's own status"),
    scheduled: z.boolean(),
    url: z.string().nullable(),
    publishedAt: IsoTime.nullable(),
    archivedAt: IsoTime.nullable(),
    position: z.number().int().min(0).describe('0 for the seeding post, then in order of joining'),
    updatedAt: IsoTime,
  })
  .meta({ id: 'BucketMember' });

export const Bucket = z
  .object({
    id: z.string(),
    title: z.string().describe('taken from the post that seeded the group'),
    createdAt: IsoTime,
    updatedAt: IsoTime.describe('the latest change of the group or any member'),
    members: z.array(BucketMember).describe('display order: the seeding post first'),
  })
  .meta({ id: 'Bucket' });

export const BucketPage = pageOf(Bucket).meta({ id: 'BucketPage' });

export const BucketListQuery = z
  // Unknown query parameters are ignored, as on every list.
  .object({
    cursor: cursorParam,
    limit: limitParam(CONTENT_LIMITS.pageMin, CONTENT_LIMITS.pageMax, CONTENT_LIMITS.pageDefault),
  })
  .meta({ id: 'BucketListQuery' });

/** POST /v1/posts/{postId}/bucket takes an empty object. */
export const PostBucketCreate = z.strictObject({}).meta({ id: 'PostBucketCreate' });

export const PostBucketCreated = z.object({ bucketId: z.string() }).meta({ id: 'PostBucketCreated' });

export const PostBucketAnswer = z
  .object({ bucketId: z.string().nullable().describe('null when nothing was made from the post') })
  .meta({ id: 'PostBucketAnswer' });

/** GET /_control/posts/{postId}/draft-row: the id of the row a published post is edited in. */
export const ControlDraftRow = z
  .object({ postId: z.string(), draftRowId: z.string() })
  .meta({ id: 'ControlDraftRow' });

export type BucketT = z.infer<typeof Bucket>;
export type BucketMemberT = z.infer<typeof BucketMember>;
