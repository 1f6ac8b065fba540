/**
 * Named snapshots on their own: the list's order, the files written beside a
 * state file and what a later start finds there (names and headers only), and
 * a snapshot file gone or damaged by the time it is restored.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StateFileError } from './format.js';
import { NamedSnapshots } from './named.js';

const root = mkdtempSync(join(tmpdir(), 'named-unit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
/** A document's text as encodeState starts it (the state itself is not read here). */
const text = (savedAt: number) => `{"format":"publishing-api-reference/state","version":2,"savedAt":${savedAt},"writes":1,"state":{}}`;
const encoded = (savedAt: number) => ({ text: text(savedAt), savedAt, writes: 1 });

describe('named snapshots', () => {
  it('are listed by name, whatever order they were saved in; saving a name again replaces it', async () => {
    const named = new NamedSnapshots(null);
    for (const name of ['b', 'c', 'a', 'b']) await named.save(name, encoded(T0));
    expect(named.list().map((s) => s.name)).toEqual(['a', 'b', 'c']);
    expect(named.list()[0]).toEqual({ name: 'a', savedAt: T0, bytes: text(T0).length, persisted: false });
  });

  it('without a directory are kept in memory only', async () => {
    const named = new NamedSnapshots(null);
    expect(await named.save('mem', encoded(T0))).toMatchObject({ persisted: false });
    expect(named.load('none')).toBeUndefined();
  });

  it('are written to the directory, made when missing, and found again by name, time and size at the next start', async () => {
    const dir = join(root, 'state.json.snapshots');
    const first = new NamedSnapshots(dir);
    expect(await first.save('one', encoded(T0))).toEqual({ name: 'one', savedAt: T0, bytes: text(T0).length, persisted: true });
    await first.save('two', encoded(-12.25));
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['one.json', 'two.json']);
    // Not snapshots: hidden files (a save's temporary file), other names.
    writeFileSync(join(dir, '.hidden.json'), text(1));
    writeFileSync(join(dir, 'notes.txt'), 'x');
    // A header the first bytes do not tell: listed without its time.
    writeFileSync(join(dir, 'padded.json'), `{"format":"publishing-api-reference/state","pad":"${'x'.repeat(300)}","savedAt":5}`);
    const again = new NamedSnapshots(dir);
    expect(again.list()).toEqual([
      { name: 'one', savedAt: T0, bytes: text(T0).length, persisted: true },
      { name: 'padded', savedAt: null, bytes: statSync(join(dir, 'padded.json')).size, persisted: true },
      { name: 'two', savedAt: -12.25, bytes: text(-12.25).length, persisted: true },
    ]);
  });

  // A file left open for each snapshot found would run a long-lived server out of descriptors.
  it.skipIf(!existsSync('/proc/self/fd'))('found at a start are read by their headers, each file closed again', async () => {
    const dir = join(root, 'many.json.snapshots');
    const first = new NamedSnapshots(dir);
    for (let i = 0; i < 100; i++) await first.save(`s${i}`, encoded(T0 + i));
    const open = () => readdirSync('/proc/self/fd').length;
    const before = open();
    expect(new NamedSnapshots(dir).list()).toHaveLength(100);
    expect(open() - before).toBeLessThan(50);
  });

  it('found on disk and gone or damaged by the restore is refused, naming the snapshot', async () => {
    const dir = join(root, 'gone.json.snapshots');
    const first = new NamedSnapshots(dir);
    await first.save('gone', encoded(T0));
    await first.save('damaged', encoded(T0));
    const again = new NamedSnapshots(dir);
    rmSync(join(dir, 'gone.json'));
    writeFileSync(join(dir, 'damaged.json'), '{"format"');
    expect(() => again.load('gone')).toThrow(StateFileError);
    expect(() => again.load('gone')).toThrow(/^snapshot "gone" cannot be read: ENOENT/);
    expect(() => again.load('damaged')).toThrow(/^snapshot "damaged" is not a state file: it is not valid JSON/);
    expect(existsSync(join(dir, 'damaged.json'))).toBe(true);
  });
});
