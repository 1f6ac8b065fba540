import { describe, expect, it } from 'vitest';
import { iso, isoOrNull } from './iso-time.js';

describe('times as the API shows them', () => {
  it('are ISO 8601 in UTC with milliseconds, and null stays null (but the epoch is a time)', () => {
    expect(iso(Date.UTC(2026, 0, 2, 3, 4, 5, 6))).toBe('2026-01-02T03:04:05.006Z');
    expect(isoOrNull(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoOrNull(null)).toBeNull();
    expect(isoOrNull(undefined)).toBeNull();
  });
});
