/**
 * A setup the suite cannot run against (unreachable target, rejected key,
 * two keys of one publication): the run stops before any test with exit
 * code 2, and the message says what to change.
 */
export class SetupProblem extends Error {}
