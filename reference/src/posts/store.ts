/**
 * Posts: records, lookups, create/update/delete and the life cycle of
 * SPEC.md. Pure state and rules (no HTTP): routes.ts extracts and shapes.
 *
 * Every write validates everything first (fields.ts, lifecycle.decide) and
 * only then changes the record, so a refused request changes nothing: not the
 * post, not the slug index, not the schedule, not the random sequence.
 */
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import type { Events } from '../events.js';
import type { Random } from '../random.js';
import type { PostCreateT, PostStatusT, PostUpdateT } from '../../../schemas/posts.js';
import type { PostRecord } from './record.js';
import { applyPatch, resolveFieldPatch, type BodyDocument, type FieldContext, type FieldPatch } from './fields.js';
import { applyOutcome, decide, type LifecycleEffects } from './lifecycle.js';
import { PostLists, type SortedList } from './lists.js';
import type { PublicationFacts } from './rules.js';
import { slugify, suffixedSlug, uniqueSlug } from './slug.js';

/** What the post store needs of the publications store. */
export interface PublicationsForPosts extends PublicationFacts {
  require(publicationId: string): { ownerUserId: string; pinnedPostIds: string[] };
  forgetPost(publicationId: string, postId: string): void;
}

export interface PostStoreDeps {
  clock: Pick<Clock, 'now' | 'schedule' | 'cancel'>;
  random: Pick<Random, 'alphanumeric'>;
  events: Events;
  publications: PublicationsForPosts;
}

const publishTaskKey = (postId: string) => `post-publish:${postId}`;
const POST_NOT_FOUND = 'post not found';

export class PostStore {
  private byId = new Map<string, PostRecord>();
  /** publicationId -> lowercased slug -> post id: slugs are unique per publication, case-insensitively. */
  private slugs = new Map<string, Map<string, string>>();
  /**
   * publicationId -> generated slug base -> the first suffix worth trying for
   * it: every `base-N` from 2 below it is taken. Raised when a generated slug
   * takes a suffix, lowered when a slug with a smaller one is let go, so a new
   * post still gets the smallest free suffix without trying every taken one.
   */
  private freeSuffixFrom = new Map<string, Map<string, number>>();
  /** cover media id -> post id. */
  private media = new Map<string, string>();
  /** Every list, kept sorted: re-synced after each change of a post (lists.ts). */
  private lists = new PostLists();

  constructor(private readonly deps: PostStoreDeps) {}

  /** Put a complete record in (fixtures): indexed, its cover hosted, its schedule queued. */
  add(record: PostRecord): void {
    record.postPreviewGiven ??= false;
    if (record.imageUrl && !record.coverMediaId) record.coverMediaId = this.newMediaId();
    this.byId.set(record.id, record);
    this.index(record);
    this.lists.sync(record);
    if (record.status === 'scheduled' && record.scheduledAt !== null) this.queuePublish(record);
  }

  get(id: string): PostRecord | undefined {
    return this.byId.get(id);
  }

  /** persistence/: live records (covers included, as media ids), serialise at once. */
  snapshot(): PostRecord[] {
    return this.all();
  }

  /**
   * Into an empty store. The slug, media and list indexes are rebuilt, and a
   * scheduled post puts its publish back on the clock (the task is derived
   * from the record, never saved).
   */
  restoreSnapshot(records: PostRecord[]): void {
    for (const record of records) this.add(record);
  }

  isPostOf(publicationId: string, postId: string): boolean {
    return this.byId.get(postId)?.publicationId === publicationId;
  }

  all(): PostRecord[] {
    return [...this.byId.values()];
  }

  /** A post of the caller's publication; any other post is 404 (its existence is not revealed). */
  requireOwn(publicationId: string, postId: string): PostRecord {
    const post = this.byId.get(postId);
    if (!post || post.publicationId !== publicationId) throw notFound(POST_NOT_FOUND);
    return post;
  }

  /**
   * A post as the caller may read it: published posts are public; any other
   * status only with a key of the post's own publication (else 404, never 403).
   */
  readable(postId: string, callerPublicationId: string | null): { post: PostRecord; own: boolean } {
    const post = this.byId.get(postId);
    if (!post) throw notFound(POST_NOT_FOUND);
    const own = post.publicationId === callerPublicationId;
    if (!own && post.status !== 'published') throw notFound(POST_NOT_FOUND);
    return { post, own };
  }

