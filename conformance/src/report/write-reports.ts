/** Writes junit.xml, results.json and report.html into the report directory. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunResults } from '../results/types.js';
import { renderHtmlReport } from './html.js';
import { renderJunit } from './junit.js';
import { renderResultsJson } from './results-json.js';
import type { RunInfo } from './run-info.js';

export async function writeReports(dir: string, results: RunResults, info: RunInfo): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files: Array<[string, string]> = [
    ['junit.xml', renderJunit(results, info.durationMs)],
    ['results.json', renderResultsJson(results, info)],
    ['report.html', renderHtmlReport(results, info)],
  ];
  for (const [name, content] of files) await writeFile(join(dir, name), content, 'utf8');
  return files.map(([name]) => join(dir, name));
}
