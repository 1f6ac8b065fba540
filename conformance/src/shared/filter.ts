/**
 * --filter semantics, shared by the test registration (which tests run), the
 * choice of suite files to load and the report (which rules are in scope).
 * A pattern that names catalogue rules (an id prefix or glob that some rule
 * id matches) selects the tests of those rules; any other pattern selects
 * tests by a case-insensitive substring of their name. A test's rules are
 * written in its file, so rule patterns tell which files to load; names are
 * known only once a file is loaded.
 */
import { RULES } from '../../catalogue/index.js';

export function ruleIdMatches(ruleId: string, pattern: string): boolean {
  return idMatcher(pattern)(ruleId);
}

/** Whether `pattern` selects rules (some catalogue id matches it) rather than test names. */
export function namesRules(pattern: string): boolean {
  const matches = idMatcher(pattern);
  return RULES.some((rule) => matches(rule.id));
}

function idMatcher(pattern: string): (ruleId: string) => boolean {
  if (!pattern.includes('*') && !pattern.includes('?')) return (ruleId) => ruleId.startsWith(pattern);
  const glob = globToRegExp(pattern);
  return (ruleId) => glob.test(ruleId);
}

export function testMatchesFilter(filter: readonly string[], test: { name: string; ruleIds: readonly string[] }): boolean {
  if (filter.length === 0) return true;
  const name = test.name.toLowerCase();
  return filter.some((pattern) =>
    namesRules(pattern) ? test.ruleIds.some((id) => ruleIdMatches(id, pattern)) : name.includes(pattern.toLowerCase()),
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
