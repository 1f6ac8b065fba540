/**
 * Walking a paginated list to its end, validating every page against the
 * contract on the way. Used by every suite that needs "the whole list".
 */
import { expectOk, ListWalk, type ApiClient } from '../../../src/authoring/index.js';
import { pageOf } from '../../../../schemas/common.js';
import type { z } from 'zod';

export interface WalkOptions {
  query?: Record<string, string | number | boolean | undefined>;
  limit?: number;
  /** Called between two page requests (to change the list while it is walked). */
  between?: (pageIndex: number) => Promise<void>;
  /** A list longer than this many pages is a target that never ends it (default: ListWalk's cap). */
  maxPages?: number;
}

export interface PageRecord<T> {
  items: T[];
  pagination: { cursor: string; hasMore: boolean; total: number };
  /** The cursor this page was asked with ('' for the first). */
  requestedWith: string;
}

/** All pages of `path`, each validated as a page of `item`. */
export async function walkPages<S extends z.ZodType>(
  client: ApiClient,
  path: string,
  item: S,
  options: WalkOptions = {},
): Promise<PageRecord<z.output<S>>[]> {
  const schema = pageOf(item);
  const pages: PageRecord<z.output<S>>[] = [];
  let cursor = '';
  const walk = new ListWalk(`GET ${path}`, options.maxPages);
  for (let index = 0; ; index++) {
    if (index > 0 && options.between) await options.between(index);
    const query = { ...options.query, limit: options.limit, cursor: cursor || undefined };
    const page = expectOk(await client.get(path, { query }), schema) as { items: z.output<S>[]; pagination: PageRecord<z.output<S>>['pagination'] };
    pages.push({ items: page.items, pagination: page.pagination, requestedWith: cursor });
    if (!walk.next({ askedWith: cursor, ...page.pagination, ids: page.items.map(itemKey) })) return pages;
    cursor = page.pagination.cursor;
  }
}

/** An item's id, or the item itself as JSON (feed items carry the post inside). */
function itemKey(item: unknown): string {
  const record = item as { id?: unknown; post?: { id?: unknown } };
  const id = record.id ?? record.post?.id;
  return typeof id === 'string' ? id : JSON.stringify(item);
}

/** The items of every page, in order. */
export async function walkItems<S extends z.ZodType>(client: ApiClient, path: string, item: S, options: WalkOptions = {}): Promise<z.output<S>[]> {
  return (await walkPages(client, path, item, options)).flatMap((page) => page.items);
}
