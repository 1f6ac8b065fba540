/**
 * Titles of what the suite creates. Every title starts with the run id in
 * brackets, so that a post created by a request that should have been
 * refused is recognisable even when a broken target shortened its title
 * (names.title() puts the run id at the end, where a truncation would cut it).
 */
export function titlePrefix(runId: string): string {
  return `[${runId}] `;
}

/** `[runId] text`, cut to at most `maxLength` characters (the prefix is kept whole). */
export function markedTitle(runId: string, text: string, maxLength = 200): string {
  const prefix = titlePrefix(runId);
  return (prefix + text).slice(0, Math.max(prefix.length, maxLength));
}

/** `[runId] text` of exactly `length` characters: `filler` is repeated as needed (it must not be empty). */
export function titleOfLength(runId: string, filler: string, length: number): string {
  const prefix = titlePrefix(runId);
  let body = filler.length > 0 ? filler : 'x';
  while (prefix.length + body.length < length) body += ` ${filler || 'x'}`;
  const title = (prefix + body).slice(0, length);
  // A title must not end in a space a server could trim away.
  return title.endsWith(' ') ? `${title.slice(0, -1)}x` : title;
}

export function isOurTitle(runId: string, title: unknown): boolean {
  return typeof title === 'string' && title.startsWith(`[${runId}]`);
}
