/**
 * The suite files a --filter needs, chosen without loading any (loading
 * every file is a large part of a filtered run): a test names its rules in
 * rule(), as literals in its file or in tables of the suite modules it
 * imports, so a file whose sources name no rule the filter selects holds
 * no selected test. A pattern of test names keeps every file: names are
 * known only once a file is loaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { findRule } from '../../catalogue/index.js';
import { namesRules, ruleIdMatches } from '../shared/filter.js';

/**
 * A quoted string that has the shape of a rule id (checked against the
 * catalogue), unless it names a setup step: setupStep('posts.create.draft',
 * ...) in a shared helper is the rule a failure blocks on, not one the
 * tests that call the helper check.
 */
const QUOTED_ID = /(?<!\bsetupStep\(\s*)(['"`])([a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*){2,})\1/g;
/** The specifier of a relative import, static or dynamic. */
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** `files` (absolute paths) that can hold a test the filter selects, in their order. */
export function filesForFilter(files: readonly string[], filter: readonly string[], suitesDir: string): string[] {
  if (filter.length === 0 || !filter.every(namesRules)) return [...files];
  return files.filter((file) => [...ruleIdsWrittenIn(file, suitesDir)].some((id) => filter.some((pattern) => ruleIdMatches(id, pattern))));
}

/** The catalogue rule ids written in `file` and in the modules under `suitesDir` it imports, directly or not. */
export function ruleIdsWrittenIn(file: string, suitesDir: string): Set<string> {
  const ids = new Set<string>();
  const read = new Set<string>();
  const visit = (path: string): void => {
    if (read.has(path)) return;
    read.add(path);
    const source = readFileSync(path, 'utf8');
    for (const match of source.matchAll(QUOTED_ID)) if (findRule(match[2]!)) ids.add(match[2]!);
    for (const match of source.matchAll(RELATIVE_IMPORT)) {
      const imported = moduleFile(resolve(dirname(path), match[1]!));
      if (imported?.startsWith(suitesDir)) visit(imported);
    }
  };
  visit(file);
  return ids;
}

/** The file an import names: the .ts source of a .js specifier where it exists (tsx, vitest), else the .js itself (the build). */
function moduleFile(path: string): string | undefined {
  const source = path.replace(/\.js$/, '.ts');
  if (existsSync(source)) return source;
  return existsSync(path) ? path : undefined;
}
