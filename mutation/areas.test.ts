import { existsSync, readdirSync } from 'node:fs';
import { minimatch } from 'minimatch';
import { describe, expect, it } from 'vitest';
import { RULES } from '../conformance/catalogue/index.js';
import { AREAS, NEVER_MUTATED } from './areas.js';

const SOURCE_ROOT = 'reference/src';

/** Every file Stryker may mutate: the .ts files of reference/src that are not tests. */
function sourceFiles(): string[] {
  const files = readdirSync(SOURCE_ROOT, { recursive: true, encoding: 'utf8' })
    .map((file) => `${SOURCE_ROOT}/${file}`)
    .filter((file) => file.endsWith('.ts'));
  return files.filter((file) => NEVER_MUTATED.every((negated) => minimatch(file, negated)));
}

describe('the mutation areas', () => {
  it('cover every source file of the reference, each in one area', () => {
    const owners = sourceFiles().map((file) => ({ file, areas: AREAS.filter((area) => area.mutate.some((glob) => minimatch(file, glob))).map((a) => a.name) }));
    expect(owners.filter((owner) => owner.areas.length !== 1)).toEqual([]);
  });

  it('have distinct names', () => {
    expect(new Set(AREAS.map((area) => area.name)).size).toBe(AREAS.length);
  });

  it("judge with rules of the catalogue and unit tests that exist, each with the reason", () => {
    for (const area of AREAS) {
      for (const prefix of area.filter) expect(RULES.some((rule) => rule.id.startsWith(prefix)), `${area.name}: ${prefix}`).toBe(true);
      for (const file of area.unitTests?.files ?? []) expect(existsSync(file), `${area.name}: ${file}`).toBe(true);
      if (area.unitTests) expect(area.unitTests.why.length).toBeGreaterThan(20);
      if (area.filter.length === 0) expect(area.unitTests?.files.length ?? 0, `${area.name} has no judge`).toBeGreaterThan(0);
    }
  });
});
