/**
 * Publications: settings, owner, team and subscriber segments (communities).
 * Pure state and rules; routes.ts does the HTTP.
 */
import { badRequest, forbidden, notFound } from '../errors.js';
import type { Events } from '../events.js';
import {
  FEATURED_POST_KEYWORDS,
  type PublicationPatchT,
  type PublicationT,
} from '../../../schemas/publications.js';
import type { PublicationRecord } from './snapshot-schema.js';

export type { PublicationRecord };

/** What the publications store needs to know of posts, without importing them. */
export interface PostLookup {
  isPostOf(publicationId: string, postId: string): boolean;
}

export class PublicationStore {
  private byId = new Map<string, PublicationRecord>();
  private bySlug = new Map<string, string>();
  private byDomain = new Map<string, string>();

  constructor(
    private readonly events: Events,
    private readonly now: () => number,
    private posts: PostLookup = { isPostOf: () => false },
  ) {}

  /** Wired after the post store exists (the two refer to each other). */
  usePosts(posts: PostLookup): void {
    this.posts = posts;
  }

  add(record: PublicationRecord): void {
    this.byId.set(record.id, record);
    this.bySlug.set(record.slug.toLowerCase(), record.id);
    if (record.customDomain) this.byDomain.set(domainKey(record.customDomain), record.id);
  }

  get(id: string): PublicationRecord | undefined {
    return this.byId.get(id);
  }

  require(id: string): PublicationRecord {
    const p = this.byId.get(id);
    if (!p) throw notFound(`publication ${id} not found`);
    return p;
  }

  bySlugOrAt(slug: string): PublicationRecord {
    const bare = slug.startsWith('@') ? slug.slice(1) : slug;
    const id = this.bySlug.get(bare.toLowerCase());
    if (!id) throw notFound(`publication with slug "${bare}" not found`);
    return this.byId.get(id)!;
  }

  byCustomDomain(domain: string): PublicationRecord {
    const found = this.findByCustomDomain(domain);
    if (!found) throw notFound(`publication with custom domain "${domain}" not found`);
    return found;
  }

  /** The publication whose custom domain is this host name (or URI), if any. */
  findByCustomDomain(domain: string): PublicationRecord | undefined {
    const id = this.byDomain.get(domainKey(domain));
    return id === undefined ? undefined : this.byId.get(id);
  }

  all(): PublicationRecord[] {
    return [...this.byId.values()];
  }

  /** persistence/: live records, serialise at once. The slug and domain indexes are rebuilt on restore. */
  snapshot(): PublicationRecord[] {
    return this.all();
  }

  /** Into an empty store: the records become the store's own. */
  restoreSnapshot(records: PublicationRecord[]): void {
    for (const record of records) this.add(record);
  }

  /** The addressed publication, which must be the caller's own. */
  requireOwn(id: string, callerPublicationId: string): PublicationRecord {
    const p = this.require(id);
    if (p.id !== callerPublicationId) throw forbidden(`this API key has no access to publication ${id}`);
    return p;
  }

  /**
   * Apply a validated PATCH. Every reference is checked before anything
   * changes, so a refused request changes nothing.
   */
  update(id: string, patch: PublicationPatchT): PublicationRecord {
    const p = this.require(id);
    if (patch.featuredPost !== undefined && !(FEATURED_POST_KEYWORDS as readonly string[]).includes(patch.featuredPost)) {
      if (!this.posts.isPostOf(id, patch.featuredPost))
        throw badRequest(
          `featuredPost must be latest, popular, disabled or the id of a post of this publication; "${patch.featuredPost}" is not a post of this publication`,
        );
    }
    if (patch.pinnedPostIds) {
      const seen = new Set<string>();
      for (const [i, postId] of patch.pinnedPostIds.entries()) {
        if (seen.has(postId)) throw badRequest(`pinnedPostIds[${i}] repeats post ${postId}`);
        seen.add(postId);
        if (!this.posts.isPostOf(id, postId))
          throw badRequest(`pinnedPostIds[${i}]: "${postId}" is not a post of this publication`);
      }
    }
    const { emailNotifications, pinnedPostIds, ...rest } = patch;
    for (const [key, value] of Object.entries(rest)) {
      if (value !== undefined) (p as unknown as Record<string, unknown>)[key] = value;
    }
    if (pinnedPostIds) p.pinnedPostIds = [...pinnedPostIds];
    if (emailNotifications) {
      if (emailNotifications.newSubscriber !== undefined) p.emailNotifications.newSubscriber = emailNotifications.newSubscriber;
    }
    this.events.emit('publication.changed', { publicationId: id, at: this.now() });
    return p;
  }

  /** Posts that are deleted leave the pinned list and the featured slot. */
  forgetPost(publicationId: string, postId: string): void {
    const p = this.byId.get(publicationId);
    if (!p) return;
    p.pinnedPostIds = p.pinnedPostIds.filter((id) => id !== postId);
    if (p.featuredPost === postId) p.featuredPost = 'latest';
  }

  activeMemberIds(publicationId: string): string[] {
    const p = this.require(publicationId);
    return [p.ownerUserId, ...p.team.filter((m) => m.status === 'active').map((m) => m.userId)];
  }

  community(publicationId: string, communityId: string): PublicationRecord['communities'][number] | undefined {
    return this.byId.get(publicationId)?.communities.find((c) => c.id === communityId);
  }
}

/** Custom domains are stored as URIs (SPEC.md types them so) and looked up by host alone. */
function domainKey(domain: string): string {
  return domain.toLowerCase().replace(/^https?:\/\//, '').replace(/\/+$/, '');
}

/** The public shape of SPEC.md's Publication (internal fields left out). */
export function publicationView(p: PublicationRecord): PublicationT {
  const view: PublicationT = {
    id: p.id,
    name: p.name,
    ownerUserId: p.ownerUserId,
    slug: p.slug,
    customDomain: p.customDomain,
    summary: p.summary,
    logoUrl: p.logoUrl,
    postListType: p.postListType,
    themeColor: p.themeColor,
    headerFont: p.headerFont,
    bodyFont: p.bodyFont,
    showMostPopular: p.showMostPopular,
    hideStats: p.hideStats,
    featuredPost: p.featuredPost,
    enableTableOfContents: p.enableTableOfContents,
    enableSubscribePopup: p.enableSubscribePopup,
    enableSubscribeScroll: p.enableSubscribeScroll,
    pinnedPostIds: [...p.pinnedPostIds],
    emailNotifications: { ...p.emailNotifications },
  };
  for (const key of Object.keys(view) as (keyof PublicationT)[]) if (view[key] === undefined) delete view[key];
  return view;
}
