/**
 * The analytics engine's figures on their own (the same measurement as the
 * `analytics` section of npm run bench, bench/analytics-section.ts, with a
 * bigger default: a million rows take one to two and a half minutes to load
 * and a few hundred MB of memory in the worker).
 *
 *   npx tsx bench/analytics.ts [--rows 1000000] [--runs 5] [--database-url postgres://...]
 */
import { parseArgs } from 'node:util';
import { runAnalytics } from './analytics-section.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
  },
});

/** Printed as they come: the whole run takes minutes. */
const print = (line: string) => void process.stdout.write(`${line.replace(/^ {2}/, '')}\n`);

runAnalytics({ rows: Number(values.rows), runs: Number(values.runs), databaseUrl: values['database-url'] }, print).then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
