import { describe, expect, it } from 'vitest';
import type { EquivalentMutant } from './equivalent.js';
import { mutantSelector } from './selection.js';
import { withTestedSoFar } from './results.js';
import { condenseReason, coveredByTheOneTest, describeSurvivor, forKeeping, keptAfterRun, mutantOriginal, summarise, tableRows, unitPassVerdicts, withoutSurvivorsOf, type Report } from './results.js';

function mutant(id: string, status: string, line: number, replacement = 'true') {
  return { id, mutatorName: 'BooleanLiteral', replacement, status, location: { start: { line, column: 5 }, end: { line, column: 10 } } };
}

/** Line n of a test source: `    false; // n`, so that column 5 to 10 is `false` on every line. */
const source = (lines: number) => Array.from({ length: lines }, (_, i) => `    false; // ${i + 1}`).join('\n');

const report = {
  files: {
    'reference/src/keys/store.ts': {
      language: 'typescript',
      source: source(5),
      mutants: [mutant('1', 'Killed', 1), mutant('2', 'Timeout', 2), mutant('3', 'Survived', 3), mutant('4', 'Survived', 4), mutant('5', 'Ignored', 5), mutant('8', 'RuntimeError', 5)],
    },
    'reference/src/publications/store.ts': { language: 'typescript', source: source(2), mutants: [mutant('6', 'Killed', 1), mutant('7', 'NoCoverage', 2)] },
  },
} as unknown as Report;

const equivalents: EquivalentMutant[] = [
  { file: 'reference/src/keys/store.ts', code: 'false; // 4', original: 'false', mutator: 'BooleanLiteral', replacement: 'true', why: 'no request can tell' },
];

describe('mutation results', () => {
  it('counts per area: time-outs are killed, equivalents apart from survivors, ignored mutants not at all', () => {
    const { areas, survivors } = summarise(report, equivalents);
    expect(areas).toEqual([
      { area: 'keys', mutants: 4, killed: 2, survived: 1, equivalent: 1, score: 66.6 },
      { area: 'publications', mutants: 2, killed: 1, survived: 1, equivalent: 0, score: 50 },
    ]);
    expect(survivors.map((s) => `${s.file}:${s.line}`)).toEqual(['reference/src/keys/store.ts:3', 'reference/src/publications/store.ts:2']);
    expect(tableRows(areas, '2026-01-02')[0]).toBe('| keys | 4 | 2 | 1 | 1 | 66.6% | 2026-01-02 |');
  });

  it('survivors and runtime errors of the selected files leave the kept results (to be tested again), equivalents and other files stay', () => {
    const pruned = withoutSurvivorsOf(report, (file) => file.includes('/keys/'), equivalents);
    expect(pruned.files['reference/src/keys/store.ts'].mutants.map((m) => m.id)).toEqual(['1', '2', '4', '5']);
    expect(pruned.files['reference/src/publications/store.ts'].mutants.map((m) => m.id)).toEqual(['6', '7']);
    const lines = withoutSurvivorsOf(report, mutantSelector(['reference/src/keys/store.ts:4-5']).mutant, []);
    expect(lines.files['reference/src/keys/store.ts'].mutants.map((m) => m.id)).toEqual(['1', '2', '3', '5']);
  });
});

