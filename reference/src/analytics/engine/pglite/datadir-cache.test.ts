/**
 * The data directory cache on an in-memory file system (node:fs/promises
 * mocked) and a stated PGlite package (./wasm-module.js mocked): where the
 * file lives and what its name hashes, reads and writes of whole files only,
 * and every failure only a slower start. The engine's tests run it on disk.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installScripts } from '../schema/ddl.js';

const disk = vi.hoisted(() => ({
  files: new Map<string, Uint8Array>(),
  dirs: [] as { path: string; options: unknown }[],
  removed: [] as { path: string; options: unknown }[],
  written: [] as string[],
  fail: new Set<string>(),
  pkg: { dir: '/project/node_modules/@electric-sql/pglite', version: '0.9.1' } as { dir: string; version: string } | null,
}));

function failing(op: string): void {
  if (disk.fail.has(op)) throw new Error(`${op} failed`);
}

vi.mock('node:fs/promises', () => ({
  readFile: async (path: string) => {
    failing('readFile');
    const bytes = disk.files.get(path);
    if (!bytes) throw new Error('ENOENT');
    // A view into a larger buffer, as Node's pooled Buffers are.
    const pool = Buffer.alloc(bytes.length + 16);
    pool.set(bytes, 8);
    return pool.subarray(8, 8 + bytes.length);
  },
  writeFile: async (path: string, data: Uint8Array) => {
    failing('writeFile');
    disk.written.push(path);
    disk.files.set(path, new Uint8Array(data));
  },
  rename: async (from: string, to: string) => {
    failing('rename');
    disk.files.set(to, disk.files.get(from)!);
    disk.files.delete(from);
  },
  mkdir: async (path: string, options: unknown) => {
    failing('mkdir');
    disk.dirs.push({ path, options });
  },
  rm: async (path: string, options: unknown) => {
    failing('rm');
    disk.removed.push({ path, options });
    disk.files.delete(path);
  },
}));

vi.mock('./wasm-module.js', () => ({
  pglitePackage: () => {
    if (!disk.pkg) throw new Error('no pglite');
    return disk.pkg;
  },
}));

const CACHE_DIR = '/project/node_modules/.cache/publishing-api-analytics';

/** The module afresh (it keeps the file's name once computed). */
async function cache() {
  vi.resetModules();
  return import('./datadir-cache.js');
}

async function expectedFile(): Promise<string> {
  const key = createHash('sha256')
    .update('0.9.1')
    .update('\0')
    .update((await installScripts(180000, 'database')).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return `${CACHE_DIR}/pglite-0.9.1-${key}.tar.gz`;
}

const bytes = (buffer: ArrayBuffer | null) => (buffer ? [...new Uint8Array(buffer)] : null);

beforeEach(() => {
  disk.files.clear();
  disk.dirs.length = 0;
  disk.removed.length = 0;
  disk.written.length = 0;
  disk.fail.clear();
  disk.pkg = { dir: '/project/node_modules/@electric-sql/pglite', version: '0.9.1' };
});

describe('the data directory cache', () => {
  it("is one file under node_modules/.cache, named by PGlite's version and a hash of the install scripts; written whole, then read back", async () => {
    const { readCachedDataDir, writeCachedDataDir } = await cache();
    expect(await readCachedDataDir()).toBeNull();
    await writeCachedDataDir(new Uint8Array([1, 2, 3]).buffer);
    const file = await expectedFile();
    expect([...disk.files.keys()]).toEqual([file]);
    expect(disk.dirs).toEqual([{ path: CACHE_DIR, options: { recursive: true } }]);
    const read = await readCachedDataDir();
    expect(read).toBeInstanceOf(ArrayBuffer);
    expect(bytes(read)).toEqual([1, 2, 3]);
  });

  it('is written under a temporary name first, and renamed', async () => {
    const { writeCachedDataDir } = await cache();
    disk.fail.add('rename');
    await writeCachedDataDir(new Uint8Array([1]).buffer);
    const file = await expectedFile();
    const [temp] = disk.written;
    expect(temp).toMatch(new RegExp(`^${file.replace(/\./g, '\\.')}\\.[0-9a-f-]{36}\\.tmp$`));
    // A failed rename removes the temporary file.
    expect(disk.removed).toEqual([{ path: temp, options: { force: true } }]);
    expect(disk.files.size).toBe(0);
  });

  it('a write that fails leaves nothing and throws nothing, even when the clean-up fails', async () => {
    const { writeCachedDataDir } = await cache();
    disk.fail.add('writeFile');
    disk.fail.add('rm');
    await expect(writeCachedDataDir(new Uint8Array([1]).buffer)).resolves.toBeUndefined();
    expect(disk.files.size).toBe(0);
  });

  it('a read that fails is no cache', async () => {
    const { readCachedDataDir, writeCachedDataDir } = await cache();
    await writeCachedDataDir(new Uint8Array([1]).buffer);
    disk.fail.add('readFile');
    expect(await readCachedDataDir()).toBeNull();
  });

  it('dropped: the file is removed; a failure to remove it is ignored', async () => {
    const { dropCachedDataDir, readCachedDataDir, writeCachedDataDir } = await cache();
    await writeCachedDataDir(new Uint8Array([1]).buffer);
    await dropCachedDataDir();
    expect(disk.removed).toEqual([{ path: await expectedFile(), options: { force: true } }]);
    expect(await readCachedDataDir()).toBeNull();
    disk.fail.add('rm');
    await expect(dropCachedDataDir()).resolves.toBeUndefined();
  });

  it('without a PGlite package to name it: no file is read, written or removed', async () => {
    disk.pkg = null;
    const { dropCachedDataDir, readCachedDataDir, writeCachedDataDir } = await cache();
    expect(await readCachedDataDir()).toBeNull();
    await writeCachedDataDir(new Uint8Array([1]).buffer);
    await dropCachedDataDir();
    expect(disk.files.size).toBe(0);
    expect(disk.dirs).toEqual([]);
    expect(disk.removed).toEqual([]);
  });

  it('names the file once per process', async () => {
    const { readCachedDataDir, writeCachedDataDir } = await cache();
    await writeCachedDataDir(new Uint8Array([5]).buffer);
    disk.pkg = { dir: '/elsewhere/node_modules/@electric-sql/pglite', version: '0.0.0' };
    expect(bytes(await readCachedDataDir())).toEqual([5]);
  });
});
