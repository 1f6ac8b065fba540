/**
 * The JSON text of post views, kept per post version: a read of a post (or a
 * page of posts) serialises each post once per change, not once per request.
 *
 * A cached text is valid while the post's revision (bumped by the store on
 * every change) and the public base URL (in the cover's URL) are the ones it
 * was made with. Authors come from user records, which never change once
 * loaded. Keyed weakly by the record, so a deleted post's texts go with it,
 * and a reset (new records) starts afresh.
 */
import type { Page } from '../pagination.js';
import type { PostRecord } from './record.js';
import { postView, type PostViewOptions } from './view.js';

interface Texts {
  revision: number;
  baseUrl: string;
  /** By variant: own (1) + includeContent (2). */
  byVariant: (string | undefined)[];
}

const texts = new WeakMap<PostRecord, Texts>();

export function postJson(post: PostRecord, revision: number, options: PostViewOptions): string {
  let entry = texts.get(post);
  if (!entry || entry.revision !== revision || entry.baseUrl !== options.baseUrl) {
    entry = { revision, baseUrl: options.baseUrl, byVariant: [] };
    texts.set(post, entry);
  }
  const variant = (options.own ? 1 : 0) + (options.includeContent ? 2 : 0);
  return (entry.byVariant[variant] ??= JSON.stringify(postView(post, options)));
}

/** A page whose items are JSON texts, as the text JSON.stringify would give for the page of values. */
export function pageJson(page: Page<string>): string {
  return `{"items":[${page.items.join(',')}],"pagination":${JSON.stringify(page.pagination)}}`;
}
