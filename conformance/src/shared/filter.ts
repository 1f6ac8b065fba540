/**
 * --filter semantics, shared by the test registration (which tests run) and
 * the report (which rules are in scope). A pattern selects a rule id by
 * prefix or glob, or a test by a case-insensitive substring of its name.
 */
export function ruleIdMatches(ruleId: string, pattern: string): boolean {
  if (pattern.includes('*') || pattern.includes('?')) return globToRegExp(pattern).test(ruleId);
  return ruleId.startsWith(pattern);
}

export function testMatchesFilter(filter: readonly string[], test: { name: string; ruleIds: readonly string[] }): boolean {
  if (filter.length === 0) return true;
  const name = test.name.toLowerCase();
  return filter.some(
    (pattern) => test.ruleIds.some((id) => ruleIdMatches(id, pattern)) || name.includes(pattern.toLowerCase()),
  );
}

export function ruleMatchesFilter(filter: readonly string[], ruleId: string): boolean {
  return filter.length === 0 || filter.some((pattern) => ruleIdMatches(ruleId, pattern));
}

function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('')
    .map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}
