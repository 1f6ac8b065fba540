// Run by pglite/tsx-start.test.ts through the tsx CLI, as the reference's own
// CLI is: the worker thread must load its TypeScript there too.
import { createAnalyticsEngine } from '../index.js';

const engine = createAnalyticsEngine({});
// Queries answer only from a loaded copy, even an empty one.
await engine.reset({});
const result = await engine.query('b1', 'SELECT 41 + 1 AS answer');
process.stdout.write(JSON.stringify(result.rows));
await engine.close();
