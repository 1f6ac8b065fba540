/**
 * Per-area counts from Stryker's report (mutation/incremental.json) and the
 * list of equivalent mutants: the rows of conformance/README.md's table, and
 * the survivors still to be killed or explained.
 */
import type { schema } from '@stryker-mutator/api/core';
import { areaOfFile } from './selection.js';
import type { EquivalentMutant } from './equivalent.js';

export type Report = Pick<schema.MutationTestResult, 'files'>;

export interface AreaCounts {
  area: string;
  /** Mutants that ran or could have run (not ignored, not compile or runtime errors). */
  mutants: number;
  /** Killed, including time-outs (the mutant made the judged run hang). */
  killed: number;
  /** Survivors not recorded as equivalent. */
  survived: number;
  equivalent: number;
  /** killed / (mutants - equivalent), in percent, one decimal. */
  score: number;
}

export interface Survivor {
  file: string;
  line: number;
  column: number;
  mutator: string;
  replacement: string;
}

const KILLED = new Set(['Killed', 'Timeout']);
const SURVIVED = new Set(['Survived', 'NoCoverage']);

export function mutantKey(m: Survivor): string {
  return `${m.file}:${m.line}:${m.column} ${m.mutator} ${JSON.stringify(m.replacement)}`;
}

function survivorOf(file: string, mutant: schema.MutantResult): Survivor {
  return {
    file,
    line: mutant.location.start.line,
    column: mutant.location.start.column,
    mutator: mutant.mutatorName,
    replacement: mutant.replacement ?? mutant.mutatorName,
  };
}

export function isEquivalent(equivalents: readonly EquivalentMutant[]): (m: Survivor) => boolean {
  const keys = new Set(equivalents.map(mutantKey));
  return (m) => keys.has(mutantKey(m));
}

/** Counts per area (areas in the order they first appear), and the survivors not recorded as equivalent. */
export function summarise(report: Report, equivalents: readonly EquivalentMutant[]): { areas: AreaCounts[]; survivors: Survivor[] } {
  const equivalent = isEquivalent(equivalents);
  const byArea = new Map<string, AreaCounts>();
  const survivors: Survivor[] = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const area = areaOfFile(file)?.name ?? 'outside any area';
    const counts = byArea.get(area) ?? { area, mutants: 0, killed: 0, survived: 0, equivalent: 0, score: 0 };
    byArea.set(area, counts);
    for (const mutant of mutants) {
      if (KILLED.has(mutant.status)) {
        counts.mutants++;
        counts.killed++;
      } else if (SURVIVED.has(mutant.status)) {
        counts.mutants++;
        const survivor = survivorOf(file, mutant);
        if (equivalent(survivor)) counts.equivalent++;
        else {
          counts.survived++;
          survivors.push(survivor);
        }
      }
    }
  }
  for (const counts of byArea.values()) {
    const judged = counts.mutants - counts.equivalent;
    counts.score = judged === 0 ? 100 : Math.floor((1000 * counts.killed) / judged) / 10;
  }
  return { areas: [...byArea.values()], survivors };
}

/** Survivors of `files` that are not recorded as equivalent leave the report, so that the next run tests them again. */
export function withoutSurvivorsOf(report: Report, files: (file: string) => boolean, equivalents: readonly EquivalentMutant[]): Report {
  const equivalent = isEquivalent(equivalents);
  const kept = Object.entries(report.files).map(([file, result]) => {
    if (!files(file)) return [file, result] as const;
    const mutants = result.mutants.filter((m) => !SURVIVED.has(m.status) || equivalent(survivorOf(file, m)));
    return [file, { ...result, mutants }] as const;
  });
  return { ...report, files: Object.fromEntries(kept) };
}

/**
 * What is kept of a judged run's output: the first failure (the test, its
 * rules, what the target answered), not the whole console, whose ports and
 * run ids would change the kept file on every run.
 */
export function condenseReason(output: string | undefined): string | undefined {
  if (!output) return undefined;
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((line) => line.trim()).filter(Boolean);
  const first = lines.findIndex((line) => /^✗ (FAIL|ERROR)\b/.test(line));
  if (first >= 0) return lines.slice(first, first + 3).join('\n').slice(0, 600);
  const vitestFailure = lines.find((line) => line.startsWith('FAIL ') || line.startsWith('× '));
  return vitestFailure?.slice(0, 600);
}

/** The report as kept in the repository: reasons condensed (condenseReason). */
export function forKeeping(report: Report): Report {
  const files = Object.entries(report.files).map(([file, result]) => [
    file,
    { ...result, mutants: result.mutants.map((m) => ({ ...m, statusReason: condenseReason(m.statusReason) })) },
  ]);
  return { ...report, files: Object.fromEntries(files) };
}

/** A markdown table row per area, for conformance/README.md. */
export function tableRows(areas: readonly AreaCounts[], date: string): string[] {
  return areas.map((a) => `| ${a.area} | ${a.mutants} | ${a.killed} | ${a.survived} | ${a.equivalent} | ${a.score.toFixed(1)}% | ${date} |`);
}
