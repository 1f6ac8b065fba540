/**
 * `npm run bench`: throughput of the reference against a bare node:http
 * server, page cost and memory at scale, and the CSV import; prints tables
 * and writes bench/results.json. Every server runs in a child process.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { HELP, parseBenchOptions } from './options.js';
import { startReference } from './reference-child.js';
import { runThroughput, type ThroughputRow } from './throughput.js';
import { runScale, type ScaleReport } from './scale-section.js';
import { runImport, type ImportReport } from './import-section.js';
import { fixed, mb, ms, table, thousands, yesNo } from './table.js';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<number> {
  const options = parseBenchOptions(process.argv.slice(2));
  if (options === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  const started = performance.now();
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryBytes: totalmem(), node: process.version, loadavgAtStart: loadavg() },
    options: { ...options, out: undefined },
  };
  let throughput: ThroughputRow[] | null = null;
  let scale: ScaleReport | null = null;
  let imports: ImportReport | null = null;

  if (options.sections.throughput) {
    log('reference with the default fixtures ...');
    if (options.cpuProfDir) mkdirSync(options.cpuProfDir, { recursive: true });
    const reference = await startReference();
    try {
      log(`throughput (${options.connections} connections, ${options.seconds} s each after ${options.warmup} s warm-up, each paired with a bare run) ...`);
      const out = await runThroughput(reference, options, log);
      throughput = out.rows;
      results.postBodyBytes = out.bodyBytes;
      results.referenceMemoryAfterThroughput = (await reference.ask<{ memory: unknown }>('stats')).memory;
    } finally {
      await reference.stop();
    }
  }
  if (options.sections.scale) {
    log(`scale (${options.scale.posts} posts, ${options.scale.subscribers} subscribers) ...`);
    scale = await runScale({ ...options, seconds: options.pageSeconds, rounds: options.pageRounds }, log);
  }
  if (options.sections.import) {
    log(`CSV import (${options.importRows} rows) and 10,000-address custom email (bench/import.ts) ...`);
    try {
      imports = await runImport(options.importRows, 300_000);
    } catch (err) {
      log(`  import section failed: ${(err as Error).message}`);
      results.importError = (err as Error).message;
    }
  }

  results.throughput = throughput;
  results.scale = scale;
  results.import = imports;
  results.machine = { ...(results.machine as object), loadavgAtEnd: loadavg() };
  results.totalSeconds = (performance.now() - started) / 1000;
  writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);
  print(throughput, scale, imports, options.connections);
  process.stdout.write(`\nwrote ${options.out} in ${fixed(results.totalSeconds as number, 0)} s; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} on ${cpus().length} cores\n`);
  return 0;
}

function print(throughput: ThroughputRow[] | null, scale: ScaleReport | null, imports: ImportReport | null, connections: number): void {
  const out: string[] = [];
  if (throughput) {
    out.push(`Throughput at ${connections} connections`, '');
    out.push(
      table(
        ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'server CPU us/req', 'vs bare by CPU', 'target vs bare', 'met', 'target p99', 'met'],
        throughput.map((r) => [
          r.name,
          thousands(r.rps),
          ms(r.p50),
          ms(r.p99),
          fixed(r.ratio, 2),
          thousands(r.serverCpuUsPerRequest),
          fixed(r.cpuRatio, 2),
          r.target?.minRatio !== undefined ? `>= ${r.target.minRatio}` : '',
          yesNo(r.ratioMet),
          r.target?.maxP99Ms !== undefined ? `< ${r.target.maxP99Ms} ms` : '',
          yesNo(r.p99Met) + (r.errors || r.non2xx ? ` (${r.errors} errors, ${r.non2xx} non-2xx)` : ''),
        ]),
      ),
    );
    const bare = throughput[0];
    out.push('', `(the bare server's own p99 in the same runs: ${ms(bare.p99)} ms)`);
  }
  if (scale) {
    out.push('', `Page cost (second page, by cursor): server CPU per request, best of alternating runs; scale = ${thousands(scale.scale.posts)} posts, ${thousands(scale.scale.subscribers)} subscribers`, '');
    out.push(
      table(
        ['list', 'limit', 'short list', 'long list', 'us/req short', 'us/req long', 'long/short', 'default srv', 'scale srv', 'us/req default', 'us/req scale', 'GC us/req default / scale', 'scale/default', 'met (<= 1.2)'],
        scale.pages.map((p) => {
          const same = p.sameServer;
          const across = p.acrossServers;
          return [
            p.name, p.limit,
            same ? thousands(same.shortTotal) : '-', same ? thousands(same.longTotal) : '-',
            same ? thousands(same.shortCpuUs) : '-', same ? thousands(same.longCpuUs) : '-', same ? fixed(same.ratio, 2) : '-',
            thousands(across.defaultTotal), thousands(across.scaleTotal), thousands(across.defaultCpuUs), thousands(across.scaleCpuUs),
            `${thousands(across.defaultGcUs)} / ${thousands(across.scaleGcUs)}`, fixed(across.ratio, 2), p.met === null ? 'n/a (one list)' : yesNo(p.met),
          ];
        }),
      ),
    );
    out.push(
      '',
      'long/short: the same kind of list, short and long, in the scale server (same heap): the page against the list\'s length; the target.',
      'scale/default: the long list\'s request to the default server and to the scale server: adds what the large heap costs in GC under load.',
    );
    const m = scale.memory;
    out.push('', 'Memory (server process, after a full GC) and start-up', '');
    out.push(
      table(
        ['state', 'heapUsed MB', 'rss MB'],
        [
          ['default fixtures', mb(m.default.heapUsed), mb(m.default.rss)],
          [`+ ${thousands(scale.scale.posts)} posts`, mb(m.withPosts.heapUsed), mb(m.withPosts.rss)],
          [`+ ${thousands(scale.scale.subscribers)} subscribers`, mb(m.withPostsAndSubscribers.heapUsed), mb(m.withPostsAndSubscribers.rss)],
        ],
      ),
    );
    out.push(
      '',
      `per post:       ${thousands(m.perPost.heapBytes)} B heap, ${thousands(m.perPost.rssBytes)} B rss`,
      `per subscriber: ${thousands(m.perSubscriber.heapBytes)} B heap, ${thousands(m.perSubscriber.rssBytes)} B rss`,
      `start-up (process start to listening): default ${fixed(scale.startup.defaultMs / 1000, 1)} s, scale ${fixed(scale.startup.scaleMs / 1000, 1)} s (state ${fixed(scale.startup.defaultStateMs / 1000, 1)} s vs ${fixed(scale.startup.scaleStateMs / 1000, 1)} s)`,
    );
  }
  if (imports) {
    out.push('', `CSV import and custom email (bench/import.ts)`, '');
    out.push(
      table(
        ['measure', 'value'],
        [
          ['CSV file', `${imports.rows} rows, ${mb(imports.fileBytes)} MB`],
          ['import time', `${imports.importMs ?? '?'} ms (${imports.mbPerSecond ?? '?'} MB/s), HTTP ${imports.status ?? '?'}`],
          ['import summary', imports.summary ?? '?'],
          ['peak heap / rss during import', `${imports.peakHeapMB ?? '?'} MB / ${imports.peakRssMB ?? '?'} MB`],
          ['custom email, 10,000 addresses, dryRun', `${imports.customEmailDryRunMs ?? '?'} ms`],
          ['custom email, 10,000 addresses', `${imports.customEmailMs ?? '?'} ms (${imports.customEmailAccepted ?? '?'} accepted)`],
          ['maxRSS of the import process', `${imports.maxRssMB ?? '?'} MB`],
        ],
      ),
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${(err as Error).stack ?? err}\n`);
    process.exit(2);
  },
);
