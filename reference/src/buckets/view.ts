/**
 * A content group as the API shows it: the seeding post first (position 0),
 * then the pieces in order of joining (1, 2, ...), each with its own status;
 * the group's updatedAt is the latest change of the group or any member.
 */
import type { BucketMemberT, BucketT, Channel } from '../../../schemas/buckets.js';
import type { ContentKind } from '../../../schemas/content.js';
import type { ContentRecord } from '../content/record.js';
import type { PostRecord } from '../posts/record.js';
import { iso, isoOrNull } from '../iso-time.js';
import { postSiteUrl } from '../site-url.js';
import type { BucketRecord } from './store.js';

export const CHANNEL_OF: Record<ContentKind, Channel> = {
  tweet: 'x',
  x_article: 'x',
  linkedin: 'linkedin',
  newsletter: 'email',
};

export interface BucketViewSources {
  post(id: string): PostRecord | undefined;
  piece(id: string): ContentRecord | undefined;
  publicationSlug(publicationId: string): string | undefined;
}


function postMember(post: PostRecord, slug: string | undefined): BucketMemberT {
  const live = post.status === 'published';
  return {
    kind: 'post',
    id: post.id,
    channel: 'paragraph',
    title: post.title,
    status: post.status,
    scheduled: post.status === 'scheduled',
    url: live && slug ? postSiteUrl(slug, post.slug) : null,
    publishedAt: isoOrNull(post.publishedAt),
    // Posts keep no archive time: the last change of an archived post stands in.
    archivedAt: post.status === 'archived' ? iso(post.updatedAt) : null,
    position: 0,
    updatedAt: iso(post.updatedAt),
  };
}

function pieceMember(piece: ContentRecord, position: number): BucketMemberT {
  return {
    kind: piece.kind,
    id: piece.id,
    channel: CHANNEL_OF[piece.kind],
    title: piece.title,
    status: piece.status,
    scheduled: piece.send?.state === 'queued',
    url: piece.url,
    publishedAt: isoOrNull(piece.publishedAt),
    archivedAt: isoOrNull(piece.archivedAt),
    position,
    updatedAt: iso(piece.updatedAt),
  };
}

/** Unix ms of the latest change of the group or any of its members. */
export function bucketActivity(bucket: BucketRecord, sources: BucketViewSources): number {
  let latest = bucket.updatedAt;
  const post = sources.post(bucket.postId);
  if (post) latest = Math.max(latest, post.updatedAt);
  for (const m of bucket.members) latest = Math.max(latest, sources.piece(m.contentId)?.updatedAt ?? 0);
  return latest;
}

export function bucketView(bucket: BucketRecord, sources: BucketViewSources): BucketT {
  const post = sources.post(bucket.postId);
  const members: BucketMemberT[] = [];
  if (post) members.push(postMember(post, sources.publicationSlug(post.publicationId)));
  bucket.members.forEach((m, i) => {
    const piece = sources.piece(m.contentId);
    if (piece) members.push(pieceMember(piece, i + 1));
  });
  return {
    id: bucket.id,
    title: post?.title ?? bucket.title,
    createdAt: iso(bucket.createdAt),
    updatedAt: iso(bucketActivity(bucket, sources)),
    members,
  };
}
