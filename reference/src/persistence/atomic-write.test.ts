/**
 * The atomic write and the removal of what a killed one left: a failed write
 * leaves no temporary file and reports its own error; the removal takes only
 * the target's temporary files of other processes, nothing else.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeLeftoverTemps, writeFileAtomic } from './atomic-write.js';

const root = mkdtempSync(join(tmpdir(), 'atomic-write-unit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('atomic write', () => {
  it('replaces the file with the new content, readable by its owner only, and leaves nothing beside it', async () => {
    const dir = join(root, 'replace');
    mkdirSync(dir);
    const target = join(dir, 'state.json');
    writeFileSync(target, 'old', { mode: 0o644 });
    await writeFileAtomic(target, 'new ✓');
    await writeFileAtomic(target, 'newer ✓');
    expect(readFileSync(target, 'utf8')).toBe('newer ✓');
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it.skipIf(process.platform !== 'linux')('closes every file it opens, the file written and its directory', async () => {
    const dir = join(root, 'closed');
    mkdirSync(dir);
    const open = () => readdirSync('/proc/self/fd').length;
    const before = open();
    for (let i = 0; i < 5; i++) await writeFileAtomic(join(dir, 'state.json'), `save ${i}`);
    expect(open()).toBe(before);
  });

  it('that fails leaves the target as it was and no temporary file, and throws its own error', async () => {
    const dir = join(root, 'fails');
    const target = join(dir, 'state.json');
    mkdirSync(target, { recursive: true });
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['state.json']);
    expect(statSync(target).isDirectory()).toBe(true);
    // In a directory that is not there, the open fails: that error, not the cleanup's.
    await expect(writeFileAtomic(join(root, 'missing', 'state.json'), 'new')).rejects.toMatchObject({ code: 'ENOENT', syscall: 'open' });
  });
});

describe('leftover temporary files', () => {
  it("are removed when the target's and another process's, and nothing else is", async () => {
    const dir = join(root, 'leftovers');
    mkdirSync(dir);
    const target = join(dir, 'state.json');
    const pid = process.pid;
    const removed = ['.state.json.99999.1.tmp', `.state.json.${pid}7.1.tmp`];
    const kept = [
      'state.json',
      `.state.json.${pid}.999.tmp`, // this process's own save in progress
      '.other.json.99999.1.tmp', // another target's
      'notes.tmp',
      '.state.json.99999.1.tmp.bak',
      '.state.json.notes',
    ];
    for (const name of [...removed, ...kept]) writeFileSync(join(dir, name), 'x');
    await removeLeftoverTemps(target);
    expect(readdirSync(dir).sort()).toEqual([...kept].sort());
  });

  it('in a directory that is not there are nothing to remove', async () => {
    await expect(removeLeftoverTemps(join(root, 'absent', 'state.json'))).resolves.toBeUndefined();
  });
});
