/**
 * Flags of `npm run bench`. The defaults keep the whole run to about two
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
  sections: { throughput: boolean; scale: boolean; import: boolean };
  importRows: number;
  out: string;
  /** Run the reference under --cpu-prof; profiles go to this directory. */
  cpuProfDir: string | null;
}

export const HELP = `Usage: npm run bench -- [options]

  --quick               a short run of every section (1 s per scenario, scale 10k, one round per page comparison)
  --seconds N           measured seconds per scenario (default 3; each is paired with a bare run)
  --warmup N            warm-up seconds before each scenario (default 1)
  --connections N       concurrent connections (default 50)
  --page-seconds N      seconds per page measurement in the scale comparison (default 0.75)
  --scale SIZE          scale data set: 10k, 100k (default: 100k posts and 1M subscribers)
  --scale-posts N       posts of the scale data set
  --scale-subscribers N subscribers of the scale data set
  --import-rows N       rows of the CSV import section (default 200000, about 10 MB)
  --only LIST           sections to run, comma separated: throughput,scale,import
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
  const on = (name: string) => !only || only.includes(name);
  return {
    seconds: number('seconds', values.seconds, quick ? 1 : 3),
    warmup: number('warmup', values.warmup, quick ? 0.5 : 1),
    connections: number('connections', values.connections, 50),
    pageSeconds: number('page-seconds', values['page-seconds'], quick ? 0.5 : 0.75),
    pageRounds: quick ? 1 : 3,
    scale,
    sections: { throughput: on('throughput'), scale: on('scale'), import: on('import') },
    importRows: number('import-rows', values['import-rows'], quick ? 20_000 : 200_000),
    out: values.out,
    cpuProfDir: values['cpu-prof'] ?? null,
  };
}
