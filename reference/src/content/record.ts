/**
 * The stored form of a content piece: the contract between the content
 * store, its views, the bucket views and the fixtures. Its fields are those
 * of the saved state's schema, the body typed as the content code reads it.
 */
import type { z } from 'zod';
import type { ContentBodyT, ContentKind, ContentStatus } from '../../../schemas/content.js';
import type { ContentRecordSchema } from './snapshot-schema.js';

export type { ContentBodyT, ContentKind, ContentStatus };

export type ContentRecord = Omit<z.output<typeof ContentRecordSchema>, 'body'> & { body: ContentBodyT };

/** Delivered at least once. */
export const isDelivered = (piece: ContentRecord): boolean => piece.publishedAt !== null;
