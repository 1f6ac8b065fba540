/**
 * Which suite files may run in parallel (--workers N) and which run after
 * them, one at a time. Parallel files tolerate each other's data (every
 * test works on what it created); serial ones change state every test
 * shares, or read a whole list or count that other tests change meanwhile.
 * A control call that changes shared state from a parallel file is refused
 * (authoring/shared-state.ts), so a file missing here fails loudly.
 */
export const SERIAL_FILES: ReadonlyArray<{ glob: string; why: string }> = [
  { glob: 'conformance/suites/control/**/*.test.ts', why: 'moves the clock and runs due work' },
  { glob: 'conformance/suites/emails/**/*.test.ts', why: 'clears the outbox, injects send faults, moves the clock' },
  { glob: 'conformance/suites/analytics/**/*.test.ts', why: 'moves the clock, changes the query time limit, aggregates the whole publication' },
  { glob: 'conformance/suites/pagination/**/*.test.ts', why: 'walks whole lists and compares totals, freezes the clock' },
  { glob: 'conformance/suites/subscribers/**/*.test.ts', why: 'counts the whole subscriber list, lifts suppressions' },
  { glob: 'conformance/suites/publications/**/*.test.ts', why: "changes publication A's settings that other tests read" },
  { glob: 'conformance/suites/robustness/**/*.test.ts', why: 'compares snapshots of the whole publication' },
  { glob: 'conformance/suites/posts/status/**/*.test.ts', why: 'freezes and moves the clock' },
  { glob: 'conformance/suites/posts/model/**/*.test.ts', why: 'moves the clock; models whole lists' },
  { glob: 'conformance/suites/posts/list.test.ts', why: 'compares two reads of the whole published list' },
  ...['body-rules', 'create-invalid', 'update-invalid', 'update-valid'].map((name) => ({
    glob: `conformance/suites/posts/${name}.test.ts`,
    why: "checks that a refused request created no post by the growth of the run's post lists",
  })),
  { glob: 'conformance/suites/isolation/write.test.ts', why: "checks that a refused request created no post by the growth of the run's post lists" },
  { glob: 'conformance/suites/auth-sessions/expiry.test.ts', why: 'moves the clock' },
  { glob: 'conformance/suites/buckets/groups.test.ts', why: 'moves the clock' },
  { glob: 'conformance/suites/content/list.test.ts', why: 'moves the clock' },
  { glob: 'conformance/suites/errors/rate-limit.test.ts', why: 'turns rate limiting on for every request' },
];

export const ALL_SUITES = 'conformance/suites/**/*.test.ts';
