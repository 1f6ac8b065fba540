/**
 * PostRecord -> the Post of SPEC.md. Public and own views differ only in
 * `status` and `views`; content (markdown, json, staticHtml) only on request.
 */
import { docToHtml, docToMarkdown } from '../documents/index.js';
import type { Author, UserStore } from '../users/store.js';
import type { PostT } from '../../../schemas/posts.js';
import type { PostRecord } from './record.js';

export interface PostViewOptions {
  /** The caller's own post: adds status and views. */
  own: boolean;
  includeContent: boolean;
  /** Public base URL of the server, for the re-hosted cover. */
  baseUrl: string;
  users: Pick<UserStore, 'author'>;
}

/** Where the reference serves a post's cover (its own placeholder, never the source). */
export function coverImageUrl(post: PostRecord, baseUrl: string): string | undefined {
  if (post.coverMediaId) return `${baseUrl}/media/${post.coverMediaId}.svg`;
  return post.imageUrl;
}

export function authorsOf(post: PostRecord, users: Pick<UserStore, 'author'>): Author[] {
  return post.authorIds.map((id) => users.author(id)).filter((a): a is Author => a !== undefined);
}

export function postView(post: PostRecord, options: PostViewOptions): PostT {
  // Only defined fields are set (in the order of the Post), so the object keeps
  // one shape and serialises fast; the JSON is what it was with deletes.
  const view = { id: post.id, title: post.title, slug: post.slug } as PostT;
  if (post.subtitle !== undefined) view.subtitle = post.subtitle;
  view.postPreview = post.postPreview;
  const imageUrl = coverImageUrl(post, options.baseUrl);
  if (imageUrl !== undefined) view.imageUrl = imageUrl;
  if (post.imageUrl && post.imageAlt !== undefined) view.imageAlt = post.imageAlt;
  if (post.publishedAt !== null) view.publishedAt = String(post.publishedAt);
  view.updatedAt = String(post.updatedAt);
  if (post.coinId !== undefined) view.coinId = post.coinId;
  view.categories = [...post.categories];
  if (post.canonicalUrl !== undefined) view.canonicalUrl = post.canonicalUrl;
  view.publishOnline = post.publishOnline;
  if (post.communityId !== undefined) view.communityId = post.communityId;
  view.authors = authorsOf(post, options.users);
  view.authorIds = [...post.authorIds];
  if (options.includeContent) {
    view.markdown = docToMarkdown(post.doc);
    view.json = JSON.stringify(post.doc);
    view.staticHtml = docToHtml(post.doc);
  }
  if (options.own) {
    view.views = post.views;
    view.status = post.status;
  }
  return view;
}
