/**
 * The state file in one process: saved at the interval and on close, loaded
 * by the next server (same answers), named snapshots written beside it and
 * found again, leftovers of a killed save removed, unusable files refused
 * and left as they were.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeState, encodeState, StateFileError } from './format.js';
import { readStateFile, StateFile, type StateFileSource } from './state-file.js';
import { sleep, waitFor } from '../testing.support.test.js';
import { readEverything, startFrozen, writeEverywhere } from './round-trip.support.test.js';

const dir = mkdtempSync(join(tmpdir(), 'state-file-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));


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

  it('the snapshot control routes read no API key, and an unknown name is a 404 that names it', async () => {
    const a = await startFrozen({ stateFile: join(dir, 'routes.json') });
    try {
      const key = 'pk_not_a_key';
      expect((await a.request('POST', '/_control/snapshot', { body: { name: 'one' }, key })).status).toBe(200);
      expect((await a.request('GET', '/_control/snapshots', { key })).status).toBe(200);
      expect((await a.request('POST', '/_control/restore', { body: { name: 'one' }, key })).status).toBe(200);
      const unknown = await a.request('POST', '/_control/restore', { body: { name: 'nope' }, key: null });
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toMatch(/no snapshot named "nope"/);
    } finally {
      await a.close();
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

  it('makes missing directories; a failed save is reported and retried at the next tick, never thrown', async () => {
    const file = join(dir, 'new-dir', 'deeper', 'retry.json');
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

/** A source whose activity, busyness, next task and text the test sets; it counts its encodes. */
function fakeSource(text = () => '{}') {
  const s = { activity: 1, busy: false, now: 0, pendingAt: [] as number[], encodes: 0 };
  const source: StateFileSource = {
    clock: { now: () => s.now, pending: () => s.pendingAt.map((at) => ({ at, key: 'task' })) },
    encode: () => {
      s.encodes++;
      return { text: text(), savedAt: 0, writes: s.encodes };
    },
    activity: () => s.activity,
    busy: () => s.busy,
  };
  return { s, source };
}

describe('state file saves', () => {
  it('a path that cannot be read as a file is refused, not read as nothing saved', () => {
    expect(readStateFile(join(dir, 'absent.json'))).toBeNull();
    expect(() => readStateFile(dir)).toThrow(new RegExp(`^state file ${dir} cannot be read: EISDIR`));
    const other = join(dir, 'other.json');
    writeFileSync(other, '[]');
    expect(() => readStateFile(other)).toThrow(`state file ${other} is not a state file of this server`);
  });

  it('saves at the interval only when a request was answered since, or a scheduled task came due', async () => {
    const { s, source } = fakeSource();
    const stateFile = new StateFile(join(dir, 'changes.json'), 5, source, null);
    expect(stateFile.changed()).toBe(true);
    stateFile.start();
    await waitFor(() => s.encodes > 0);
    await sleep(40);
    expect(s.encodes).toBe(1);
    expect(stateFile.changed()).toBe(false);
    s.activity = 2;
    expect(stateFile.changed()).toBe(true);
    await waitFor(() => s.encodes > 1);
    expect(s.encodes).toBe(2);
    // A task due at 100 saved with the state; nothing changed until the clock reaches it.
    s.pendingAt = [100];
    s.activity = 3;
    await waitFor(() => s.encodes > 2);
    await sleep(40);
    expect(s.encodes).toBe(3);
    s.now = 99;
    expect(stateFile.changed()).toBe(false);
    s.now = 100;
    expect(stateFile.changed()).toBe(true);
    await stateFile.close();
    expect(s.encodes).toBe(4);
    // Closed: the interval saves no more.
    s.activity = 4;
    await sleep(40);
    expect(s.encodes).toBe(4);
  });

  it('a close after a save with nothing changed since writes nothing more', async () => {
    const { s, source } = fakeSource();
    const stateFile = new StateFile(join(dir, 'unchanged.json'), 1000, source, null);
    await stateFile.save();
    await stateFile.close();
    expect(s.encodes).toBe(1);
  });

  it('a close waits for the save being written', async () => {
    let n = 0;
    const file = join(dir, 'in-flight.json');
    const { s, source } = fakeSource(() => `{"n":${++n}}`);
    const stateFile = new StateFile(file, 1000, source, null);
    await stateFile.save();
    s.activity = 2;
    void stateFile.save();
    await stateFile.close();
    expect(readFileSync(file, 'utf8')).toBe('{"n":2}');
  });

  it('a save asked for while one is written is queued once behind it, and the newest state lands', async () => {
    let n = 0;
    const file = join(dir, 'queued.json');
    const { s, source } = fakeSource(() => `{"n":${++n}}`);
    const stateFile = new StateFile(file, 1000, source, null);
    const first = stateFile.save();
    const second = stateFile.save();
    expect(stateFile.save()).toBe(second);
    await Promise.all([first, second]);
    expect(s.encodes).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe('{"n":2}');
    // The queue is free again for the next pair.
    const third = stateFile.save();
    const fourth = stateFile.save();
    await Promise.all([third, fourth]);
    expect(readFileSync(file, 'utf8')).toBe('{"n":4}');
    // A loop that started meanwhile: the queued save waits for the interval's next tick.
    const fifth = stateFile.save();
    s.busy = true;
    await Promise.all([fifth, stateFile.save()]);
    expect(readFileSync(file, 'utf8')).toBe('{"n":5}');
  });

  it('a write that fails is reported and tried again at the next tick', async () => {
    const file = join(dir, 'blocked.json');
    mkdirSync(file);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { s, source } = fakeSource(() => '{"late":true}');
    const stateFile = new StateFile(file, 5, source, null);
    stateFile.start();
    await waitFor(() => errors.mock.calls.length > 0);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/save failed, will retry/));
    rmSync(file, { recursive: true });
    await waitFor(() => stateFile.status().lastSave !== null);
    // Saved by the interval, not by the close.
    expect(stateFile.status().lastSave).not.toBeNull();
    await stateFile.close();
    errors.mockRestore();
    expect(s.encodes).toBeGreaterThan(1);
    expect(readFileSync(file, 'utf8')).toBe('{"late":true}');
  });
});

