// The engine contract on the embedded PGlite engine (worker thread), started
// without the data directory cache so that the full install path runs here.
import { describe } from 'vitest';
import { createAnalyticsEngine } from '../index.js';
import { engineContract } from '../contract/engine-contract.support.test.js';

describe('PGlite engine', () => {
  engineContract((options) => createAnalyticsEngine({ ...options, dataDirCache: false }), { databaseClockFollows: true });
});
