/**
 * PGlite's WebAssembly, compiled once per process and handed to every
 * worker (a compiled WebAssembly.Module crosses postMessage). A worker that
 * compiled its own copy would spend its own CPU on it and hold its own
 * machine code; with one Module, the workers, and the ones that replace them
 * after a time limit, share both.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The installed @electric-sql/pglite: its folder and version. */
export function pglitePackage(): { dir: string; version: string } {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite'); // .../pglite/dist/index.cjs
  const dir = dirname(dirname(entry));
  const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  return { dir, version };
}

// Node's WebAssembly global; the project's TypeScript libraries (ES2023, @types/node 20) do not declare it.
declare global {
  namespace WebAssembly {
    interface Module {}
    function compile(bytes: Uint8Array): Promise<Module>;
  }
}

let compiled: Promise<WebAssembly.Module> | null = null;

export function pgliteWasmModule(): Promise<WebAssembly.Module> {
  if (!compiled) {
    compiled = (async () => WebAssembly.compile(await readFile(join(pglitePackage().dir, 'dist', 'pglite.wasm'))))();
    // A failed read or compile is tried again by the next worker start.
    compiled.catch(() => (compiled = null));
  }
  return compiled;
}
