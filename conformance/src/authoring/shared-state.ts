/**
 * Test-control calls that change what every test sees. While test files run
 * in parallel (--workers), such a call would disturb the tests running
 * beside it, so it is refused there with a suite error naming the file to
 * move to the serial phase (run/schedule.ts); serially it is fine.
 */
export const SHARED_STATE_CALLS: ReadonlyArray<{ path: RegExp; why: string }> = [
  { path: /^\/_control\/clock\b/, why: 'moves or freezes the clock every test reads' },
  { path: /^\/_control\/(reset|restore|snapshot)\b/, why: 'replaces the whole state' },
  { path: /^\/_control\/outbox\b/, why: "clears every test's emails" },
  { path: /^\/_control\/email-faults\b/, why: 'makes every send fail or skip' },
  { path: /^\/_control\/rate-limit\b/, why: 'limits every request' },
  { path: /^\/_control\/faults\b/, why: 'slows or fails the requests of every test' },
  { path: /^\/_control\/analytics\b/, why: 'shortens the time limit of every analytics query' },
  { path: /^\/_control\/suppressions\b/, why: 'lifts the suppressions of every address' },
  { path: /^\/_control\/publications\/[^/]+\/custom-email\b/, why: "changes a publication's custom-email eligibility" },
];

/** Why a control request changes shared state, or undefined when it does not (reads never do). */
export function sharedStateChange(method: string, path: string): string | undefined {
  if (method.toUpperCase() === 'GET') return undefined;
  return SHARED_STATE_CALLS.find((call) => call.path.test(path))?.why;
}
