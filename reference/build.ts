/**
 * `npm run build` (and before `npm start`): the reference as plain JavaScript
 * in dist/, one file per TypeScript module, the folders kept as they are, so
 * `node dist/reference/src/cli.js` runs it without a TypeScript loader.
 *
 * Why not tsx at run time: tsx transpiles every module it loads, the
 * dependencies' JavaScript included, with esbuild's keepNames, which wraps
 * every function a module creates in a call that defines its name: marked
 * and TipTap create functions per token, and a markdown conversion under tsx
 * costs about a third more than the same code built here. Tests and the
 * conformance suite still run the TypeScript through tsx and vitest.
 *
 *   npx tsx reference/build.ts [--with-bench]
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = join(ROOT, 'dist');

/** What the server needs: its own code, the contract, the fixtures. */
const SERVER_FOLDERS = ['reference/src', 'schemas', 'fixtures'];
/** Files that are JavaScript already and are loaded by path (worker entries). */
const COPIED = ['reference/src/worker-bootstrap.mjs'];

function modulesUnder(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const name = entry.name;
    if (!name.endsWith('.ts') || name.endsWith('.d.ts') || name.endsWith('.test.ts')) continue;
    out.push(join(entry.parentPath, name));
  }
  return out;
}

/**
 * Transpile the server's modules (and the bench's, with `withBench`) into
 * `outdir` (dist/), replacing what was there. The output imports packages by
 * name, so `outdir` must be inside the project (node_modules is found from it).
 */
export async function build(options: { withBench?: boolean; outdir?: string } = {}): Promise<{ files: number; ms: number }> {
  const started = performance.now();
  const outdir = options.outdir ?? DIST;
  const folders = options.withBench ? [...SERVER_FOLDERS, 'bench'] : SERVER_FOLDERS;
  const entryPoints = folders.flatMap(modulesUnder);
  rmSync(outdir, { recursive: true, force: true });
  await esbuild({
    entryPoints,
    outdir,
    outbase: ROOT,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Each module stays a module: imports (written with .js) resolve between the built files as they did between the sources.
    bundle: false,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  for (const file of COPIED) {
    const target = join(outdir, file);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(ROOT, file), target);
  }
  return { files: entryPoints.length + COPIED.length, ms: performance.now() - started };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { files, ms } = await build({ withBench: process.argv.includes('--with-bench') });
  console.log(`built ${files} modules into ${relative(process.cwd(), DIST) || DIST} in ${Math.round(ms)} ms`);
}
