/**
 * The saved state's own header fields (seed, fixtures, clock, the random
 * generator's words), which no store's schema checks, and how a problem's
 * place is named; broken-records.test.ts breaks the stores' records.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_CLOCK_MS } from '../../../schemas/control.js';
import { startFrozen } from './round-trip.support.test.js';
import { stateProblem } from './state-schema.js';

let saved: string;

beforeAll(async () => {
  const client = await startFrozen();
  saved = JSON.stringify(client.server.reference.snapshot());
  await client.close();
});

const fresh = (): any => JSON.parse(saved);
const problemWith = (change: (state: any) => void) => {
  const state = fresh();
  change(state);
  return stateProblem(state);
};

describe('a saved state', () => {
  it('as the server writes it has no problem', () => {
    expect(stateProblem(fresh())).toBeNull();
  });

  it.each<[string, (state: any) => void, RegExp]>([
    ['a seed that is not an integer', (s) => (s.seed = 1.5), /^state\.seed: /],
    ['a fixtures time that is text', (s) => (s.fixtures.now = '0'), /^state\.fixtures\.now: .*number/],
    ['a fixtures flag that is not a boolean', (s) => (s.fixtures.empty = 'no'), /^state\.fixtures\.empty: .*boolean/],
    ['a clock offset past the last date', (s) => (s.clock.offsetMs = MAX_CLOCK_MS + 1), /^state\.clock\.offsetMs: /],
    ['a clock offset before the first date', (s) => (s.clock.offsetMs = -MAX_CLOCK_MS - 1), /^state\.clock\.offsetMs: /],
    ['a frozen time before 1970', (s) => (s.clock.frozenAt = -1), /^state\.clock\.frozenAt: /],
    ['a generator of three words', (s) => s.random.pop(), /^state\.random: /],
    ['a generator word past 32 bits', (s) => (s.random[1] = 0x100000000), /^state\.random\[1\]: /],
    ['a generator word below a signed 32-bit one', (s) => (s.random[2] = -0x80000001), /^state\.random\[2\]: /],
    ['a generator word that is not an integer', (s) => (s.random[3] = 0.5), /^state\.random\[3\]: /],
  ])('with %s is refused, naming the field', (_name, change, problem) => {
    expect(problemWith(change)).toMatch(problem);
  });

  it('holds any clock offset and frozen time a date can have, and generator words of either sign', () => {
    expect(problemWith((s) => Object.assign(s.clock, { offsetMs: MAX_CLOCK_MS, frozenAt: MAX_CLOCK_MS }))).toBeNull();
    expect(problemWith((s) => Object.assign(s.clock, { offsetMs: -MAX_CLOCK_MS, frozenAt: 0 }))).toBeNull();
    expect(problemWith((s) => (s.random = [-0x80000000, 0xffffffff, 0, 1]))).toBeNull();
  });

  it('names a record by its id, cut to 64 characters, only where it is an item of a list', () => {
    const long = 'p'.repeat(80);
    expect(problemWith((s) => Object.assign(s.posts[0], { id: long, title: null }))).toMatch(new RegExp(`^state\\.posts\\[0\\] \\(record "${'p'.repeat(64)}"\\)\\.title: `));
    // An object that is not an item of a list is named by its field, whatever it holds.
    expect(problemWith((s) => Object.assign(s.fixtures, { id: 'named', now: '0' }))).toMatch(/^state\.fixtures\.now: /);
    // An item that is null, or no object, has no name to give.
    expect(problemWith((s) => (s.posts[1] = null))).toMatch(/^state\.posts\[1\]: /);
    expect(problemWith((s) => (s.posts[1] = 'post'))).toMatch(/^state\.posts\[1\]: /);
  });
});
