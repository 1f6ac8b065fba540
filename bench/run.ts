/**
 * `npm run bench`: throughput of the reference against a bare node:http
 * server, a soak of mixed reads and writes, page cost and memory at scale,
 * the CSV import, the analytics engine and in-process instances; prints tables and writes
 * bench/results.json. Every server runs in a child process.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { HELP, parseBenchOptions } from './options.js';
import { startReference } from './reference-child.js';
import { runThroughput, type ThroughputRow } from './throughput.js';
import { runScale, SCALE_NODE_FLAGS, type ScaleReport } from './scale-section.js';
import { runImport, type ImportReport } from './import-section.js';
import { MAX_GROWTH, runSoak, type SoakHalf, type SoakReport, type SoakRun } from './soak.js';
import { runAnalytics, type AnalyticsReport } from './analytics-section.js';
import { READY_TARGET_MS, runInstances, type InstancesReport } from './instances-section.js';
import { runScaleAnalytics, type ScaleAnalyticsReport } from './scale-analytics-section.js';
import { fixed, mb, ms, table, thousands, yesNo } from './table.js';
import { cpuTimes, stealPercentSince } from './steal.js';

/** Main-thread microseconds with the process's CPU microseconds in brackets. */
const withCpu = (mainUs: number, cpuUs: number) => `${thousands(mainUs)} (${thousands(cpuUs)})`;

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<number> {
  const options = parseBenchOptions(process.argv.slice(2));
  if (options === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  const started = performance.now();
  const cpuAtStart = cpuTimes();
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryBytes: totalmem(), node: process.version, loadavgAtStart: loadavg() },
    options: { ...options, out: undefined },
  };
  let throughput: ThroughputRow[] | null = null;
  let scale: ScaleReport | null = null;
  let imports: ImportReport | null = null;
  let soak: SoakReport | null = null;
  let analytics: AnalyticsReport | null = null;
  let instances: InstancesReport | null = null;
  let scaleAnalytics: ScaleAnalyticsReport | null = null;

  if (options.sections.throughput) {
    log('reference with the default fixtures ...');
    if (options.cpuProfDir) mkdirSync(options.cpuProfDir, { recursive: true });
    const reference = await startReference();
    try {
      log(`throughput (${options.connections} connections, ${options.seconds} s each after ${options.warmup} s warm-up, each paired with a bare run) ...`);
      const out = await runThroughput(reference, options, log);
      throughput = out.rows;
      results.postBodyBytes = out.bodyBytes;
      results.referenceMemoryAfterThroughput = (await reference.ask<{ memory: unknown }>('memory')).memory;
    } finally {
      await reference.stop();
    }
  }
  if (options.sections.soak) {
    log(`soak (${options.connections} connections, ${options.soakSeconds} s of mixed reads and writes in two halves after ${options.soakWarmup} s warm-up) ...`);
    const reference = await startReference();
    try {
      soak = await runSoak(reference, options, log);
    } finally {
      await reference.stop();
    }
  }
  if (options.sections.scale) {
    log(`scale (${options.scale.posts} posts, ${options.scale.subscribers} subscribers) ...`);
    scale = await runScale({ ...options, seconds: options.pageSeconds, rounds: options.pageRounds }, log);
  }
  if (options.sections['scale-analytics']) {
    log(`analytics at scale (${options.scale.posts} posts, ${options.scale.subscribers} subscribers, embedded engine) ...`);
    try {
      scaleAnalytics = await runScaleAnalytics(options.scale, log);
    } catch (err) {
      log(`  scale-analytics section failed: ${(err as Error).message}`);
      results.scaleAnalyticsError = (err as Error).message;
    }
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

  if (options.sections.analytics) {
    log(`analytics engine (${options.analyticsRows} post_views_daily rows, ${options.analyticsRuns} runs per query) ...`);
    try {
      analytics = await runAnalytics({ rows: options.analyticsRows, runs: options.analyticsRuns }, log);
    } catch (err) {
      log(`  analytics section failed: ${(err as Error).message}`);
      results.analyticsError = (err as Error).message;
    }
  }

  if (options.sections.instances) {
    log('in-process instances (bench/instances.ts) ...');
    instances = await runInstances();
  }

  results.throughput = throughput;
  results.soak = soak;
  results.scale = scale;
  results.scaleAnalytics = scaleAnalytics;
  results.import = imports;
  results.analytics = analytics;
  results.instances = instances;
  const stealPercent = stealPercentSince(cpuAtStart);
  results.machine = { ...(results.machine as object), loadavgAtEnd: loadavg(), stealPercent };
  results.totalSeconds = (performance.now() - started) / 1000;
  writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);
  print(throughput, soak, scale, scaleAnalytics, imports, analytics, instances, options.connections);
  const steal = stealPercent === null ? '' : `; ${fixed(stealPercent)}% of the CPU time stolen by the hypervisor`;
  process.stdout.write(`\nwrote ${options.out} in ${fixed(results.totalSeconds as number, 0)} s; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} on ${cpus().length} cores${steal}\n`);
  return 0;
}

