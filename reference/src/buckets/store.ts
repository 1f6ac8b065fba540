/**
 * Content groups (buckets): one per post, made on first use, holding the
 * pieces made from the post in order of joining. Pure state and rules.
 */
import { notFound } from '../errors.js';
import type { Random } from '../random.js';
import type { PostRecord } from '../posts/record.js';
import type { BucketMembership } from '../content/store.js';
import type { PostDraftRows } from './draft-rows.js';
import type { BucketRecord } from './snapshot-schema.js';

export type { BucketRecord };

export class BucketStore implements BucketMembership {
  private byId = new Map<string, BucketRecord>();
  private byPost = new Map<string, string>();

  constructor(
    private readonly random: Random,
    private readonly now: () => number,
    readonly draftRows: PostDraftRows,
  ) {}

  add(record: BucketRecord): void {
    this.byId.set(record.id, record);
    this.byPost.set(record.postId, record.id);
  }

  /** persistence/: live records, serialise at once. Draft rows derive from the seed and post ids: nothing to save. */
  snapshot(): BucketRecord[] {
    return [...this.byId.values()];
  }

  /** Into an empty store: the records become the store's own, the post index is rebuilt. */
  restoreSnapshot(records: BucketRecord[]): void {
    for (const record of records) this.add(record);
  }

  requireOwn(publicationId: string, bucketId: string): BucketRecord {
    const bucket = this.byId.get(bucketId);
    if (!bucket || bucket.publicationId !== publicationId) throw notFound(`content group ${bucketId} not found`);
    return bucket;
  }

  /** The publication's post named by its id or its draft row's id. */
  requirePost(publicationId: string, postOrDraftId: string): PostRecord {
    const post = this.draftRows.resolve(postOrDraftId);
    if (!post || post.publicationId !== publicationId) throw notFound(`post ${postOrDraftId} not found`);
    return post;
  }

  bucketOfPost(publicationId: string, postOrDraftId: string): BucketRecord | null {
    const post = this.requirePost(publicationId, postOrDraftId);
    const id = this.byPost.get(post.id);
    return id === undefined ? null : this.byId.get(id)!;
  }

  /**
   * The post's group, made on first use. Synchronous from lookup to insert,
   * so concurrent calls cannot make two; a repeat writes nothing.
   */
  ensureForPost(publicationId: string, postOrDraftId: string): BucketRecord {
    const existing = this.bucketOfPost(publicationId, postOrDraftId);
    if (existing) return existing;
    const post = this.requirePost(publicationId, postOrDraftId);
    const now = this.now();
    const bucket: BucketRecord = {
      id: this.random.uuid(),
      publicationId,
      postId: post.id,
      title: post.title,
      createdAt: now,
      updatedAt: now,
      members: [],
    };
    this.add(bucket);
    return bucket;
  }

  addMember(bucketId: string, contentId: string, at: number): void {
    const bucket = this.byId.get(bucketId);
    if (!bucket) throw notFound(`content group ${bucketId} not found`);
    if (bucket.members.some((m) => m.contentId === contentId)) return;
    bucket.members.push({ contentId, joinedAt: at });
    bucket.updatedAt = at;
  }

  listOf(publicationId: string): BucketRecord[] {
    return [...this.byId.values()].filter((b) => b.publicationId === publicationId);
  }
}
