import { readFileSync } from 'node:fs';
import { mutantOriginal } from './mutation/results.js';
const r = JSON.parse(readFileSync('reports/mutation/unit-pass.json', 'utf8'));
const [file, linesArg] = process.argv.slice(2);
const want = new Set(linesArg.split(',').map(Number));
const v = r.files[file];
const lines = v.source.split('\n');
for (const m of v.mutants) {
  if (m.status === 'Killed' || m.status === 'Timeout') continue;
  if (!want.has(m.location.start.line)) continue;
  console.log(JSON.stringify({ file, code: lines[m.location.start.line - 1].trim(), original: mutantOriginal(v.source, m.location), mutator: m.mutatorName, replacement: m.replacement }));
}
