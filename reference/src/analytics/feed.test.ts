import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEngine, MirrorChange, MirrorSnapshot } from './engine/index.js';
import { BATCH_MS, MirrorFeed } from './feed.js';

/** An engine whose calls finish only when the test says so, recording what each got. */
function heldEngine() {
  const calls: { kind: 'apply' | 'reset' | 'refill'; changes: MirrorChange[]; finish: (error?: Error) => void }[] = [];
  const call = (kind: 'apply' | 'reset' | 'refill', changes: MirrorChange[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ kind, changes, finish: (error) => (error ? reject(error) : resolve()) });
    });
  const engine = {
    apply: (changes: MirrorChange[]) => call('apply', changes),
    reset: (_snapshot: MirrorSnapshot) => call('reset', []),
    refill: (_snapshot: MirrorSnapshot) => call('refill', []),
  } as unknown as AnalyticsEngine;
  return { engine, calls };
}

const change = (id: string): MirrorChange => ({ op: 'delete', table: 'posts', key: { id } });
const ids = (changes: MirrorChange[]) => changes.map((c) => (c.op === 'delete' ? (c.key as { id: string }).id : ''));
/** Lets the batch time pass (and the promise callbacks that follow run). */
const turn = () => vi.advanceTimersByTimeAsync(BATCH_MS);

