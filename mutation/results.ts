/**
 * Per-area counts from Stryker's report (mutation/incremental.json) and the
 * list of equivalent mutants: the rows of conformance/README.md's table, and
 * the survivors still to be killed or explained.
 */
import { createHash } from 'node:crypto';
import type { schema } from '@stryker-mutator/api/core';
import { ALL_TESTS } from './judge-runner.js';
import { areaOfFile, type mutantSelector } from './selection.js';
import type { EquivalentMutant, MutantName } from './equivalent.js';
import type { TestedSoFar } from './tested-so-far.js';

type MutantSelector = ReturnType<typeof mutantSelector>;

export type Report = Pick<schema.MutationTestResult, 'files' | 'testFiles' | 'schemaVersion' | 'thresholds'>;

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

/** A surviving mutant: its name, and where it is now. */
export interface Survivor extends MutantName {
  line: number;
  column: number;
  /** The line it ends on (a range of lines selects it only if it lies wholly inside: selection.ts). */
  endLine: number;
}

const KILLED = new Set(['Killed', 'Timeout']);
const SURVIVED = new Set(['Survived', 'NoCoverage']);
/** Mutants no judge runs: Stryker's ignored ones and those that do not compile. */
const NO_VERDICT = new Set(['Ignored', 'CompileError']);

export function mutantKey(m: MutantName): string {
  return [m.file, m.code, m.original, m.mutator, m.replacement].map((part) => JSON.stringify(part)).join(' ');
}

/**
 * The text a mutant replaces, as an equivalent entry names it: itself when it
 * is on one line; else its first and last lines and a hash of the whole, so
 * that a change anywhere inside (a block's body) makes the entry match no more.
 */
export function mutantOriginal(source: string, location: schema.Location): string {
  const lines = source.split('\n');
  const { start, end } = location;
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  const text = [lines[start.line - 1].slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1].slice(0, end.column - 1)].join('\n');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 8);
  return `${lines[start.line - 1].slice(start.column - 1).trim()} … ${lines[end.line - 1].slice(0, end.column - 1).trim()} #${hash}`;
}

function survivorOf(file: string, source: string, mutant: schema.MutantResult): Survivor {
  const { start } = mutant.location;
  return {
    file,
    line: start.line,
    column: start.column,
    endLine: mutant.location.end.line,
    code: (source.split('\n')[start.line - 1] ?? '').trim(),
    original: mutantOriginal(source, mutant.location),
    mutator: mutant.mutatorName,
    replacement: mutant.replacement ?? mutant.mutatorName,
  };
}

/** How a run prints a survivor: where it is, and the entry mutation/equivalent/<folder>.ts would need (with a why) if no request can tell it. */
export function describeSurvivor(s: Survivor): string {
  const name: MutantName = { file: s.file, code: s.code, original: s.original, mutator: s.mutator, replacement: s.replacement };
  return `${s.file}:${s.line}:${s.column} ${s.mutator} ${JSON.stringify(s.original)} -> ${JSON.stringify(s.replacement)}\n    ${JSON.stringify(name)}`;
}

export function isEquivalent(equivalents: readonly EquivalentMutant[]): (m: MutantName) => boolean {
  const keys = new Set(equivalents.map(mutantKey));
  return (m) => keys.has(mutantKey(m));
}

