/**
 * Replace a file so that a crash at any moment leaves either the old content
 * or the new, never a mix or nothing: write a temporary file in the same
 * directory (rename is atomic only within a file system), fsync it, rename it
 * over the target, then fsync the directory so the rename itself is durable.
 * The file is readable and writable by its owner only: a state holds API
 * keys and subscribers' addresses.
 */
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let written = 0;

/** `.name.<pid>.<n>.tmp` next to the target: hidden, and recognisable as ours by the prefix. */
const tempPrefix = (target: string) => `.${basename(target)}.`;

export async function writeFileAtomic(target: string, data: string): Promise<void> {
  const dir = dirname(target);
  const temp = join(dir, `${tempPrefix(target)}${process.pid}.${++written}.tmp`);
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  await syncDirectory(dir);
}

async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (err) {
    // Some systems (Windows) cannot open or fsync a directory; the rename is then as durable as they make it.
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
  } finally {
    await handle?.close();
  }
}

/**
 * Temporary files a killed process left behind (ours by name); the target
 * itself is never touched, nor this process's own saves in progress.
 */
export async function removeLeftoverTemps(target: string): Promise<void> {
  const prefix = tempPrefix(target);
  const own = `${prefix}${process.pid}.`;
  let names: string[];
  try {
    names = await readdir(dirname(target));
  } catch {
    return;
  }
  await Promise.all(names.filter((n) => n.startsWith(prefix) && !n.startsWith(own) && n.endsWith('.tmp')).map((n) => rm(join(dirname(target), n), { force: true })));
}