  /** A post of the caller's publication by its slug (case-insensitive), any status: the writes by slug. */
  ownIdBySlug(publicationId: string, slug: string): string {
    const id = this.slugs.get(publicationId)?.get(slug.toLowerCase());
    if (id === undefined) throw notFound(`no post with slug "${slug}" in the key's publication`);
    return id;
  }

  /** A published post by its publication and slug (case-insensitive). */
  publishedBySlug(publicationId: string, slug: string): PostRecord {
    const id = this.slugs.get(publicationId)?.get(slug.toLowerCase());
    const post = id ? this.byId.get(id) : undefined;
    if (!post || post.status !== 'published') throw notFound(`post with slug "${slug}" not found`);
    return post;
  }

  /** The post whose cover is this media id. */
  byMediaId(mediaId: string): PostRecord | undefined {
    const id = this.media.get(mediaId);
    return id ? this.byId.get(id) : undefined;
  }

  // ---- lists -------------------------------------------------------------

  listOwn(publicationId: string, status: PostStatusT): SortedList {
    return this.lists.ownPosts(publicationId, status);
  }

  listPublication(publicationId: string): SortedList {
    const { pinnedPostIds } = this.deps.publications.require(publicationId);
    return this.lists.publicationFeed(publicationId, pinnedPostIds, (id) => this.byId.get(id));
  }

  listCurated(): SortedList {
    return this.lists.curatedFeed();
  }

  listTagged(tag: string): SortedList {
    return this.lists.taggedPosts(tag);
  }

  // ---- writes ------------------------------------------------------------

  /** `body`: the document of the input's markdown or bodyJson when the caller converted it already (requests do, in a worker). */
  create(publicationId: string, input: PostCreateT, body?: BodyDocument): PostRecord {
    const { publications } = this.deps;
    const now = this.now();
    const owner = publications.require(publicationId).ownerUserId;
    const blank: PostRecord = {
      id: '', publicationId, title: input.title, slug: '', postPreview: '', postPreviewGiven: false, doc: { type: 'doc', content: [] },
      categories: [], publishOnline: true, authorIds: [owner], status: 'draft', scheduledAt: null,
      sendNewsletter: false, publishedAt: null, createdAt: now, updatedAt: now, views: 0, curated: false,
    };
    const scope = this.fieldContext(publicationId, null, now);
    const patch = resolveFieldPatch(blank, input, scope, body);
    const outcome = decide('new', null, input, true, now);

    // Accepted: from here on nothing throws.
    const post: PostRecord = { ...blank, id: this.newPostId() };
    applyPatch(post, patch);
    post.slug ||= this.generatedSlug(publicationId, slugify(post.title), scope);
    this.hostCover(post, patch);
    const effects = applyOutcome(post, outcome, input, now);
    this.byId.set(post.id, post);
    this.index(post);
    this.announce(post, effects, now, true);
    return post;
  }

  update(publicationId: string, postId: string, input: PostUpdateT, body?: BodyDocument): PostRecord {
    const post = this.requireOwn(publicationId, postId);
    const now = this.now();
    const patch = resolveFieldPatch(post, input, this.fieldContext(publicationId, post.id, now), body);
    const outcome = decide(post.status, post, input, Object.keys(patch).length > 0, now);

    // Accepted: from here on nothing throws. The slug and cover entries change only when they do:
    // deleting and re-adding the same Map key on every edit leaves dead entries in its hash chain
    // (see SortedIndex.reposition).
    const reindex = 'slug' in patch || 'imageUrl' in patch;
    if (reindex) this.unindex(post);
    applyPatch(post, patch);
    this.hostCover(post, patch);
    if (reindex) this.index(post);
    const effects = applyOutcome(post, outcome, input, now);
    this.announce(post, effects, now, Object.keys(patch).length > 0);
    return post;
  }

  /** Permanent delete: the schedule, the slug, the cover and the publication's pins go too. */
  delete(publicationId: string, postId: string): void {
    const post = this.requireOwn(publicationId, postId);
    this.deps.clock.cancel(publishTaskKey(post.id));
    this.unindex(post);
    this.lists.drop(post);
    this.byId.delete(post.id);
    this.deps.publications.forgetPost(publicationId, post.id);
    this.deps.events.emit('post.deleted', { publicationId, postId: post.id, at: this.now() });
  }

  // ---- internals -----------------------------------------------------------

  private now(): number {
    return this.deps.clock.now();
  }

  /** After any change to a post: its place in the lists. */
  private changed(post: PostRecord): void {
    this.lists.sync(post);
  }

