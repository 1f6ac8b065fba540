/**
 * Seeds per test and per property, derived from the run's seed and the test
 * name: a property sees the same inputs whatever else runs (so --filter
 * replays a failure), and two tests do not share one random sequence.
 */
export function deriveSeed(runSeed: number, ...parts: Array<string | number>): number {
  // FNV-1a over the seed and the parts; enough to decorrelate, stable forever.
  let hash = 0x811c9dc5 ^ (runSeed >>> 0);
  const text = parts.join('\u0000');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
