/**
 * `npm run mutation -- <area>... | <file>[:<from>-<to>]... [--force]`: which
 * files (or lines of a file) to mutate and which areas' judges run. A file
 * must belong to an area, because the area says which tests judge it.
 */
import { minimatch } from 'minimatch';
import { AREAS, findArea, type Area } from './areas.js';

export interface Selection {
  /** The areas whose judges run (every area of a named file). */
  areas: Area[];
  /** Globs to mutate: the areas' own, or the named files, a file perhaps with a range of lines (`file.ts:10-80`, Stryker's form). */
  mutate: string[];
  /** Re-test every selected mutant, reusing no earlier result. */
  force: boolean;
}

export type Parsed = { ok: true; selection: Selection } | { ok: false; error: string } | { ok: true; help: true };

export const USAGE = [
  'npm run mutation -- <area>... [--force]     mutate the areas, e.g. publications',
  'npm run mutation -- <file>... [--force]     mutate these files, judged by their areas\' tests',
  'npm run mutation -- <file>:<from>-<to>...   mutate the mutants wholly inside these lines of a file (a long file in parts)',
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
    const { path, from, to } = fileAndLines(name);
    if (from < 1 || from > to) return { ok: false, error: `${name}: lines run from 1, and the first comes before the last` };
    if (!path.endsWith('.ts')) return { ok: false, error: `"${name}" is neither an area (${AREAS.map((a) => a.name).join(', ')}) nor a .ts file` };
    const file = path.replace(/^\.\//, '');
    const owner = areaOfFile(file);
    if (!owner) return { ok: false, error: `${file} belongs to no area: add it to an area of mutation/areas.ts, which says which tests judge it` };
    addArea(owner);
    mutate.push(to === Infinity ? file : `${file}:${from}-${to}`);
  }
  return { ok: true, selection: { areas, mutate, force } };
}

/** Where a mutant is: the lines it starts and ends on (1-based, as Stryker's reports give them). */
export interface MutantLines {
  start: { line: number };
  end: { line: number };
}

/**
 * Whether a run of these `mutate` entries tests a mutant: its file matches an
 * entry's glob and, for an entry with a range, it lies wholly inside the
 * range's lines (Stryker generates only those; a mutant across the range's
 * edge, say a function's body, is left to a run of the whole file).
 */
export function mutantSelector(mutate: readonly string[]): { file: (file: string) => boolean; mutant: (file: string, at: MutantLines) => boolean } {
  const entries = mutate.map(fileAndLines);
  return {
    file: (file) => entries.some((entry) => minimatch(file, entry.path)),
    mutant: (file, at) => entries.some((entry) => minimatch(file, entry.path) && at.start.line >= entry.from && at.end.line <= entry.to),
  };
}

/** A `mutate` entry or argument read as a path (or glob) and its lines: `file.ts:10-80`, or every line (1 to Infinity). */
export function fileAndLines(entry: string): { path: string; from: number; to: number } {
  const [, path, from, to] = /^(.+):(\d+)-(\d+)$/.exec(entry) ?? [];
  return path === undefined ? { path: entry, from: 1, to: Infinity } : { path, from: Number(from), to: Number(to) };
}
