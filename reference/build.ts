/**
 * `npm run build` (and before `npm start`): the reference and the conformance
 * suite as plain JavaScript in dist/, one file per TypeScript module, the
 * folders kept as they are, so `node dist/reference/src/cli.js` and
 * `node dist/conformance/src/cli.js` run without a TypeScript loader. With
 * `--declarations` (before `npm pack`) also the .d.ts files of the package's
 * public entries (tsconfig.build.json): what an installed package ships.
 *
 * Why not tsx at run time: tsx transpiles every module it loads, the
 * dependencies' JavaScript included, with esbuild's keepNames, which wraps
 * every function a module creates in a call that defines its name: marked
 * and TipTap create functions per token, and a markdown conversion under tsx
 * costs about a third more than the same code built here. Tests and the
 * conformance suite still run the TypeScript through tsx and vitest.
 *
 *   npx tsx reference/build.ts [--with-bench] [--declarations]
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = join(ROOT, 'dist');

/** What the server and the suite need: their code, the contract, the fixtures, the rules. */
const PACKAGE_FOLDERS = ['reference/src', 'schemas', 'fixtures', 'conformance/src', 'conformance/catalogue'];
/** The conformance suites: here the test files are the code. */
const SUITES_FOLDER = 'conformance/suites';
/** Files loaded by path as they are: a worker entry (JavaScript already) and the contract as OpenAPI. */
const COPIED = ['reference/src/worker-bootstrap.mjs', 'schemas/openapi.json'];

function modulesUnder(folder: string, withTests = false): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const name = entry.name;
    if (!name.endsWith('.ts') || name.endsWith('.d.ts') || (!withTests && name.endsWith('.test.ts'))) continue;
    out.push(join(entry.parentPath, name));
  }
  return out;
}

/**
 * dist/package.json: marks the built files as ES modules and carries the
 * name and version the suite reports (conformance/src/run/versions.ts reads
 * the manifest three folders up, which in dist/ is this one).
 */
function writeManifest(outdir: string): void {
  const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  writeFileSync(join(outdir, 'package.json'), `${JSON.stringify({ name: `${name}-dist`, version, private: true, type: 'module' }, null, 2)}\n`);
}

/** The public entries' declarations (tsconfig.build.json) into `outdir`, beside the JavaScript. */
function emitDeclarations(outdir: string): void {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', outdir], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * Transpile the server's and the suite's modules (and the bench's, with
 * `withBench`) into `outdir` (dist/), replacing what was there; with
 * `declarations`, the public entries' .d.ts files too. The output imports
 * packages by name, so `outdir` must be inside the project (node_modules is
 * found from it).
 */
export async function build(options: { withBench?: boolean; declarations?: boolean; outdir?: string } = {}): Promise<{ files: number; ms: number }> {
  const started = performance.now();
  const outdir = options.outdir ?? DIST;
  const folders = options.withBench ? [...PACKAGE_FOLDERS, 'bench'] : PACKAGE_FOLDERS;
  const entryPoints = [...folders.flatMap((folder) => modulesUnder(folder)), ...modulesUnder(SUITES_FOLDER, true)];
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
  writeManifest(outdir);
  if (options.declarations) emitDeclarations(outdir);
  return { files: entryPoints.length + COPIED.length, ms: performance.now() - started };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { files, ms } = await build({ withBench: process.argv.includes('--with-bench'), declarations: process.argv.includes('--declarations') });
  console.log(`built ${files} modules into ${relative(process.cwd(), DIST) || DIST} in ${Math.round(ms)} ms`);
}
