/**
 * Which suite files may run in parallel (--workers N) and which run after
 * them, one at a time. Parallel files tolerate each other's data (every
 * test works on what it created); serial ones change state every test
 * shares, or read a whole list or count that other tests change meanwhile.
 * A control call that changes shared state from a parallel file is refused
 * (authoring/shared-state.ts), so a file missing here fails loudly.
 */
export const SERIAL_FILES: ReadonlyArray<{ glob: string; why: string }> = [
  { glob: 'conformance/suites/control/**/*.test.[jt]s', why: 'moves the clock and runs due work' },
  { glob: 'conformance/suites/emails/**/*.test.[jt]s', why: 'clears the outbox, injects send faults, moves the clock' },
  { glob: 'conformance/suites/analytics/**/*.test.[jt]s', why: 'moves the clock, changes the query time limit, aggregates the whole publication' },
  { glob: 'conformance/suites/pagination/**/*.test.[jt]s', why: 'walks whole lists and compares totals, freezes the clock' },
  { glob: 'conformance/suites/subscribers/**/*.test.[jt]s', why: 'counts the whole subscriber list, lifts suppressions' },
  { glob: 'conformance/suites/publications/**/*.test.[jt]s', why: "changes publication A's settings that other tests read" },
  { glob: 'conformance/suites/robustness/**/*.test.[jt]s', why: 'compares snapshots of the whole publication' },
  { glob: 'conformance/suites/posts/status/**/*.test.[jt]s', why: 'freezes and moves the clock' },
  { glob: 'conformance/suites/posts/model/**/*.test.[jt]s', why: 'moves the clock; models whole lists' },
  { glob: 'conformance/suites/posts/list.test.[jt]s', why: 'compares two reads of the whole published list' },
  ...['body-rules', 'create-invalid', 'update-invalid', 'update-valid'].map((name) => ({
    glob: `conformance/suites/posts/${name}.test.[jt]s`,
    why: "checks that a refused request created no post by the growth of the run's post lists",
  })),
  { glob: 'conformance/suites/isolation/write.test.[jt]s', why: "checks that a refused request created no post by the growth of the run's post lists" },
  { glob: 'conformance/suites/auth-sessions/expiry.test.[jt]s', why: 'moves the clock' },
  { glob: 'conformance/suites/buckets/groups.test.[jt]s', why: 'moves the clock' },
  { glob: 'conformance/suites/content/list.test.[jt]s', why: 'moves the clock' },
  { glob: 'conformance/suites/errors/rate-limit.test.[jt]s', why: 'turns rate limiting on for every request' },
  { glob: 'conformance/suites/discover/search-choices.test.[jt]s', why: "freezes and moves the clock; renames both publications, changes their summaries and imports subscribers into one" },
];

/** Globs take .ts (the sources) and .js (the build, reference/build.ts) alike. */
export const ALL_SUITES = 'conformance/suites/**/*.test.[jt]s';