  private fieldContext(publicationId: string, postId: string | null, now: number): FieldContext {
    return {
      publicationId,
      publications: this.deps.publications,
      now,
      slugTakenByOther: (slug) => this.slugTaken(publicationId, slug, postId),
    };
  }

  /** Whether a post of the publication other than `exceptPostId` has this slug (any case). */
  slugTaken(publicationId: string, slug: string, exceptPostId: string | null): boolean {
    const owner = this.slugs.get(publicationId)?.get(slug.toLowerCase());
    return owner !== undefined && owner !== exceptPostId;
  }

  private index(post: PostRecord): void {
    let slugs = this.slugs.get(post.publicationId);
    if (!slugs) this.slugs.set(post.publicationId, (slugs = new Map()));
    slugs.set(post.slug.toLowerCase(), post.id);
    if (post.coverMediaId) this.media.set(post.coverMediaId, post.id);
  }

  private unindex(post: PostRecord): void {
    const slugs = this.slugs.get(post.publicationId);
    const slug = post.slug.toLowerCase();
    if (slugs?.get(slug) === post.id) {
      slugs.delete(slug);
      this.suffixFreed(post.publicationId, slug);
    }
    if (post.coverMediaId) this.media.delete(post.coverMediaId);
  }

  /** A slug from the title (already lowercase), unique in the publication: the base, or the base with the smallest free suffix. */
  private generatedSlug(publicationId: string, base: string, scope: FieldContext): string {
    let from = this.freeSuffixFrom.get(publicationId);
    const slug = uniqueSlug(base, scope, from?.get(base));
    const suffixed = slug === base ? null : suffixedSlug(slug);
    if (suffixed?.base === base) {
      if (!from) this.freeSuffixFrom.set(publicationId, (from = new Map()));
      from.set(base, suffixed.n + 1);
    }
    return slug;
  }

  /** A slug is free again: if it is `base-N`, that suffix can be handed out again. */
  private suffixFreed(publicationId: string, slug: string): void {
    const suffixed = suffixedSlug(slug);
    const from = suffixed && this.freeSuffixFrom.get(publicationId);
    if (!suffixed || !from) return;
    const current = from.get(suffixed.base);
    if (current !== undefined && suffixed.n < current) from.set(suffixed.base, suffixed.n);
  }

  /** A new cover source gets a new media id; a removed cover loses its id. Nothing is fetched. */
  private hostCover(post: PostRecord, patch: FieldPatch): void {
    if (!('imageUrl' in patch)) return;
    if (post.imageUrl) post.coverMediaId = this.newMediaId();
    else delete post.coverMediaId;
  }

  private announce(post: PostRecord, effects: LifecycleEffects, now: number, fieldsChanged: boolean): void {
    const { clock, events } = this.deps;
    if (effects.unqueue) clock.cancel(publishTaskKey(post.id));
    if (effects.queue) this.queuePublish(post);
    if (!fieldsChanged && !effects.changed) return;
    post.updatedAt = now;
    // Re-sorted before anyone hears of the change.
    this.changed(post);
    events.emit('post.changed', { publicationId: post.publicationId, postId: post.id, at: now });
    if (effects.publishedNow)
      events.emit('post.published', { publicationId: post.publicationId, postId: post.id, sendNewsletter: post.sendNewsletter, at: now });
  }

  private queuePublish(post: PostRecord): void {
    const at = post.scheduledAt as number;
    this.deps.clock.schedule(at, publishTaskKey(post.id), () => this.publishScheduled(post.id, at));
  }

  /** The clock reached scheduledAt (it reads `at` while this runs): publish, once. */
  private publishScheduled(postId: string, at: number): void {
    const post = this.byId.get(postId);
    if (!post || post.status !== 'scheduled' || post.scheduledAt !== at) return;
    post.status = 'published';
    post.publishedAt = at;
    post.scheduledAt = null;
    post.updatedAt = at;
    this.changed(post);
    this.deps.events.emit('post.changed', { publicationId: post.publicationId, postId, at });
    this.deps.events.emit('post.published', { publicationId: post.publicationId, postId, sendNewsletter: post.sendNewsletter, at });
  }

  private newPostId(): string {
    let id: string;
    do id = this.deps.random.alphanumeric(20);
    while (this.byId.has(id));
    return id;
  }

  private newMediaId(): string {
    let id: string;
    do id = this.deps.random.alphanumeric(20);
    while (this.media.has(id));
    return id;
  }
}
