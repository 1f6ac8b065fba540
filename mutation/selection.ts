/**
 * `npm run mutation -- <area>... | <file>... [--force]`: which files to mutate
 * and which areas' judges run. A file must belong to an area, because the
 * area says which tests judge it.
 */
import { minimatch } from 'minimatch';
import { AREAS, findArea, type Area } from './areas.js';

export interface Selection {
  /** The areas whose judges run (every area of a named file). */
  areas: Area[];
  /** Globs to mutate: the areas' own, or the named files. */
  mutate: string[];
  /** Re-test every selected mutant, reusing no earlier result. */
  force: boolean;
}

export type Parsed = { ok: true; selection: Selection } | { ok: false; error: string } | { ok: true; help: true };

export const USAGE = [
  'npm run mutation -- <area>... [--force]     mutate the areas, e.g. publications',
  'npm run mutation -- <file>... [--force]     mutate these files, judged by their areas\' tests',
  '',
  '--force  re-test every selected mutant (by default only changed code and earlier survivors are re-tested)',
  '',
  `areas: ${AREAS.map((area) => area.name).join(', ')}`,
].join('\n');

export function areaOfFile(file: string): Area | undefined {
  return AREAS.find((area) => area.mutate.some((glob) => minimatch(file, glob)));
}

export function parseArguments(args: readonly string[]): Parsed {
  if (args.includes('--help') || args.includes('-h')) return { ok: true, help: true };
  const force = args.includes('--force');
  const unknownFlag = args.find((arg) => arg.startsWith('-') && arg !== '--force');
  if (unknownFlag) return { ok: false, error: `unknown flag ${unknownFlag}` };
  const names = args.filter((arg) => !arg.startsWith('-'));
  if (names.length === 0) return { ok: false, error: 'name at least one area or file' };

  const areas: Area[] = [];
  const mutate: string[] = [];
  const addArea = (area: Area) => {
    if (!areas.includes(area)) areas.push(area);
  };
  for (const name of names) {
    const area = findArea(name);
    if (area) {
      addArea(area);
      mutate.push(...area.mutate);
      continue;
    }
    if (!name.endsWith('.ts')) return { ok: false, error: `"${name}" is neither an area (${AREAS.map((a) => a.name).join(', ')}) nor a .ts file` };
    const file = name.replace(/^\.\//, '');
    const owner = areaOfFile(file);
    if (!owner) return { ok: false, error: `${file} belongs to no area: add it to an area of mutation/areas.ts, which says which tests judge it` };
    addArea(owner);
    mutate.push(file);
  }
  return { ok: true, selection: { areas, mutate, force } };
}