describe('what a run keeps', () => {
  const keys = 'reference/src/keys/store.ts';
  const publications = 'reference/src/publications/store.ts';
  const fileWith = (...mutants: ReturnType<typeof mutant>[]) => ({ language: 'typescript', source: source(5), mutants });

  it("replaces the results of the files it mutated and keeps, as they are now, every other file's (another run may have kept its own meanwhile)", () => {
    const keptNow = { files: { [keys]: fileWith(mutant('1', 'Survived', 1)), [publications]: fileWith(mutant('6', 'Killed', 1), mutant('8', 'Killed', 3)) } } as unknown as Report;
    const run = { files: { [keys]: fileWith(mutant('1', 'Killed', 1)), [publications]: fileWith(mutant('6', 'Killed', 1)) } } as unknown as Report;
    const after = keptAfterRun(keptNow, run, mutantSelector([keys]));
    expect(after.files[keys].mutants.map((m) => m.status)).toEqual(['Killed']);
    expect(after.files[publications].mutants.map((m) => m.id)).toEqual(['6', '8']);
  });

  it("of a file run in part, replaces the results inside the lines and keeps the rest, while the file's source is unchanged", () => {
    const keptNow = { files: { [keys]: fileWith(mutant('1', 'Killed', 1), mutant('2', 'Survived', 2), mutant('3', 'Survived', 3)) } } as unknown as Report;
    const run = { files: { [keys]: fileWith(mutant('9', 'Killed', 2)) } } as unknown as Report;
    const after = keptAfterRun(keptNow, run, mutantSelector([`${keys}:2-2`]));
    expect(after.files[keys].mutants.map((m) => `${m.id} ${m.status}`)).toEqual(['1 Killed', '3 Survived', '9 Killed']);
    const changed = { files: { [keys]: { ...fileWith(mutant('9', 'Killed', 2)), source: `// a new line\n${source(5)}` } } } as unknown as Report;
    expect(keptAfterRun(keptNow, changed, mutantSelector([`${keys}:2-2`])).files[keys].mutants.map((m) => m.id)).toEqual(['9']);
    // A run numbers its mutants afresh: an id the file's kept results use already is replaced.
    const sameId = { files: { [keys]: fileWith(mutant('1', 'Killed', 2)) } } as unknown as Report;
    expect(keptAfterRun(keptNow, sameId, mutantSelector([`${keys}:2-2`])).files[keys].mutants.map((m) => `${m.id} ${m.status}`)).toEqual(['1 Killed', '3 Survived', '4 Killed']);
  });

  it('of a stopped run, replaces the kept results of the mutants it tested and keeps the rest; of a changed file, only its own', () => {
    const testFiles = { '': { tests: [{ id: '0', name: 'All tests' }] } };
    const keptNow = { testFiles, files: { [keys]: fileWith(mutant('1', 'Killed', 1), mutant('2', 'Survived', 2)), [publications]: fileWith(mutant('6', 'Killed', 1)) } } as unknown as Report;
    const tested = { files: { [keys]: { source: source(5), mutants: [{ ...mutant('9', 'Killed', 2), killedBy: ['all'], coveredBy: ['all'] }] } } } as never;
    const after = withTestedSoFar(keptNow, tested);
    expect(after.files[keys].mutants.map((m) => `${m.id} ${m.status}`)).toEqual(['1 Killed', '9 Killed']);
    // Named as the kept report names the judge's one test, so that the next run reuses the kill.
    expect(after.files[keys].mutants[1]).toMatchObject({ killedBy: ['0'], coveredBy: ['0'] });
    // A run numbers its mutants afresh: an id the file's kept results use already is replaced.
    const sameId = { files: { [keys]: { source: source(5), mutants: [mutant('1', 'Killed', 2)] } } } as never;
    expect(withTestedSoFar(keptNow, sameId).files[keys].mutants.map((m) => m.id)).toEqual(['1', '2']);
    expect(after.testFiles).toBe(testFiles);
    expect(after.files[publications].mutants.map((m) => m.id)).toEqual(['6']);
    const changed = { files: { [keys]: { source: `// a new line\n${source(5)}`, mutants: [mutant('9', 'Killed', 3)] } } } as never;
    expect(withTestedSoFar(keptNow, changed).files[keys].mutants.map((m) => m.id)).toEqual(['9']);
  });

  it('takes every file of the run when nothing was kept, in path order', () => {
    const run = { files: { [publications]: fileWith(mutant('6', 'Killed', 1)), [keys]: fileWith(mutant('1', 'Killed', 1)) } } as unknown as Report;
    expect(Object.keys(keptAfterRun(undefined, run, mutantSelector([keys])).files)).toEqual([keys, publications]);
  });

  it("keeps no checkout path or run options, which would change the kept file with every run", () => {
    const run = { schemaVersion: '1.0', thresholds: { high: 80, low: 60 }, projectRoot: '/somewhere', config: { mutate: ['x'] }, files: {}, testFiles: {} } as unknown as Report;
    expect(forKeeping(run)).toEqual({ schemaVersion: '1.0', thresholds: { high: 80, low: 60 }, files: {}, testFiles: {} });
  });
});

describe('results kept from the command runner', () => {
  it("are covered by the judge's one test, so that Stryker reuses them once the judge reports coverage", () => {
    const kept = { ...report, testFiles: { '': { tests: [{ id: '0', name: 'All tests' }] } } } as unknown as Report;
    const covered = coveredByTheOneTest(kept);
    for (const file of Object.values(covered.files)) expect(file.mutants.every((m) => m.coveredBy?.join() === '0')).toBe(true);
    expect(coveredByTheOneTest(report)).toBe(report);
  });
});

