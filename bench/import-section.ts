/**
 * The CSV import and custom-email benchmark (bench/import.ts, its own
 * program) run as a child process; its printed figures are read back.
 */
import { spawn } from 'node:child_process';
import { built, ROOT } from './children.js';

export interface ImportReport {
  rows: number;
  fileBytes: number;
  status: number | null;
  importMs: number | null;
  mbPerSecond: number | null;
  summary: string | null;
  peakHeapMB: number | null;
  peakRssMB: number | null;
  subscribersAfter: number | null;
  customEmailDryRunMs: number | null;
  customEmailMs: number | null;
  customEmailAccepted: number | null;
  /** The slowest GET /v1/posts?limit=1 answered while the import ran, and while the custom email ran. */
  importSlowestGetMs: number | null;
  customEmailSlowestGetMs: number | null;
  maxRssMB: number | null;
  /** The program's own output, for anything not parsed above. */
  output: string[];
}

const num = (text: string | undefined) => (text === undefined ? null : Number(text.replace(/,/g, '')));

export function parseImportOutput(text: string): Omit<ImportReport, 'rows'> {
  const find = (re: RegExp) => re.exec(text) ?? undefined;
  const csv = find(/CSV: \d+ rows, [\d.]+ MB \((\d+) bytes\)/);
  const imp = find(/import: HTTP (\d+) .* in ([\d.]+) ms \(([\d.]+) MB\/s\)/);
  const summary = find(/^\s+(rows=.*)$/m);
  const peaks = find(/peak heap ([\d.]+) MB, peak rss ([\d.]+) MB/);
  const after = find(/subscribers now: (\d+)/);
  const dry = find(/custom email dryRun, [\d,]+ addresses: accepted (\d+) in ([\d.]+) ms/);
  const real = find(/custom email, [\d,]+ addresses: accepted (\d+), skipped \d+ in ([\d.]+) ms/);
  const maxRss = find(/maxRSS of the process: ([\d.]+) MB/);
  const [importGets, emailGets] = [...text.matchAll(/slowest GET meanwhile ([\d.]+) ms/g)];
  return {
    fileBytes: num(csv?.[1]) ?? 0,
    status: num(imp?.[1]),
    importMs: num(imp?.[2]),
    mbPerSecond: num(imp?.[3]),
    summary: summary?.[1] ?? null,
    peakHeapMB: num(peaks?.[1]),
    peakRssMB: num(peaks?.[2]),
    subscribersAfter: num(after?.[1]),
    customEmailDryRunMs: num(dry?.[2]),
    customEmailMs: num(real?.[2]),
    customEmailAccepted: num(real?.[1]),
    importSlowestGetMs: num(importGets?.[1]),
    customEmailSlowestGetMs: num(emailGets?.[1]),
    maxRssMB: num(maxRss?.[1]),
    output: text.split('\n').filter((l) => l.trim() !== ''),
  };
}

export function runImport(rows: number, timeoutMs: number): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [built('bench/import.ts'), '--rows', String(rows)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`bench/import.ts ${signal ? `was stopped (${signal}) after ${timeoutMs} ms` : `exited with code ${code}`}:\n${out}`));
      resolve({ rows, ...parseImportOutput(out) });
    });
  });
}
