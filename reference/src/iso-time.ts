/** Times as the API and the analytics tables show them: ISO 8601 in UTC, from Unix milliseconds. */
export const iso = (ms: number): string => new Date(ms).toISOString();

export const isoOrNull = (ms: number | null | undefined): string | null => (ms === null || ms === undefined ? null : iso(ms));
