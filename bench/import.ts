/**
 * Benchmark of the subscriber CSV import and of a 10,000-address custom email.
 *
 *   npx tsx bench/import.ts [--rows 200000] [--keep]
 *
 * Generates a ~10 MB CSV of ~200k rows (mixed columns, quoting, dates, a few
 * bad rows) in a temporary file, starts the reference in this process on a
 * free port, streams the file to POST /v1/subscribers/import, and prints the
 * time and the memory the process reached (sampled heap and RSS, and the
 * kernel's maxRSS). The file is streamed from disk by the client, so the
 * figures are the server's. While the import and the real custom email run,
 * GET /v1/posts?limit=1 is sent over and over: its slowest answer shows
 * whether the big request let other requests through (slices.ts). `npm run bench` runs its build as a child
 * (import-section.ts); run alone, as above, it runs the sources.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_KEYS } from '../fixtures/keys.js';
import { startServer } from '../reference/src/server.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '200000' }, keep: { type: 'boolean', default: false } } });
const ROWS = Number(values.rows);
const MB = 1024 * 1024;

async function writeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write('\uFEFFEmail,wallet_address,Subscription Date\r\n');
  for (let i = 0; i < rows; i++) {
    // About 50 bytes a row: 200k rows make a file just under 10 MB.
    const wallet = i % 8 === 0 ? `0x${((i * 2654435761) >>> 0).toString(16).padStart(40, '0')}` : '';
    const date = i % 3 === 0 ? '2023-05-17 08:30:00' : i % 3 === 1 ? '05/17/2023' : String(1684312200 + i);
    const email = i % 997 === 0 ? 'not-an-email' : i % 5 === 0 ? `"reader.${i}@example.com"` : `reader.${i}@example.com`;
    await write(`${email},${wallet},${date}\r\n`);
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

function upload(url: string, file: string): Promise<{ status: number; body: string; summary: string | undefined }> {
  const boundary = '----benchboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="subscribers.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + statSync(file).size + Buffer.byteLength(tail);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/v1/subscribers/import`,
      { method: 'POST', headers: { Authorization: `Bearer ${DEMO_KEYS.demo}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': length } },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, summary: res.headers['x-import-summary'] as string | undefined }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const file$ = createReadStream(file);
    file$.pipe(req, { end: false });
    file$.on('end', () => req.end(tail));
  });
}

/** Peak heap and RSS while `work` runs, sampled every 10 ms. */
async function measure<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakHeapMB: number; peakRssMB: number }> {
  let peakHeap = 0;
  let peakRss = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers);
    peakRss = Math.max(peakRss, m.rss);
  };
  sample();
  const timer = setInterval(sample, 10);
  const t = performance.now();
  const result = await work();
  const ms = performance.now() - t;
  clearInterval(timer);
  sample();
  return { result, ms, peakHeapMB: peakHeap / MB, peakRssMB: peakRss / MB };
}

const fmt = (n: number) => n.toFixed(1);

/** Runs `work` while sending GET /v1/posts?limit=1 one after another; the slowest of those GETs and how many were answered. */
async function withGets<T>(url: string, work: () => Promise<T>): Promise<{ result: T; slowestGetMs: number; gets: number }> {
  let running = true;
  const done = work().finally(() => (running = false));
  let slowest = 0;
  let gets = 0;
  while (running) {
    const t = performance.now();
    await fetch(`${url}/v1/posts?limit=1`, { headers: { Authorization: `Bearer ${DEMO_KEYS.demo}` } }).then((r) => r.arrayBuffer());
    slowest = Math.max(slowest, performance.now() - t);
    gets++;
  }
  return { result: await done, slowestGetMs: slowest, gets };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
  const file = join(dir, 'subscribers.csv');
  await writeCsv(file, ROWS);
  const size = statSync(file).size;
  console.log(`CSV: ${ROWS} rows, ${fmt(size / MB)} MB (${size} bytes) at ${file}`);

  const server = await startServer({ port: 0, fixtures: 'empty', logErrors: true });
  try {
    global.gc?.();
    const before = process.memoryUsage();
    console.log(`before: heap ${fmt((before.heapUsed + before.arrayBuffers) / MB)} MB, rss ${fmt(before.rss / MB)} MB`);

    const imp = await measure(() => withGets(server.url, () => upload(server.url, file)));
    const imported = imp.result.result;
    console.log(`import: HTTP ${imported.status} ${imported.body} in ${fmt(imp.ms)} ms (${fmt(size / MB / (imp.ms / 1000))} MB/s)`);
    console.log(`        slowest GET meanwhile ${fmt(imp.result.slowestGetMs)} ms of ${imp.result.gets}`);
    console.log(`        ${imported.summary}`);
    console.log(`        peak heap ${fmt(imp.peakHeapMB)} MB, peak rss ${fmt(imp.peakRssMB)} MB (file ${fmt(size / MB)} MB)`);
    const count = await fetch(`${server.url}/v1/subscribers?limit=1`, { headers: { Authorization: `Bearer ${DEMO_KEYS.demo}` } })
      .then((r) => r.json() as Promise<{ pagination: { total: number } }>);
    console.log(`        subscribers now: ${count.pagination.total}`);

    const emails = Array.from({ length: 10_000 }, (_, i) => `reader.${i}@example.com`);
    const body = JSON.stringify({ subject: 'Benchmark', body: '# Hello\n\nA **custom** email with [a link](https://example.com).', emails });
    type Result = { accepted: number; skipped: unknown[] };
    const post = (json: string) =>
      fetch(`${server.url}/v1/emails/send`, { method: 'POST', headers: { Authorization: `Bearer ${DEMO_KEYS.demo}`, 'Content-Type': 'application/json' }, body: json }).then(
        (r) => r.json() as Promise<Result>,
      );
    const dry = await measure(() => post(body.replace(/}$/, ',"dryRun":true}')));
    console.log(`custom email dryRun, 10,000 addresses: accepted ${dry.result.accepted} in ${fmt(dry.ms)} ms`);
    const real = await measure(() => withGets(server.url, () => post(body)));
    const sent = real.result.result;
    console.log(`custom email, 10,000 addresses: accepted ${sent.accepted}, skipped ${sent.skipped.length} in ${fmt(real.ms)} ms; peak heap ${fmt(real.peakHeapMB)} MB`);
    console.log(`        slowest GET meanwhile ${fmt(real.result.slowestGetMs)} ms of ${real.result.gets}`);
    console.log(`maxRSS of the process: ${fmt(process.resourceUsage().maxRSS / 1024)} MB`);
  } finally {
    await server.close();
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
