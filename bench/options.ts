/**
 * Flags of `npm run bench`. The defaults keep the whole run to about four
 * minutes on the 2-core machine; --quick is a smoke run of every section.
 */
import { parseArgs } from 'node:util';
import { parseScale, type ScaleOptions } from '../fixtures/scale.js';

export interface BenchOptions {
  /** Seconds of measured load per scenario. */
  seconds: number;
  /** Seconds of unmeasured load before each scenario (JIT warm-up). */
  warmup: number;
  connections: number;
  /** Seconds per page measurement when comparing page cost. */
  pageSeconds: number;
  /** Measurements per side of each page-cost comparison (medians are compared). */
  pageRounds: number;
  scale: ScaleOptions;
  sections: { throughput: boolean; soak: boolean; scale: boolean; 'scale-analytics': boolean; import: boolean; analytics: boolean; instances: boolean };
  importRows: number;
  /** Seconds of the soak run, both halves together. */
  soakSeconds: number;
  /** Seconds of unmeasured mixed load before the soak's halves (the server's memory reaches its working size). */
  soakWarmup: number;
  /** post_views_daily rows loaded into the analytics engine. */
  analyticsRows: number;
  /** Runs of each analytics query. */
  analyticsRuns: number;
  out: string;
  /** Run the reference under --cpu-prof; profiles go to this directory. */
  cpuProfDir: string | null;
}

export const SECTIONS = ['throughput', 'soak', 'scale', 'scale-analytics', 'import', 'analytics', 'instances'] as const;

export const HELP = `Usage: npm run bench -- [options]

  --quick               a short run of every section (1 s per scenario, scale 10k, one round per page comparison,
                        a 10 s soak, 20000 analytics rows)
  --seconds N           measured seconds per scenario (default 5; each is paired with a bare run)
  --warmup N            warm-up seconds before each throughput scenario (default 3: the JIT settles)
  --connections N       concurrent connections (default 50)
  --page-seconds N      seconds per page measurement in the scale comparison (default 1; 5 rounds a side)
  --scale SIZE          scale data set: 10k, 100k (default: 100k posts and 1M subscribers)
  --scale-posts N       posts of the scale data set
  --scale-subscribers N subscribers of the scale data set
  --import-rows N       rows of the CSV import section (default 200000, about 10 MB)
  --soak-seconds N      length of the soak run, two halves (default 60; --quick 10)
  --soak-warmup N       mixed load before the soak's halves (default 15; --quick 1): a fresh server's rss
                        grows for the first 15-30 s of load before it levels off
  --analytics-rows N    post_views_daily rows of the analytics section (default 100000; --quick 20000;
                        the standalone npx tsx bench/analytics.ts defaults to 1000000)
  --analytics-runs N    runs of each analytics query (default 3)
  --only LIST           sections to run, comma separated: throughput,soak,scale,scale-analytics,import,analytics,instances
                        (scale-analytics: the first analytics query on a server with the scale data set)
  --out FILE            results file (default bench/results.json)
  --cpu-prof DIR        run the reference under node --cpu-prof, writing profiles to DIR
  --help                this text
`;

export function parseBenchOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      seconds: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string', default: '50' },
      'page-seconds': { type: 'string' },
      scale: { type: 'string' },
      'scale-posts': { type: 'string' },
      'scale-subscribers': { type: 'string' },
      'import-rows': { type: 'string' },
      'soak-seconds': { type: 'string' },
      'soak-warmup': { type: 'string' },
      'analytics-rows': { type: 'string' },
      'analytics-runs': { type: 'string' },
      only: { type: 'string' },
      out: { type: 'string', default: 'bench/results.json' },
      'cpu-prof': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const quick = values.quick;
  const number = (name: string, value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, not "${value}"`);
    return n;
  };
  const scale = parseScale(values.scale ?? (quick ? '10k' : '100k'));
  scale.posts = number('scale-posts', values['scale-posts'], scale.posts);
  scale.subscribers = number('scale-subscribers', values['scale-subscribers'], scale.subscribers);
  const only = values.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((name) => !SECTIONS.includes(name as (typeof SECTIONS)[number]));
  if (unknown?.length) throw new Error(`--only: unknown section ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
  const on = (name: string) => !only || only.includes(name);
  return {
    seconds: number('seconds', values.seconds, quick ? 1 : 5),
    warmup: number('warmup', values.warmup, quick ? 0.5 : 3),
    connections: number('connections', values.connections, 50),
    pageSeconds: number('page-seconds', values['page-seconds'], quick ? 0.5 : 1),
    pageRounds: quick ? 1 : 5,
    scale,
    sections: { throughput: on('throughput'), soak: on('soak'), scale: on('scale'), 'scale-analytics': on('scale-analytics'), import: on('import'), analytics: on('analytics'), instances: on('instances') },
    importRows: number('import-rows', values['import-rows'], quick ? 20_000 : 200_000),
    soakSeconds: number('soak-seconds', values['soak-seconds'], quick ? 10 : 60),
    soakWarmup: number('soak-warmup', values['soak-warmup'], quick ? 1 : 15),
    analyticsRows: number('analytics-rows', values['analytics-rows'], quick ? 20_000 : 100_000),
    analyticsRuns: Math.max(1, number('analytics-runs', values['analytics-runs'], 3)),
    out: values.out,
    cpuProfDir: values['cpu-prof'] ?? null,
  };
}
