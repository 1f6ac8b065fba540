/**
 * Walking a paginated list to its end, validating every page against the
 * contract on the way. Used by every suite that needs "the whole list".
 */
import { expectOk, fail, type ApiClient } from '../../../src/authoring/index.js';
import { pageOf } from '../../../../schemas/common.js';
import type { z } from 'zod';

export interface WalkOptions {
  query?: Record<string, string | number | boolean | undefined>;
  limit?: number;
  /** Called between two page requests (to change the list while it is walked). */
  between?: (pageIndex: number) => Promise<void>;
  /** A list longer than this many pages is a target that never ends it. */
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
  const maxPages = options.maxPages ?? 1_000;
  for (let index = 0; ; index++) {
    if (index >= maxPages) fail(`${path}: still hasMore after ${maxPages} pages; the list never ends`);
    if (index > 0 && options.between) await options.between(index);
    const query = { ...options.query, limit: options.limit, cursor: cursor || undefined };
    const page = expectOk(await client.get(path, { query }), schema) as { items: z.output<S>[]; pagination: PageRecord<z.output<S>>['pagination'] };
    pages.push({ items: page.items, pagination: page.pagination, requestedWith: cursor });
    if (!page.pagination.hasMore) return pages;
    if (page.pagination.cursor === '') fail(`${path}: hasMore is true but the cursor is empty (page ${index + 1})`);
    if (page.pagination.cursor === cursor) fail(`${path}: page ${index + 1} answered the cursor it was asked with; the walk would never end`);
    cursor = page.pagination.cursor;
  }
}

/** The items of every page, in order. */
export async function walkItems<S extends z.ZodType>(client: ApiClient, path: string, item: S, options: WalkOptions = {}): Promise<z.output<S>[]> {
  return (await walkPages(client, path, item, options)).flatMap((page) => page.items);
}