describe('the unit pass', () => {
  it("keeps its kills of the selected mutants and its survivors recorded as equivalent, as the judge's one test's, and counts the rest for the judge", () => {
    const unitRun = {
      testFiles: { 'reference/src/keys/store.test.ts': { tests: [{ id: '3', name: 'keys refuses a revoked key' }] } },
      files: {
        'reference/src/keys/store.ts': {
          language: 'typescript',
          source: source(5),
          mutants: [
            { ...mutant('1', 'Killed', 1), killedBy: ['3'], coveredBy: ['3'] },
            { ...mutant('2', 'Timeout', 2), coveredBy: ['3'] },
            mutant('3', 'Survived', 3),
            { ...mutant('4', 'NoCoverage', 4), statusReason: 'no test reached it' },
            mutant('5', 'Ignored', 5),
            { ...mutant('6', 'Killed', 5), replacement: 'x' },
          ],
        },
      },
    } as unknown as Report;
    const { verdicts, killed, left } = unitPassVerdicts(unitRun, mutantSelector(['reference/src/keys/store.ts:1-4']).mutant, equivalents);
    // Line 5 is outside the selection; the ignored mutant has no verdict to give; line 4's is recorded as equivalent.
    expect([killed, left]).toEqual([2, 1]);
    const kept = verdicts.files['reference/src/keys/store.ts']!.mutants;
    expect(kept.map((m) => `${m.id} ${m.status}`)).toEqual(['1 Killed', '2 Timeout', '4 Survived']);
    expect(kept[0]).toMatchObject({ killedBy: ['all'], coveredBy: ['all'], statusReason: '× keys refuses a revoked key' });
    expect(condenseReason(kept[0]!.statusReason)).toBe('× keys refuses a revoked key');
    expect(kept[2]).toMatchObject({ coveredBy: ['all'], statusReason: undefined });
    expect(verdicts.files['reference/src/keys/store.ts']!.source).toBe(source(5));
  });
});

describe('how a mutant is named', () => {
  it('by its line and the text it replaces, not by line number: an entry still matches when lines are added above', () => {
    const before = report.files['reference/src/keys/store.ts'];
    const mutants = before.mutants.map((m) => ({ ...m, location: { start: { line: m.location.start.line + 1, column: 5 }, end: { line: m.location.end.line + 1, column: 10 } } }));
    const moved = { files: { 'reference/src/keys/store.ts': { ...before, source: `// a new first line\n${source(5)}`, mutants } } } as unknown as Report;
    expect(summarise(moved, equivalents).areas[0]).toMatchObject({ survived: 1, equivalent: 1 });
  });

  it('matches no more when the line changes', () => {
    const edited = { files: { 'reference/src/keys/store.ts': { ...report.files['reference/src/keys/store.ts'], source: source(5).replace('false; // 4', 'false; // four') } } } as unknown as Report;
    expect(summarise(edited, equivalents).areas[0]).toMatchObject({ survived: 2, equivalent: 0 });
  });

  it('names a text over several lines by its ends and a hash of the whole, which changes with its middle', () => {
    const block = 'if (x) {\n  a();\n  b();\n}';
    const location = { start: { line: 1, column: 8 }, end: { line: 4, column: 2 } };
    const named = mutantOriginal(block, location);
    expect(named).toMatch(/^\{ … \} #[0-9a-f]{8}$/);
    expect(mutantOriginal(block.replace('b()', 'c()'), location)).not.toBe(named);
    expect(mutantOriginal('  return flag;', { start: { line: 1, column: 10 }, end: { line: 1, column: 14 } })).toBe('flag');
  });

  it('prints a survivor with where it is and the entry that would record it', () => {
    const { survivors } = summarise(report, equivalents);
    expect(describeSurvivor(survivors[0])).toBe(
      'reference/src/keys/store.ts:3:5 BooleanLiteral "false" -> "true"\n' +
        '    {"file":"reference/src/keys/store.ts","code":"false; // 3","original":"false","mutator":"BooleanLiteral","replacement":"true"}',
    );
  });
});

describe('what is kept of a judged run', () => {
  it('is the first failure of the suite, or of the unit tests, without colours; nothing of a run that passed', () => {
    const suite = '\x1b[36mconformance\x1b[39m started at http://127.0.0.1:4711\n  ✗ publications/read.test.ts  1 failed\n✗ FAIL a publication reads\n  rules publications.get.by-id\n  GET answered 500\n  replay: ...\n';
    expect(condenseReason(suite)).toBe('✗ FAIL a publication reads\nrules publications.get.by-id\nGET answered 500');
    expect(condenseReason(' FAIL  reference/src/rate-limit/limiter.test.ts > counts\n')).toBe('FAIL  reference/src/rate-limit/limiter.test.ts > counts');
    expect(condenseReason('conformance tests 69 passed\n')).toBeUndefined();
    expect(condenseReason(undefined)).toBeUndefined();
  });
});
