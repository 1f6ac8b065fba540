/**
 * Persistence on its own, with a host the test drives: which answered
 * requests count as writes, a noted request making the next save happen even
 * after a failed one, and saves (at the interval, named, on close) waiting
 * for the host's work.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Clock } from '../clock.js';
import type { SlicedWork } from '../slices.js';
import type { StateSnapshot } from '../state.js';
import { sleep, waitFor } from '../testing.support.test.js';
import { Persistence, type PersistenceHost } from './persistence.js';

const dir = mkdtempSync(join(tmpdir(), 'persistence-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A host whose state is `{ n }` (not a real snapshot: only the header is read back here), busy while `busy` is set; it counts the snapshots taken. */
function fakeHost() {
  const h = { n: 0, busy: false, idle: Promise.resolve(), restored: [] as unknown[], snapshots: 0 };
  const clock = new Clock(() => 1_000);
  clock.freeze(true);
  const host: PersistenceHost = {
    clock,
    snapshot: () => {
      h.snapshots++;
      return { n: h.n } as unknown as StateSnapshot;
    },
    restore: (snapshot) => void h.restored.push(snapshot),
    work: () => ({ busy: h.busy, idle: () => h.idle }) as unknown as SlicedWork,
  };
  return { h, host };
}

const savedN = (file: string) => JSON.parse(readFileSync(file, 'utf8')).state.n;

describe('persistence', () => {
  it('counts as writes the answered requests of every method but GET, HEAD and OPTIONS', () => {
    const { host } = fakeHost();
    const p = new Persistence(host);
    for (const method of ['GET', 'HEAD', 'OPTIONS']) p.noteRequest(method);
    expect(p.status().writes).toBe(0);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) p.noteRequest(method);
    expect(p.status()).toEqual({ writes: 4, snapshots: [], stateFile: null });
    expect(JSON.parse(p.encode().text)).toMatchObject({ savedAt: 1_000, writes: 4, state: { n: 0 } });
  });

  it('without a state file keeps named snapshots in memory only', async () => {
    const { h, host } = fakeHost();
    const p = new Persistence(host);
    expect(await p.saveNamed('one')).toMatchObject({ name: 'one', persisted: false });
    expect(p.restoreNamed('none')).toBe(false);
    expect(h.restored).toEqual([]);
  });

  it('a request noted before a save that failed is saved at a later tick', async () => {
    const file = join(dir, 'retried.json');
    mkdirSync(file);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { host } = fakeHost();
    const p = new Persistence(host, { stateFile: file, intervalMs: 5 });
    p.noteRequest('POST');
    await waitFor(() => errors.mock.calls.length > 0);
    rmSync(file, { recursive: true });
    // Saved by the interval, before any close.
    await waitFor(() => p.status().stateFile?.lastSave !== null);
    await p.close();
    errors.mockRestore();
    expect(p.status().stateFile?.lastSave).toMatchObject({ writes: 1 });
  });

  it('saves at the interval only once the host is not busy, and again after a request', async () => {
    const file = join(dir, 'busy.json');
    const { h, host } = fakeHost();
    h.busy = true;
    const p = new Persistence(host, { stateFile: file, intervalMs: 5 });
    expect(p.status().stateFile).toMatchObject({ path: file, intervalMs: 5, loaded: null, lastSave: null });
    await sleep(50);
    // Not even begun: a save takes its snapshot before it writes, which a loaded machine can make slow.
    expect(h.snapshots).toBe(0);
    expect(p.status().stateFile?.lastSave).toBeNull();
    h.busy = false;
    await waitFor(() => p.status().stateFile?.lastSave !== null);
    expect(savedN(file)).toBe(0);
    h.n = 1;
    p.noteRequest('GET');
    await waitFor(() => savedN(file) === 1);
    await p.close();
  });

  it('a named save and the close wait for the host to be idle, and save the state as it is then', async () => {
    const file = join(dir, 'idle.json');
    const { h, host } = fakeHost();
    const p = new Persistence(host, { stateFile: file, intervalMs: 60_000 });
    let settle = () => {};
    h.idle = new Promise<void>((resolve) => (settle = resolve));
    const named = p.saveNamed('later');
    h.n = 2;
    settle();
    await named;
    expect(savedN(join(`${file}.snapshots`, 'later.json'))).toBe(2);
    h.idle = new Promise<void>((resolve) => (settle = resolve));
    const closed = p.close();
    h.n = 3;
    settle();
    await closed;
    expect(savedN(file)).toBe(3);
  });
});
