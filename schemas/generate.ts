/**
 * `npm run schemas`: write schemas/openapi.json and schemas/json/*.schema.json
 * from the zod contract. `--check` only reports whether they are stale.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildJsonSchemas, buildOpenApi } from './openapi/build.js';

const here = dirname(fileURLToPath(import.meta.url));
export const OPENAPI_PATH = join(here, 'openapi.json');
export const JSON_SCHEMA_DIR = join(here, 'json');

const serialise = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Every generated file: path -> content. */
export function generatedFiles(): Map<string, string> {
  const files = new Map<string, string>();
  files.set(OPENAPI_PATH, serialise(buildOpenApi()));
  for (const [id, schema] of Object.entries(buildJsonSchemas())) {
    files.set(join(JSON_SCHEMA_DIR, `${id}.schema.json`), serialise(schema));
  }
  return files;
}

/** Paths whose content differs from what the contract generates, plus stray files. */
export function staleFiles(): string[] {
  const files = generatedFiles();
  const stale = [...files].filter(([path, content]) => !existsSync(path) || readFileSync(path, 'utf8') !== content).map(([p]) => p);
  if (existsSync(JSON_SCHEMA_DIR)) {
    for (const name of readdirSync(JSON_SCHEMA_DIR)) {
      const path = join(JSON_SCHEMA_DIR, name);
      if (!files.has(path)) stale.push(path);
    }
  }
  return stale;
}

function main(): void {
  if (process.argv.includes('--check')) {
    const stale = staleFiles();
    if (stale.length) {
      process.stderr.write(`stale generated files (run npm run schemas):\n${stale.map((s) => `  ${s}`).join('\n')}\n`);
      process.exit(1);
    }
    process.stdout.write('generated schemas are up to date\n');
    return;
  }
  rmSync(JSON_SCHEMA_DIR, { recursive: true, force: true });
  mkdirSync(JSON_SCHEMA_DIR, { recursive: true });
  const files = generatedFiles();
  for (const [path, content] of files) writeFileSync(path, content);
  process.stdout.write(`wrote ${files.size} files (schemas/openapi.json and schemas/json/)\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
