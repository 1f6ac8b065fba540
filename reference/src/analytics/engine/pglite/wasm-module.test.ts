// PGlite's package found where Node resolves it, and its WebAssembly compiled
// once per process, again after a failure (WebAssembly.compile and the file
// read are stand-ins here: what is compiled is PGlite's business).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const io = vi.hoisted(() => ({ reads: [] as string[], failNext: false }));
vi.mock('node:fs/promises', () => ({
  readFile: async (path: string) => {
    io.reads.push(path);
    if (io.failNext) {
      io.failNext = false;
      throw new Error('unreadable');
    }
    return new Uint8Array([0, 97, 115, 109]);
  },
}));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('pglitePackage', () => {
  it("is the installed @electric-sql/pglite's folder and version", async () => {
    const { pglitePackage } = await import('./wasm-module.js');
    const { dir, version } = pglitePackage();
    expect(dir).toMatch(/node_modules\/@electric-sql\/pglite$/);
    expect(version).toBe((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version);
  });
});

describe('pgliteWasmModule', () => {
  it('compiles dist/pglite.wasm once; a failed read is tried again by the next call', async () => {
    vi.resetModules();
    io.reads.length = 0;
    const compiled = { module: true } as unknown as WebAssembly.Module;
    const compile = vi.spyOn(WebAssembly, 'compile').mockResolvedValue(compiled);
    const { pgliteWasmModule, pglitePackage } = await import('./wasm-module.js');
    io.failNext = true;
    await expect(pgliteWasmModule()).rejects.toThrow('unreadable');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const first = pgliteWasmModule();
    expect(pgliteWasmModule()).toBe(first);
    expect(await first).toBe(compiled);
    expect(await pgliteWasmModule()).toBe(compiled);
    expect(io.reads).toEqual([join(pglitePackage().dir, 'dist', 'pglite.wasm'), join(pglitePackage().dir, 'dist', 'pglite.wasm')]);
    expect(compile).toHaveBeenCalledTimes(1);
    expect([...(compile.mock.calls[0]![0] as Uint8Array)]).toEqual([0, 97, 115, 109]);
  });
});