describe('a saved document', () => {
  let saved: string;
  const source = 'state file x.json';
  const decodeWith = (change: (doc: any) => void) => {
    const doc = JSON.parse(saved);
    change(doc);
    return () => decodeState(JSON.stringify(doc), source);
  };

  beforeAll(async () => {
    const a = await startFrozen();
    saved = a.server.reference.persistence.encode().text;
    await a.close();
  });

  it('is written with its header first and read back whole', () => {
    expect(saved).toMatch(/^\{"format":"publishing-api-reference\/state","version":2,"savedAt":\d+,"writes":\d+,"state":\{/);
    const doc = JSON.parse(saved);
    expect(encodeState({ savedAt: doc.savedAt, writes: doc.writes, state: doc.state })).toBe(saved);
    expect(decodeState(saved, source)).toEqual(doc);
  });

  it.each<[string, (doc: any) => void, RegExp]>([
    ['no format', (doc) => delete doc.format, /^state file x\.json is not a state file of this server \(no "format": "publishing-api-reference\/state"\)$/],
    ['another version', (doc) => (doc.version = 1), /^state file x\.json has state format version 1; this server reads version 2 only$/],
    ['no savedAt', (doc) => delete doc.savedAt, /^state file x\.json is damaged: savedAt, writes or state is missing$/],
    ['writes that are text', (doc) => (doc.writes = '3'), /^state file x\.json is damaged: savedAt, writes or state is missing$/],
    ['a state that is a list', (doc) => (doc.state = []), /^state file x\.json is damaged: savedAt, writes or state is missing$/],
    ['a state that is null', (doc) => (doc.state = null), /^state file x\.json is damaged: savedAt, writes or state is missing$/],
    ['a broken record', (doc) => (doc.state.clock.offsetMs = '5'), /^state file x\.json is damaged: state\.clock\.offsetMs: .+\. It was left as it is; fix or move it away\.$/],
  ])('with %s is refused, saying why', (_name, change, message) => {
    expect(decodeWith(change)).toThrow(StateFileError);
    expect(decodeWith(change)).toThrow(message);
  });

  it.each([['[]'], ['null'], ['"state"']])('%s is not a state file of this server', (text) => {
    expect(() => decodeState(text, source)).toThrow(StateFileError);
    expect(() => decodeState(text, source)).toThrow(/is not a state file of this server/);
  });

  it('that does not parse is refused as damaged, with the parser\'s reason', () => {
    expect(() => decodeState(saved.slice(0, 100), source)).toThrow(/^state file x\.json is not a state file: it is not valid JSON \(.+\); it may be damaged\. Move it away to start fresh\.$/);
  });

  it('refused is a StateFileError by name, for callers of the library', () => {
    expect(new StateFileError('x').name).toBe('StateFileError');
  });
});