/** Counts per area (areas in the order they first appear), and the survivors not recorded as equivalent. */
export function summarise(report: Report, equivalents: readonly EquivalentMutant[]): { areas: AreaCounts[]; survivors: Survivor[] } {
  const equivalent = isEquivalent(equivalents);
  const byArea = new Map<string, AreaCounts>();
  const survivors: Survivor[] = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const area = areaOfFile(file)?.name ?? 'outside any area';
    const counts = byArea.get(area) ?? { area, mutants: 0, killed: 0, survived: 0, equivalent: 0, score: 0 };
    byArea.set(area, counts);
    for (const mutant of mutants) {
      if (KILLED.has(mutant.status)) {
        counts.mutants++;
        counts.killed++;
      } else if (SURVIVED.has(mutant.status)) {
        counts.mutants++;
        const survivor = survivorOf(file, source, mutant);
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

/**
 * Survivors of the selected mutants that are not recorded as equivalent leave
 * the report, so that the next run tests them again; so do runtime errors
 * (the judge itself failed: no verdict).
 */
export function withoutSurvivorsOf(report: Report, selected: MutantSelector['mutant'], equivalents: readonly EquivalentMutant[]): Report {
  const equivalent = isEquivalent(equivalents);
  const retest = (file: string, source: string, m: schema.MutantResult) =>
    selected(file, m.location) && (m.status === 'RuntimeError' || (SURVIVED.has(m.status) && !equivalent(survivorOf(file, source, m))));
  const kept = Object.entries(report.files).map(([file, result]) => [file, { ...result, mutants: result.mutants.filter((m) => !retest(file, result.source, m)) }] as const);
  return { ...report, files: Object.fromEntries(kept) };
}

/**
 * Every mutant covered by the judge's one test. Results kept from the command
 * runner, which reports no coverage, cover no test; Stryker reuses a result
 * of a runner that reports coverage (judge-runner.ts) only when the mutant's
 * tests are the same as before.
 */
export function coveredByTheOneTest(report: Report): Report {
  const testId = oneTestId(report);
  if (testId === undefined) return report;
  const files = Object.entries(report.files).map(([file, result]) => [file, { ...result, mutants: result.mutants.map((m) => ({ ...m, coveredBy: [testId] })) }] as const);
  return { ...report, files: Object.fromEntries(files) };
}

/** The id a report gives the judge's one test (reports number their tests). */
function oneTestId(report: Report | undefined): string | undefined {
  return Object.values(report?.testFiles ?? {})
    .flatMap((file) => file.tests)
    .find((t) => t.name === ALL_TESTS.name)?.id;
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
  // Only what Stryker reads back (files, testFiles) and what the schema requires: the checkout's path and the
  // run's options would change the kept file with every run and every checkout.
  const { schemaVersion, thresholds, testFiles } = report;
  return { schemaVersion, thresholds, files: Object.fromEntries(files), testFiles };
}

/**
 * A file's results after a run that tested `tested` of its mutants (`now`):
 * the kept results of the others while the file's source is what it was
 * (if it changed, they are tested again when their lines are run), and the
 * run's. A run numbers its mutants afresh: an id the kept ones use already
 * is replaced by a free one.
 */
function mergedFile(before: schema.FileResult | undefined, run: Pick<schema.FileResult, 'source'> & Partial<schema.FileResult>, tested: (m: schema.MutantResult) => boolean, now: schema.MutantResult[]): schema.FileResult {
  const rest = before?.source === run.source ? before.mutants.filter((m) => !tested(m)) : [];
  const taken = new Set(rest.map((m) => m.id));
  let free = Math.max(-1, ...[...taken, ...now.map((m) => m.id)].map(Number).filter(Number.isInteger)) + 1;
  const renumbered = now.map((m) => (taken.has(m.id) ? { ...m, id: String(free++) } : m));
  return { language: 'typescript', ...before, ...run, mutants: [...rest, ...renumbered] };
}

function inPathOrder(files: schema.FileResultDictionary): schema.FileResultDictionary {
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The kept results after a finished run: the run's results for the mutants
 * it selected, merged into the kept ones of their files (mergedFile), and
 * the kept ones (read again at the end, since another run may have kept its
 * own meanwhile) of every other file. A selected file the run did not find
 * is gone.
 */
export function keptAfterRun(kept: Report | undefined, run: Report, selected: MutantSelector): Report {
  const files: schema.FileResultDictionary = Object.fromEntries(Object.entries(kept?.files ?? {}).filter(([file]) => !selected.file(file)));
  for (const [file, result] of Object.entries(run.files)) {
    if (selected.file(file)) {
      const inSelection = (m: schema.MutantResult) => selected.mutant(file, m.location);
      files[file] = mergedFile(kept?.files[file], result, inSelection, result.mutants.filter(inSelection));
    } else files[file] ??= result;
  }
  return { ...run, files: inPathOrder(files) };
}

/**
 * The kept results with those of a run stopped before its end: each mutant
 * it tested replaces the kept result of the same mutant (mergedFile).
 */
export function withTestedSoFar(kept: Report | undefined, tested: TestedSoFar): Report {
  const at = (m: Pick<schema.MutantResult, 'location' | 'mutatorName' | 'replacement'>) =>
    `${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column} ${m.mutatorName} ${m.replacement}`;
  // The judge names its one test ALL_TESTS.id; the kept report, by its number there, which Stryker's reuse looks up.
  const testId = oneTestId(kept) ?? ALL_TESTS.id;
  const inReport = (ids: string[] | undefined) => ids?.map((id) => (id === ALL_TESTS.id ? testId : id));
  const files: schema.FileResultDictionary = { ...kept?.files };
  for (const [file, { source, mutants }] of Object.entries(tested.files)) {
    if (mutants.length === 0) continue;
    const retested = new Set(mutants.map(at));
    const now = mutants.map((m) => ({ ...m, coveredBy: inReport(m.coveredBy), killedBy: inReport(m.killedBy) }));
    files[file] = mergedFile(files[file], { source }, (m) => retested.has(at(m)), now);
  }
  return { schemaVersion: kept?.schemaVersion ?? '1', thresholds: kept?.thresholds ?? { high: 80, low: 60 }, testFiles: kept?.testFiles, files: inPathOrder(files) };
}

/**
 * What is kept of the unit pass (stryker-options.ts's unitPassOptions), of
 * the selected mutants, as results of the judge's one test, in the form of a
 * stopped run's results so that they are kept the same way (withTestedSoFar):
 * its kills, and the mutants it left that are recorded as equivalent (the
 * judge would only find them survivors again); and how many it left for the judge.
 */
export function unitPassVerdicts(report: Report, selected: MutantSelector['mutant'], equivalents: readonly EquivalentMutant[]): { verdicts: TestedSoFar; killed: number; left: number } {
  const equivalent = isEquivalent(equivalents);
  const testNames = new Map(Object.values(report.testFiles ?? {}).flatMap((file) => file.tests.map((test) => [test.id, test.name] as const)));
  const verdicts: TestedSoFar = { files: {} };
  let killed = 0;
  let left = 0;
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const kept: schema.MutantResult[] = [];
    for (const m of mutants.filter((m) => selected(file, m.location) && !NO_VERDICT.has(m.status))) {
      if (KILLED.has(m.status)) {
        killed++;
        // The form of a failed vitest test in the command's output (condenseReason).
        const statusReason = `× ${m.killedBy?.map((id) => testNames.get(id) ?? id).join(', ') ?? m.status}`;
        kept.push({ ...m, coveredBy: [ALL_TESTS.id], killedBy: [ALL_TESTS.id], statusReason });
      } else if (equivalent(survivorOf(file, source, m))) {
        kept.push({ ...m, status: 'Survived', coveredBy: [ALL_TESTS.id], killedBy: undefined, statusReason: undefined });
      } else left++;
    }
    verdicts.files[file] = { source, mutants: kept };
  }
  return { verdicts, killed, left };
}

/** A markdown table row per area, for conformance/README.md. */
export function tableRows(areas: readonly AreaCounts[], date: string): string[] {
  return areas.map((a) => `| ${a.area} | ${a.mutants} | ${a.killed} | ${a.survived} | ${a.equivalent} | ${a.score.toFixed(1)}% | ${date} |`);
}
