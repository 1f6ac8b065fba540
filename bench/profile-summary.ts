/**
 * Summarise a V8 .cpuprofile (from node --cpu-prof): self time by function
 * and by file, heaviest first. For finding what a request spends its time on.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 30]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export function summarise(profile: Profile, top: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, 'npm:').replace(/^.*\/work\/main\//, '');
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const group = file.startsWith('npm:') ? file.split('/').slice(0, file.startsWith('npm:@') ? 2 : 1).join('/') : file || functionName;
    byFile.set(group, (byFile.get(group) ?? 0) + us);
  }
  // Inclusive time: each sample counts once for every distinct function on its stack.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName || '(anonymous)'} ${url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, 'npm:').replace(/^.*\/work\/main\//, '')}:${lineNumber + 1}`;
  };
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const fn = name(at);
      if (seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
    }
  }
  const list = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  return `total ${(total / 1000).toFixed(0)} ms sampled\n\nby function (self)\n${list(byFunction)}\n\nby file or package (self)\n${list(byFile)}\n\nby function (inclusive)\n${list(inclusive)}\n`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const { values, positionals } = parseArgs({ options: { top: { type: 'string', default: '30' } }, allowPositionals: true });
  process.stdout.write(summarise(JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile, Number(values.top)));
}
