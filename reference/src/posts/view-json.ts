/**
 * The JSON of post views, kept per post version: a read of a post (or a page
 * of posts) serialises each post once per change, not once per request.
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
  byVariant: (Buffer | undefined)[];
}

const texts = new WeakMap<PostRecord, Texts>();

/**
 * The post's JSON as UTF-8 bytes. Bytes, not a string: titles and bios carry
 * characters beyond Latin-1, which make every string holding them two bytes
 * a character, and each response would be transcoded to UTF-8 twice (to
 * count its length, then to write it).
 */
export function postJson(post: PostRecord, revision: number, options: PostViewOptions): Buffer {
  let entry = texts.get(post);
  if (!entry || entry.revision !== revision || entry.baseUrl !== options.baseUrl) {
    entry = { revision, baseUrl: options.baseUrl, byVariant: [] };
    texts.set(post, entry);
  }
  const variant = (options.own ? 1 : 0) + (options.includeContent ? 2 : 0);
  return (entry.byVariant[variant] ??= Buffer.from(JSON.stringify(postView(post, options))));
}

const ITEMS_OPEN = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/** A page whose items are JSON bytes: the bytes JSON.stringify would give for the page of values. */
export function pageJson(page: Page<Buffer>): Buffer {
  const parts: Buffer[] = [ITEMS_OPEN];
  page.items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(Buffer.from(`],"pagination":${JSON.stringify(page.pagination)}}`));
  return Buffer.concat(parts);
}