function print(
  throughput: ThroughputRow[] | null,
  soak: SoakReport | null,
  scale: ScaleReport | null,
  scaleAnalytics: ScaleAnalyticsReport | null,
  imports: ImportReport | null,
  analytics: AnalyticsReport | null,
  instances: InstancesReport | null,
  connections: number,
): void {
  const out: string[] = [];
  if (throughput) {
    out.push(`Throughput at ${connections} connections`, '');
    out.push(
      table(
        ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'server CPU us/req', 'vs bare by CPU', 'vs bare, same requests', 'target vs bare', 'met', 'target latency', 'met'],
        throughput.map((r) => [
          r.name,
          thousands(r.rps),
          ms(r.p50),
          ms(r.p99),
          fixed(r.ratio, 2),
          thousands(r.serverCpuUsPerRequest),
          fixed(r.cpuRatio, 2),
          r.sameRequestRatio === null ? '' : `${fixed(r.sameRequestRatio, 2)} (bare ${thousands(r.sameRequestBareRps!)}/s)`,
          r.target?.minRatio !== undefined ? `>= ${r.target.minRatio}` : '',
          yesNo(r.ratioMet),
          [r.target?.maxP99Ms !== undefined ? `p99 < ${r.target.maxP99Ms} ms` : '', r.target?.maxP50Ms !== undefined ? `p50 < ${r.target.maxP50Ms} ms` : ''].filter(Boolean).join(', '),
          yesNo(r.p99Met ?? r.p50Met) + (r.errors || r.non2xx ? ` (${r.errors} errors, ${r.non2xx} non-2xx)` : ''),
        ]),
      ),
    );
    const bare = throughput[0];
    out.push('', `(the bare server's own p99 in the same runs: ${ms(bare.p99)} ms; "vs bare, same requests": the bare server sent the write's own requests, bodies and all)`);
  }
  if (soak) printSoak(out, soak);
  if (scale) {
    out.push('', `Page cost (second page, by cursor): server main-thread time per request (process CPU beside it), best of alternating runs; scale = ${thousands(scale.scale.posts)} posts, ${thousands(scale.scale.subscribers)} subscribers; both servers run with ${SCALE_NODE_FLAGS.join(' ')}`, '');
    out.push(
      table(
        ['list', 'limit', 'short list', 'long list', 'us/req short (CPU)', 'us/req long (CPU)', 'long/short', 'default srv', 'scale srv', 'us/req default (CPU)', 'us/req scale (CPU)', 'scale/default', 'met (both <= 1.2)', 'heap alone'],
        scale.pages.map((p) => {
          const same = p.sameServer;
          const across = p.acrossServers;
          return [
            p.name, p.limit,
            same ? thousands(same.shortTotal) : '-', same ? thousands(same.longTotal) : '-',
            same ? withCpu(same.shortMainUs, same.shortCpuUs) : '-', same ? withCpu(same.longMainUs, same.longCpuUs) : '-', same ? fixed(same.ratio, 2) : '- (one list)',
            thousands(across.defaultTotal), thousands(across.scaleTotal), withCpu(across.defaultMainUs, across.defaultCpuUs), withCpu(across.scaleMainUs, across.scaleCpuUs),
            fixed(across.ratio, 2), yesNo(p.met), p.heapRatio === null ? '-' : fixed(p.heapRatio, 2),
          ];
        }),
      ),
    );
    out.push(
      '',
      'long/short: the same kind of list, short and long, in the scale server (same heap): the page against the list\'s length.',
      'scale/default: the long list\'s request to the default server and to the scale server.',
      'heap alone: the short list in the scale server / the list in the default server (both small): what the larger heap costs a request whatever the list\'s length.',
      'Main-thread time is what a request holds the server for; process CPU also counts V8\'s concurrent marking on helper threads, which a large heap keeps busy.',
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
  if (scaleAnalytics) {
    const a = scaleAnalytics;
    out.push('', `Analytics at scale (${thousands(a.scale.posts)} posts, ${thousands(a.scale.subscribers)} subscribers; embedded engine, server memory after a full GC)`, '');
    out.push(
      table(
        ['measure', 'value'],
        [
          ['first query (engine start and copy of the state)', `${fixed(a.firstQueryMs / 1000, 1)} s`],
          ['second query', `${thousands(a.secondQueryMs)} ms`],
          ['answers equal the server\'s counts', `${yesNo(a.correct)} (${thousands(a.subscribers)} active subscribers, ${thousands(a.posts)} published posts of demo)`],
          ['rss before / after', `${mb(a.before.rss)} MB / ${mb(a.after.rss)} MB`],
          ['heapUsed before / after', `${mb(a.before.heapUsed)} MB / ${mb(a.after.heapUsed)} MB`],
        ],
      ),
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
          ['slowest GET during the import / the custom email', `${imports.importSlowestGetMs ?? '?'} ms / ${imports.customEmailSlowestGetMs ?? '?'} ms`],
          ['maxRSS of the import process', `${imports.maxRssMB ?? '?'} MB`],
        ],
      ),
    );
  }
  if (analytics) printAnalytics(out, analytics);
  if (instances) printInstances(out, instances);
  process.stdout.write(`${out.join('\n')}\n`);
}

