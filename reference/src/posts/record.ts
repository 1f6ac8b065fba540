/**
 * The stored form of a post: the contract between the post store, the
 * fixtures, and the areas that read posts (feed, buckets, newsletters,
 * analytics). Its fields are those of the saved state's schema, the
 * document typed as the document code reads it.
 */
import type { z } from 'zod';
import type { TiptapDoc } from '../documents/index.js';
import type { PostRecordSchema } from './snapshot-schema.js';

export type PostRecord = Omit<z.output<typeof PostRecordSchema>, 'doc'> & { doc: TiptapDoc };
export type PostStatus = PostRecord['status'];
