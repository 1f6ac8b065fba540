import { describe, expect, it, vi } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { findArea } from './areas.js';
import { areaOfFile, mutantSelector, parseArguments } from './selection.js';
import { judgeCommand, suiteArguments, unitPassOptions, unitTestFiles } from './stryker-options.js';

describe('npm run mutation arguments', () => {
  it('an area name selects its files and its judges', () => {
    const parsed = parseArguments(['publications']);
    expect(parsed).toEqual({ ok: true, selection: { areas: [findArea('publications')], mutate: ['reference/src/publications/**/*.ts'], force: false } });
  });

  it('a file is mutated alone and judged by the tests of its area', () => {
    const parsed = parseArguments(['./reference/src/posts/transitions.ts', '--force']);
    expect(parsed).toEqual({ ok: true, selection: { areas: [findArea('posts-status')], mutate: ['reference/src/posts/transitions.ts'], force: true } });
  });

  it('a range of lines of a file is mutated alone, in the form Stryker reads', () => {
    const parsed = parseArguments(['reference/src/persistence/state-references.ts:1-120']);
    expect(parsed).toMatchObject({ ok: true, selection: { areas: [findArea('persistence')], mutate: ['reference/src/persistence/state-references.ts:1-120'] } });
    expect(parseArguments(['reference/src/keys/store.ts:9-3'])).toMatchObject({ ok: false, error: expect.stringContaining('first comes before the last') });
    expect(parseArguments(['reference/src/keys/store.ts:0-3'])).toMatchObject({ ok: false });
  });

  it('a range selects the mutants wholly inside its lines; a glob or file every mutant of its files', () => {
    const selected = mutantSelector(['reference/src/keys/store.ts:10-20', 'reference/src/users/**/*.ts']);
    const at = (start: number, end: number) => ({ start: { line: start }, end: { line: end } });
    expect(selected.file('reference/src/keys/store.ts')).toBe(true);
    expect(selected.mutant('reference/src/keys/store.ts', at(10, 20))).toBe(true);
    expect(selected.mutant('reference/src/keys/store.ts', at(9, 12))).toBe(false);
    expect(selected.mutant('reference/src/keys/store.ts', at(20, 21))).toBe(false);
    expect(selected.mutant('reference/src/users/store.ts', at(1, 400))).toBe(true);
    expect(selected.file('reference/src/posts/store.ts')).toBe(false);
  });

  it('a file of no area, an unknown name or flag, or nothing at all is refused with the reason', () => {
    expect(parseArguments(['bench/run.ts'])).toMatchObject({ ok: false, error: expect.stringContaining('belongs to no area') });
    expect(parseArguments(['nonsense'])).toMatchObject({ ok: false, error: expect.stringContaining('neither an area') });
    expect(parseArguments(['keys', '--fast'])).toMatchObject({ ok: false, error: 'unknown flag --fast' });
    expect(parseArguments([])).toMatchObject({ ok: false });
  });

  it('files belong to the area whose globs match them, tests never', () => {
    expect(areaOfFile('reference/src/keys/store.ts')?.name).toBe('keys');
    expect(areaOfFile('reference/src/posts/store.ts')?.name).toBe('posts-store');
    expect(areaOfFile('reference/src/clock.ts')?.name).toBe('shared');
    expect(areaOfFile('bench/run.ts')).toBeUndefined();
  });
});

describe('the command that judges a mutant', () => {
  it('runs their unit tests, then the suite filtered to the areas\' rules, failing what it would skip, stopping at the first failure', () => {
    const command = judgeCommand([findArea('keys')!, findArea('rate-limit')!]);
    expect(command).toContain(`--filter ${[...findArea('keys')!.filter, ...findArea('rate-limit')!.filter].join(',')}`);
    expect(command).toContain('--bail');
    expect(command).toContain('--no-skips');
    const unitFiles = [...new Set([...findArea('keys')!.unitTests!.files, ...findArea('rate-limit')!.unitTests!.files])];
    expect(command.startsWith(`node_modules/.bin/vitest run --config vitest.config.ts --bail 1 ${unitFiles.join(' ')} && `)).toBe(true);
    expect(judgeCommand([{ name: 'suite only', mutate: ['reference/src/x.ts'], filter: ['posts.read'] }])).not.toContain('vitest');
  });

  it('gives the fast judge the same arguments as the command, and none to an area only unit tests judge', () => {
    const areas = [findArea('keys')!, findArea('rate-limit')!];
    expect(judgeCommand(areas).endsWith(`run-from-sources.mjs ${suiteArguments(areas)!.join(' ')}`)).toBe(true);
    const journal = findArea('journal')!;
    expect(journal.filter).toEqual([]);
    expect(suiteArguments([journal])).toBeNull();
    expect(judgeCommand([journal]).startsWith('node_modules/.bin/vitest run ')).toBe(true);
  });
});

describe('the unit pass', () => {
  it("runs the selection's mutants against the areas' unit tests alone, each against the tests that reach it", () => {
    const parsed = parseArguments(['reference/src/keys/store.ts:1-40']);
    if (!parsed.ok || 'help' in parsed) throw new Error('the arguments should parse');
    const files = unitTestFiles(parsed.selection.areas);
    expect(files).toEqual(findArea('keys')!.unitTests!.files);
    const options = unitPassOptions(parsed.selection);
    expect(options).toMatchObject({ testRunner: 'vitest', coverageAnalysis: 'perTest', vitest: { configFile: 'mutation/vitest-unit-pass.config.ts', related: false } });
    expect(options.mutate).toEqual(['reference/src/keys/store.ts:1-40', '!**/*.test.ts']);
    expect(unitTestFiles([{ name: 'suite only', mutate: ['reference/src/x.ts'], filter: ['posts.read'] }])).toEqual([]);
  });

  it("gives vitest the areas' unit test files alone, from the environment run.ts sets", async () => {
    vi.stubEnv('MUTATION_UNIT_PASS_TESTS', JSON.stringify(['reference/src/keys/store.test.ts']));
    vi.resetModules();
    const { default: config, UNIT_PASS_TESTS } = await import('./vitest-unit-pass.config.js');
    expect(UNIT_PASS_TESTS).toBe('MUTATION_UNIT_PASS_TESTS');
    expect(config.test?.include).toEqual(['reference/src/keys/store.test.ts']);
    expect(config.test?.setupFiles).toEqual(['./vitest.setup.ts']);
    vi.unstubAllEnvs();
  });

  it('runs the files in the order the areas list them, so that quick tests stop a mutant before a slow one starts', async () => {
    const listed = ['reference/src/quick.test.ts', 'reference/src/slow.test.ts', 'reference/src/other.test.ts'];
    vi.stubEnv('MUTATION_UNIT_PASS_TESTS', JSON.stringify(listed));
    vi.resetModules();
    const { default: config, ListedOrder } = await import('./vitest-unit-pass.config.js');
    expect(config.test?.sequence?.sequencer).toBe(ListedOrder);
    const sequencer = new ListedOrder({ config: { root: '/repo' } } as unknown as Vitest);
    const specs = ['other', 'slow', 'quick'].map((name) => ({ moduleId: `/repo/reference/src/${name}.test.ts` }) as TestSpecification);
    const sorted = await sequencer.sort(specs);
    expect(sorted.map((spec) => spec.moduleId)).toEqual(listed.map((file) => `/repo/${file}`));
    vi.unstubAllEnvs();
  });
});
