import { describe, expect, it } from 'vitest';
import type { EquivalentMutant } from './equivalent.js';
import { condenseReason, summarise, tableRows, withoutSurvivorsOf, type Report } from './results.js';

function mutant(id: string, status: string, line: number, replacement = 'true') {
  return { id, mutatorName: 'BooleanLiteral', replacement, status, location: { start: { line, column: 5 }, end: { line, column: 10 } } };
}

const report = {
  files: {
    'reference/src/keys/store.ts': {
      language: 'typescript',
      source: '',
      mutants: [mutant('1', 'Killed', 1), mutant('2', 'Timeout', 2), mutant('3', 'Survived', 3), mutant('4', 'Survived', 4), mutant('5', 'Ignored', 5)],
    },
    'reference/src/publications/store.ts': { language: 'typescript', source: '', mutants: [mutant('6', 'Killed', 1), mutant('7', 'NoCoverage', 2)] },
  },
} as unknown as Report;

const equivalents: EquivalentMutant[] = [
  { file: 'reference/src/keys/store.ts', line: 4, column: 5, mutator: 'BooleanLiteral', replacement: 'true', why: 'no request can tell' },
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

  it('survivors of the selected files leave the kept results (to be tested again), equivalents and other files stay', () => {
    const pruned = withoutSurvivorsOf(report, (file) => file.includes('/keys/'), equivalents);
    expect(pruned.files['reference/src/keys/store.ts'].mutants.map((m) => m.id)).toEqual(['1', '2', '4', '5']);
    expect(pruned.files['reference/src/publications/store.ts'].mutants.map((m) => m.id)).toEqual(['6', '7']);
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