function printSoak(out: string[], soak: SoakReport): void {
  const [a, b] = soak.halves;
  const growth = (n: number) => `${fixed(n, 3)}x`;
  out.push('', `Soak: ${soak.connections} connections, ${soak.seconds} s of mixed reads and writes (two halves); memory of the server after a full GC`, '');
  out.push(
    table(
      ['part', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'server CPU us/req', '5xx', 'other non-2xx', 'socket errors', 'timeouts', 'heapUsed MB', 'rss MB'],
      [
        ['before the load', '', '', '', '', '', '', '', '', '', '', mb(soak.memoryAtStart.heapUsed), mb(soak.memoryAtStart.rss)],
        ...[...(soak.warmup ? [soak.warmup] : []), ...soak.halves].map((h: SoakRun & { memory?: SoakHalf['memory'] }) => [
          h === soak.warmup ? `warm-up (${fixed(h.seconds, 1)} s)` : h === a ? 'first half' : 'second half',
          thousands(h.requests), thousands(h.rps), ms(h.p50), ms(h.p99), ms(h.maxMs), thousands(h.serverCpuUsPerRequest),
          h.fiveXx, h.non2xx - h.fiveXx, h.errors - h.timeouts, h.timeouts,
          h.memory ? mb(h.memory.heapUsed) : '', h.memory ? mb(h.memory.rss) : '',
        ]),
      ],
    ),
  );
  const runs = soak.warmup ? [soak.warmup, ...soak.halves] : soak.halves;
  const total = (f: (h: (typeof runs)[number]) => number) => runs.reduce((sum, h) => sum + f(h), 0);
  out.push('');
  out.push(
    table(
      ['requirement', 'value', 'met'],
      [
        ['no 5xx over the run (warm-up included)', String(total((h) => h.fiveXx)), yesNo(soak.met.no5xx)],
        ['no socket errors or timeouts', `${total((h) => h.errors - h.timeouts)} / ${total((h) => h.timeouts)}`, yesNo(soak.met.noSocketErrors)],
        [`heapUsed after the second half <= ${MAX_GROWTH} x after the first`, `${growth(soak.growth.heapUsed)} (${mb(a.memory.heapUsed)} -> ${mb(b.memory.heapUsed)} MB)`, yesNo(soak.met.heapUsed)],
        [`rss after the second half <= ${MAX_GROWTH} x after the first`, `${growth(soak.growth.rss)} (${mb(a.memory.rss)} -> ${mb(b.memory.rss)} MB)`, yesNo(soak.met.rss)],
      ],
    ),
  );
  const statuses = Object.entries(soak.responses).map(([name, byStatus]) => `${name} ${Object.entries(byStatus).map(([s, n]) => `${s}: ${thousands(n)}`).join(', ')}`);
  out.push(
    '',
    `responses by request (each connection repeats the sequence): ${statuses.join('; ')}`,
    `drafts: ${soak.draftsBefore} before, ${soak.draftsAfter} after (${soak.draftsUpdated} updated in rotation; ${total((h) => h.leftoverDrafts)} created drafts whose DELETE the end of a half cut off, deleted before measuring; ${total((h) => h.skippedDeletes)} DELETEs skipped for a failed POST)`,
  );
}

