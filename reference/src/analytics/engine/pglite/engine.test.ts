// The engine contract on the embedded PGlite engine (worker thread).
import { describe } from 'vitest';
import { createAnalyticsEngine } from '../index.js';
import { engineContract } from '../testing/engine-contract.js';

describe('PGlite engine', () => {
  engineContract(() => createAnalyticsEngine({}));
});
