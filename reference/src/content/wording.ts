/**
 * Small helpers for messages a writer can act on: how a value's type and a
 * number read in a sentence.
 */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'text';
  return `a ${typeof value}`;
}

/** 100000 -> "100,000": limits read better with separators. */
export const num = (n: number): string => n.toLocaleString('en-US');

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** "a", "a and b", "a, b and c". */
export function listing(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