function printAnalytics(out: string[], a: AnalyticsReport): void {
  const s = (n: number | null) => (n === null ? 'n/a' : `${fixed(n / 1000, 2)} s`);
  out.push('', `Analytics engine (${a.engine === 'pglite' ? 'PGlite, embedded' : 'PostgreSQL server'}): ${thousands(a.rows)} post_views_daily rows over ${thousands(a.posts)} posts`, '');
  out.push(
    table(
      ['measure', 'value'],
      [
        ['start, cold (initdb + schema install)', s(a.startColdMs)],
        ['start, warm (cached data directory)', s(a.startWarmMs) + (a.primedCache ? ' (cache written first)' : '')],
        [`load (batches of ${thousands(a.batchRows)} through apply())`, `${s(a.loadMs)}, ${thousands(a.rowsPerSecond)} rows/s`],
        ...a.queries.map((q) => [`query: ${q.name}`, `median ${thousands(q.medianMs)} ms, min ${thousands(q.minMs)} ms (${q.runs} runs, ${q.rows} rows)`]),
        ['whole section', s(a.totalMs)],
      ],
    ),
  );
}

function printInstances(out: string[], i: InstancesReport): void {
  const kb = (n: number) => `${thousands(n / 1024)} kB`;
  out.push('', 'In-process instances (startReference({ port: false, analytics: "off" }), ready = started and first request answered)', '');
  out.push(
    table(
      ['measure', 'value', 'target', 'met'],
      [
        ['first instance (loads the modules)', `${ms(i.firstMs)} ms`, '', ''],
        [`a further instance, ${i.readyMs.rounds} in a row`, `p50 ${ms(i.readyMs.p50)} ms, p95 ${ms(i.readyMs.p95)} ms, max ${ms(i.readyMs.max)} ms`, `p50 < ${READY_TARGET_MS} ms`, yesNo(i.readyMs.p50 < READY_TARGET_MS)],
        ['CPU time of a further instance (all threads), median', `${ms(i.readyCpuMsP50)} ms`, '', ''],
        ['heap of one open instance', kb(i.openInstanceHeapBytes), '', ''],
        [`heap left per closed instance (${i.cycles} opened, written to, closed)`, kb(i.retainedPerClosedInstanceBytes), 'well under one open instance', yesNo(i.retainedPerClosedInstanceBytes < i.openInstanceHeapBytes / 10)],
      ],
    ),
  );
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${(err as Error).stack ?? err}\n`);
    process.exit(2);
  },
);
