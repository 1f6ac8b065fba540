/**
 * A cache, across processes, of the PGlite data directory as it is right
 * after the schema install. Starting PGlite fresh means initdb plus the
 * install, several seconds of WASM (far more on a loaded machine); starting
 * from a dump takes about one. The reference server is started over and over
 * by the conformance suite and the tests, so the first start of a given
 * schema pays and later ones load the dump.
 *
 * The file lives under node_modules/.cache (the usual place for tool caches,
 * with the project's own permissions; not /tmp, where another local user
 * could plant a data directory). Its name carries a hash of the PGlite
 * version and of the install scripts, so any change to the schema, policies
 * or privileges makes a new file. Everything here is best effort: a cache
 * that cannot be read or written only means a slower start. The file is the
 * dump as the engine keeps and hands it to workers: a gzipped tar.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { installScripts } from '../schema/ddl.js';
import { pglitePackage } from './wasm-module.js';

/** The PostgreSQL major version PGlite embeds decides the install scripts (server_version_num). */
const PGLITE_SERVER_VERSION_NUM = 180000;

async function cacheFile(): Promise<string | null> {
  try {
    const { dir, version } = pglitePackage();
    const nodeModules = dirname(dirname(dir));
    const key = createHash('sha256')
      .update(version)
      .update('\0')
      .update((await installScripts(PGLITE_SERVER_VERSION_NUM, 'database')).join('\n'))
      .digest('hex')
      .slice(0, 16);
    return join(nodeModules, '.cache', 'publishing-api-analytics', `pglite-${version}-${key}.tar.gz`);
  } catch {
    return null;
  }
}

let file: Promise<string | null> | null = null;
/** Computed once, on first use (the install scripts are built asynchronously). */
const cachePath = (): Promise<string | null> => (file ??= cacheFile());

export async function readCachedDataDir(): Promise<ArrayBuffer | null> {
  const target = await cachePath();
  if (!target) return null;
  try {
    const bytes = await readFile(target);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  } catch {
    return null;
  }
}

/** Written to a temporary name and renamed, so a reader never sees half a file. */
export async function writeCachedDataDir(dataDir: ArrayBuffer): Promise<void> {
  const target = await cachePath();
  if (!target) return;
  const temp = `${target}.${randomUUID()}.tmp`;
  try {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(temp, new Uint8Array(dataDir));
    await rename(temp, target);
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

export async function dropCachedDataDir(): Promise<void> {
  const target = await cachePath();
  if (target) await rm(target, { force: true }).catch(() => undefined);
}
