/**
 * Shapes shared by every area: the error body, the pagination envelope and
 * the query parameters lists take.
 */
import { z } from 'zod';

export const ErrorBody = z
  .object({ success: z.literal(false), msg: z.string() })
  .meta({ id: 'Error', description: 'Every error response has this shape.' });

export const SuccessBody = z.object({ success: z.literal(true) }).meta({ id: 'Success' });

export const Pagination = z
  .object({
    cursor: z.string().describe('opaque; pass it back as `cursor` for the next page (empty when there is none)'),
    hasMore: z.boolean(),
    total: z.number().int().min(0).describe('number of items in the whole list'),
  })
  .meta({ id: 'Pagination' });

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), pagination: Pagination });
}

/** `limit` as a query string: an integer within the endpoint's bounds (out of range is 400, not clamped). */
export function limitParam(min: number, max: number, fallback: number) {
  return z
    .string()
    .regex(/^\d+$/, { message: `must be an integer from ${min} to ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { message: `must be an integer from ${min} to ${max}` })
        .max(max, { message: `must be an integer from ${min} to ${max}` }),
    )
    .prefault(String(fallback) as never)
    .describe(`${min}..${max}, default ${fallback}`);
}

/** Boolean query parameters accept true/false and 1/0. */
export const boolParam = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .prefault(String(fallback) as never);

export const cursorParam = z.string().max(2048).optional();

/** Timestamps in Unix milliseconds. */
export const UnixMs = z.number().int().min(0);

/** ISO 8601 with milliseconds and Z, as produced by Date#toISOString. */
export const IsoTime = z.iso.datetime();
