/**
 * Property tests run with a fixed seed, so a run in CI is the same run
 * everywhere; FC_SEED=<n> explores another one. Tests that name their own
 * seed keep it. fast-check prints the seed and the counterexample of a failure.
 */
import fc from 'fast-check';

const seed = process.env.FC_SEED === undefined ? 20_261_122 : Number(process.env.FC_SEED);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${process.env.FC_SEED}`);
fc.configureGlobal({ seed });
