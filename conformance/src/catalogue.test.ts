/**
 * The catalogue holds together: ids unique and well formed, sections known,
 * the Limits table pointing at real rules, and every id a suite names exists
 * (the static half of the typo guard; rule() is the runtime half).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findRule, LIMITS_TABLE, RULE_ID_PATTERN, RULES, SECTION_ORDER } from '../catalogue/index.js';
import { PROFILES } from './shared/profiles.js';

const SUITES_DIR = fileURLToPath(new URL('../suites/', import.meta.url));
const CATALOGUE_DIR = fileURLToPath(new URL('../catalogue/', import.meta.url));

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, suffix) : path.endsWith(suffix) ? [path] : [];
  });
}

/** Rule ids written as literals in the first argument of rule(...) calls. */
function ruleIdsInSource(source: string): string[] {
  const ids: string[] = [];
  for (const match of source.matchAll(/\brule\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g)) {
    for (const literal of match[1]!.matchAll(/'([^']*)'|"([^"]*)"/g)) ids.push(literal[1] ?? literal[2]!);
  }
  return ids;
}

describe('the rule catalogue', () => {
  it('has unique ids', () => {
    const seen = new Set<string>();
    const duplicates = RULES.filter((rule) => (seen.has(rule.id) ? true : (seen.add(rule.id), false))).map((r) => r.id);
    expect(duplicates).toEqual([]);
  });

  it('has well-formed ids (area.topic.rule, lower case)', () => {
    expect(RULES.filter((rule) => !RULE_ID_PATTERN.test(rule.id)).map((r) => r.id)).toEqual([]);
  });

  it('gives every rule a known section, a statement, a profile and a source', () => {
    for (const rule of RULES) {
      expect(SECTION_ORDER, rule.id).toContain(rule.section);
      expect(rule.statement.length, rule.id).toBeGreaterThan(10);
      expect(PROFILES, rule.id).toContain(rule.profile);
      if (rule.source === 'SILENT.md ours') expect(rule.profile, rule.id).toBe('reference-choices');
    }
  });

  it('keeps each area in the file of its name (the first segment of an id is its area)', () => {
    const areaFiles = readdirSync(CATALOGUE_DIR).filter((f) => f.endsWith('.ts') && !['index.ts', 'types.ts'].includes(f));
    const sources = areaFiles.map((f) => readFileSync(join(CATALOGUE_DIR, f), 'utf8')).join('\n');
    for (const rule of RULES) expect(sources, rule.id).toContain(`'${rule.id}'`);
  });

  it('covers every spec area with a few hundred rules', () => {
    const areas = new Set(RULES.map((r) => r.id.split('.')[0]));
    for (const area of ['publications', 'posts', 'pagination', 'auth', 'errors', 'feed', 'content', 'buckets', 'test-newsletter', 'subscribers', 'emails', 'events', 'analytics', 'auth-sessions', 'versioning']) {
      expect(areas, area).toContain(area);
    }
    expect(RULES.length).toBeGreaterThan(200);
  });

  it('points every row of the Limits table at existing rules', () => {
    for (const row of LIMITS_TABLE) for (const id of row.ruleIds) expect(findRule(id), `${row.limit}: ${id}`).toBeDefined();
  });
});

describe('the suites', () => {
  const suiteFiles = filesUnder(SUITES_DIR, '.ts');

  it('name only rule ids that are in the catalogue', () => {
    const unknown: string[] = [];
    for (const file of suiteFiles) {
      for (const id of ruleIdsInSource(readFileSync(file, 'utf8'))) {
        if (!findRule(id)) unknown.push(`${relative(SUITES_DIR, file)}: ${id}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('the extraction finds ids in both forms of rule()', () => {
    expect(ruleIdsInSource(`rule('a.b.c', 'x', fn); rule(\n  ['d.e.f', "g.h.i"],\n 'y', fn)`)).toEqual(['a.b.c', 'd.e.f', 'g.h.i']);
  });

  it('exist for auth and errors at least', () => {
    const areas = new Set(suiteFiles.filter((f) => f.endsWith('.test.ts')).map((f) => relative(SUITES_DIR, f).split('/')[0]));
    expect(areas).toContain('auth');
    expect(areas).toContain('errors');
  });
});