describe('MirrorFeed', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands changes made within BATCH_MS over as one apply, not before', async () => {
    const { engine, calls } = heldEngine();
    const feed = new MirrorFeed(engine, () => undefined);
    feed.push([change('a')]);
    await vi.advanceTimersByTimeAsync(BATCH_MS - 1);
    feed.push([change('b')]);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => ids(c.changes))).toEqual([['a', 'b']]);
  });

  it('keeps changes made while an apply runs and sends them together, in order, when it ends', async () => {
    const { engine, calls } = heldEngine();
    const feed = new MirrorFeed(engine, () => undefined);
    feed.push([change('a')]);
    await turn();
    for (const id of ['b', 'c', 'd']) {
      feed.push([change(id)]);
      await turn();
    }
    expect(calls).toHaveLength(1);
    expect(feed.waiting).toBe(3);
    calls[0].finish();
    await turn();
    expect(calls.map((c) => ids(c.changes))).toEqual([['a'], ['b', 'c', 'd']]);
    expect(feed.waiting).toBe(0);
  });

  it('settled() hands over what waits at once and resolves after every change pushed before it', async () => {
    const { engine, calls } = heldEngine();
    const feed = new MirrorFeed(engine, () => undefined);
    feed.push([change('a')]);
    await turn();
    feed.push([change('b')]);
    let settled = false;
    const waiting = feed.settled().then(() => (settled = true));
    expect(feed.waiting).toBe(0);
    calls[0].finish();
    await turn();
    expect(settled).toBe(false);
    expect(calls.map((c) => ids(c.changes))).toEqual([['a'], ['b']]);
    calls[1].finish();
    await waiting;
    expect(settled).toBe(true);
  });

  it('a reset drops changes still waiting, which belonged to the state it replaces', async () => {
    const { engine, calls } = heldEngine();
    const feed = new MirrorFeed(engine, () => undefined);
    feed.push([change('a')]);
    await turn();
    feed.push([change('old')]);
    feed.reset({} as MirrorSnapshot);
    feed.push([change('new')]);
    calls[0].finish();
    await turn();
    calls[1].finish();
    await turn();
    expect(calls.map((c) => [c.kind, ids(c.changes)])).toEqual([
      ['apply', ['a']],
      ['reset', []],
      ['apply', ['new']],
    ]);
  });

  it('a refill hands changes still waiting to the copies kept first (the snapshot holds them already)', async () => {
    const { engine, calls } = heldEngine();
    const feed = new MirrorFeed(engine, () => undefined);
    feed.push([change('a')]);
    await turn();
    feed.push([change('waiting')]);
    feed.refill({} as MirrorSnapshot);
    feed.push([change('after')]);
    calls[0].finish();
    await turn();
    calls[1].finish();
    await turn();
    calls[2].finish();
    await turn();
    expect(calls.map((c) => [c.kind, ids(c.changes)])).toEqual([
      ['apply', ['a']],
      ['apply', ['waiting']],
      ['refill', []],
      ['apply', ['after']],
    ]);
  });

  it('settled() hands over at once: changes pushed after it wait for that apply to end, not for the batch time', async () => {
    const { engine, calls } = heldEngine();
    const feed = new MirrorFeed(engine, () => undefined);
    feed.push([change('a')]);
    void feed.settled();
    feed.push([change('b')]);
    feed.push([change('c')]);
    await turn();
    expect(feed.waiting).toBe(2);
    calls[0].finish();
    await turn();
    expect(calls.map((c) => ids(c.changes))).toEqual([['a'], ['b', 'c']]);
  });

  it('a change pushed after an apply ended still waits its own BATCH_MS', async () => {
    const { engine, calls } = heldEngine();
    const feed = new MirrorFeed(engine, () => undefined);
    feed.push([change('a')]);
    await turn();
    calls[0].finish();
    await vi.advanceTimersByTimeAsync(BATCH_MS - 10);
    feed.push([change('b')]);
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(BATCH_MS - 10);
    expect(calls.map((c) => ids(c.changes))).toEqual([['a'], ['b']]);
  });

  it('one batch time for changes pushed one after another, even once settled() handed them over', async () => {
    const { engine, calls } = heldEngine();
    const feed = new MirrorFeed(engine, () => undefined);
    feed.push([change('a')]);
    await vi.advanceTimersByTimeAsync(BATCH_MS / 2);
    feed.push([change('b')]);
    void feed.settled();
    feed.push([change('c')]);
    await turn();
    await turn();
    expect(calls.map((c) => ids(c.changes))).toEqual([['a', 'b']]);
    expect(feed.waiting).toBe(1);
  });

  it('a change waits for every task handed over before it, not only the one running', async () => {
    const { engine, calls } = heldEngine();
    const feed = new MirrorFeed(engine, () => undefined);
    feed.push([change('a')]);
    await turn();
    feed.push([change('b')]);
    void feed.settled();
    feed.push([change('c')]);
    calls[0].finish();
    await turn();
    await turn();
    expect(feed.waiting).toBe(1);
    calls[1].finish();
    await turn();
    expect(calls.map((c) => ids(c.changes))).toEqual([['a'], ['b'], ['c']]);
  });

  it('counts a reset or refill as loading from when it is handed over until it ends, failed or not', async () => {
    const { engine, calls } = heldEngine();
    const feed = new MirrorFeed(engine, () => undefined);
    expect(feed.loading).toBe(0);
    feed.reset({} as MirrorSnapshot);
    feed.refill({} as MirrorSnapshot);
    expect(feed.loading).toBe(2);
    await turn();
    calls[0].finish(new Error('database stopped'));
    await turn();
    expect(feed.loading).toBe(1);
    calls[1].finish();
    await feed.settled();
    expect(feed.loading).toBe(0);
  });

  it("a refill's promise tells whether its load succeeded, once it has ended; a failure is reported as well", async () => {
    const { engine, calls } = heldEngine();
    const errors: unknown[] = [];
    const feed = new MirrorFeed(engine, (error) => errors.push(error));
    const outcomes: boolean[] = [];
    void feed.refill({} as MirrorSnapshot).then((loaded) => outcomes.push(loaded));
    void feed.refill({} as MirrorSnapshot).then((loaded) => outcomes.push(loaded));
    await turn();
    expect(outcomes).toEqual([]);
    calls[0].finish(new Error('database stopped'));
    await turn();
    expect(outcomes).toEqual([false]);
    expect(errors).toEqual([new Error('database stopped')]);
    calls[1].finish();
    await feed.settled();
    expect(outcomes).toEqual([false, true]);
    expect(errors).toHaveLength(1);
  });

  it('a failed apply is reported; later changes still go', async () => {
    const { engine, calls } = heldEngine();
    const errors: unknown[] = [];
    const feed = new MirrorFeed(engine, (error) => errors.push(error));
    feed.push([change('a')]);
    await turn();
    feed.push([change('b')]);
    calls[0].finish(new Error('database stopped'));
    await turn();
    expect(errors).toHaveLength(1);
    expect(calls.map((c) => ids(c.changes))).toEqual([['a'], ['b']]);
  });
});

describe('a process', () => {
  // Changes not yet handed over die with the database: a process with nothing else to do need not wait for them.
  it('ends without waiting for a batch still waiting', async () => {
    const script = [
      "import('./reference/src/analytics/feed.ts').then(({ MirrorFeed }) => {",
      "  const engine = { apply: async () => console.log('applied') };",
      "  new MirrorFeed(engine, () => undefined).push([{ op: 'delete', table: 'posts', key: { id: 'a' } }]);",
      "  console.log('pushed');",
      '});',
    ].join('\n');
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, timeout: 30_000 });
    expect(stdout.trim()).toBe('pushed');
  }, 30_000);
});
