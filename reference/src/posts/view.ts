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
  const view: PostT = {
    id: post.id,
    title: post.title,
    slug: post.slug,
    subtitle: post.subtitle,
    postPreview: post.postPreview,
    imageUrl: coverImageUrl(post, options.baseUrl),
    imageAlt: post.imageUrl ? post.imageAlt : undefined,
    publishedAt: post.publishedAt === null ? undefined : String(post.publishedAt),
    updatedAt: String(post.updatedAt),
    coinId: post.coinId,
    categories: [...post.categories],
    canonicalUrl: post.canonicalUrl,
    publishOnline: post.publishOnline,
    communityId: post.communityId,
    authors: authorsOf(post, options.users),
    authorIds: [...post.authorIds],
  };
  if (options.includeContent) {
    view.markdown = docToMarkdown(post.doc);
    view.json = JSON.stringify(post.doc);
    view.staticHtml = docToHtml(post.doc);
  }
  if (options.own) {
    view.views = post.views;
    view.status = post.status;
  }
  for (const key of Object.keys(view) as (keyof PostT)[]) if (view[key] === undefined) delete view[key];
  return view;
}
