/**
 * The state file in one process: saved at the interval and on close, loaded
 * by the next server (same answers), named snapshots written beside it and
 * found again, leftovers of a killed save removed, unusable files refused
 * and left as they were.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { StateFileError } from './format.js';
import { StateFile } from './state-file.js';
import { readEverything, startFrozen, writeEverywhere } from './round-trip.support.test.js';

const dir = mkdtempSync(join(tmpdir(), 'state-file-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('state file', () => {
  it('is saved at the interval and on close, and the next server starts from it', async () => {
    const file = join(dir, 'state.json');
    const a = await startFrozen({ stateFile: file, snapshotIntervalMs: 20 });
    expect(a.server.reference.persistence.status().stateFile).toMatchObject({ path: file, intervalMs: 20, loaded: null });
    const written = await writeEverywhere(a);
    const { writes } = a.server.reference.persistence.status();
    expect(writes).toBeGreaterThan(20);
    // The interval saves without a close.
    for (let i = 0; i < 100 && (a.server.reference.persistence.status().stateFile?.lastSave?.writes ?? -1) < writes; i++) await sleep(10);
    expect(a.server.reference.persistence.status().stateFile?.lastSave?.writes).toBe(writes);
    expect((await a.request('POST', '/_control/snapshot', { body: { name: 'kept' }, key: null })).body.persisted).toBe(true);
    const before = await readEverything(a, written);
    await a.close();

    const b = await startFrozen({ stateFile: file, snapshotIntervalMs: 20 });
    try {
      expect(b.server.reference.persistence.status().stateFile?.loaded).toMatchObject({ writes: writes + 1 });
      expect(await readEverything(b, written)).toEqual(before);
      // The named snapshot came back from <file>.snapshots/ too, and restores.
      const list = await b.request('GET', '/_control/snapshots', { key: null });
      expect(list.body.snapshots).toEqual([{ name: 'kept', savedAt: expect.any(Number), bytes: expect.any(Number), persisted: true }]);
      await b.request('DELETE', `/v1/posts/${written.draftId}`);
      expect((await b.request('POST', '/_control/restore', { body: { name: 'kept' }, key: null })).status).toBe(200);
      expect(await readEverything(b, written)).toEqual(before);
    } finally {
      await b.close();
    }
  });

  it.skipIf(process.platform === 'win32')('writes the state file and named snapshots readable by their owner only, whatever mode the file had', async () => {
    const file = join(dir, 'private.json');
    const a = await startFrozen({ stateFile: file, snapshotIntervalMs: 20 });
    await a.request('POST', '/_control/snapshot', { body: { name: 'private' }, key: null });
    await a.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(`${file}.snapshots`, 'private.json')).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}.snapshots`).mode & 0o777).toBe(0o700);
    // A file that was group-readable before becomes private at the next save.
    chmodSync(file, 0o644);
    const b = await startFrozen({ stateFile: file, snapshotIntervalMs: 20 });
    await b.request('POST', '/v1/posts', { body: { title: 'Again', markdown: 'x', status: 'draft' } });
    await b.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('removes temporary files a killed save left behind, not the state file', async () => {
    const file = join(dir, 'leftover.json');
    writeFileSync(join(dir, '.leftover.json.99999.1.tmp'), '{"half": ');
    const a = await startFrozen({ stateFile: file, snapshotIntervalMs: 1000 });
    await a.close();
    expect(readdirSync(dir).filter((n) => n.startsWith('.leftover.json.'))).toEqual([]);
    expect(existsSync(file)).toBe(true);
  });

  it('makes a missing directory; a failed save is reported and retried at the next tick, never thrown', async () => {
    const file = join(dir, 'new-dir', 'retry.json');
    let failures = 1;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stateFile = new StateFile(
      file,
      10,
      {
        clock: { now: () => 0, pending: () => [] },
        encode: () => {
          if (failures-- > 0) throw new RangeError('Invalid string length');
          return { text: '{"saved":true}', savedAt: 0, writes: 7 };
        },
        activity: () => 1,
        busy: () => false,
      },
      null,
    );
    stateFile.start();
    for (let i = 0; i < 200 && stateFile.status().lastSave === null; i++) await sleep(5);
    await stateFile.close();
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/save failed, will retry: Invalid string length/));
    errors.mockRestore();
    expect(stateFile.status().lastSave).toEqual({ savedAt: 0, writes: 7, bytes: 14 });
    expect(readFileSync(file, 'utf8')).toBe('{"saved":true}');
  });

  it('does not save while a loop is between two slices (the state holds part of a request), and saves once it has ended', async () => {
    const file = join(dir, 'busy.json');
    let busy = true;
    let encodedWhileBusy = 0;
    const stateFile = new StateFile(
      file,
      5,
      {
        clock: { now: () => 0, pending: () => [] },
        encode: () => {
          if (busy) encodedWhileBusy++;
          return { text: '{"whole":true}', savedAt: 0, writes: 1 };
        },
        activity: () => 1,
        busy: () => busy,
      },
      null,
    );
    stateFile.start();
    await sleep(60);
    expect(stateFile.status().lastSave).toBeNull();
    busy = false;
    for (let i = 0; i < 200 && stateFile.status().lastSave === null; i++) await sleep(5);
    await stateFile.close();
    expect(encodedWhileBusy).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('{"whole":true}');
  });

  it('refuses a damaged file or one of another version, and does not touch it', async () => {
    const damaged = join(dir, 'damaged.json');
    writeFileSync(damaged, '{"format":"publishing-api-reference/state","version":1,"savedAt":1,"writes":3,"state":{"seed":');
    await expect(startFrozen({ stateFile: damaged })).rejects.toThrow(StateFileError);
    const older = join(dir, 'older.json');
    const text = JSON.stringify({ format: 'publishing-api-reference/state', version: 0, savedAt: 1, writes: 3, state: {} });
    writeFileSync(older, text);
    await expect(startFrozen({ stateFile: older })).rejects.toThrow(/version 0; this server reads version 2 only/);
    expect(readFileSync(older, 'utf8')).toBe(text);
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '');
    await expect(startFrozen({ stateFile: empty })).rejects.toThrow(/not valid JSON/);
  });
});
