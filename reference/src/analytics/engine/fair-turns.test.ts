import { describe, expect, it } from 'vitest';
import { FairTurns } from './fair-turns.js';

/** A task that runs until the test ends it, recording when it started and on which slot. */
function held(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async (slot: number) => {
      log.push(`${name}@${slot}`);
      await done;
      return name;
    },
    finish,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FairTurns', () => {
  it("one publication's running queries never take the slots another one waits for", async () => {
    const turns = new FairTurns(2, 1);
    const log: string[] = [];
    const a1 = held(log, 'a1');
    const a2 = held(log, 'a2');
    const b1 = held(log, 'b1');
    const results = [turns.run('a', a1.task), turns.run('a', a2.task), turns.run('b', b1.task)];
    await tick();
    // a2 waits for a's own turn; b1 takes the second slot at once.
    expect(log).toEqual(['a1@0', 'b1@1']);
    b1.finish();
    await tick();
    expect(log).toEqual(['a1@0', 'b1@1']);
    a1.finish();
    await tick();
    expect(log).toEqual(['a1@0', 'b1@1', 'a2@0']);
    a2.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'b1']);
    expect(turns.queued).toBe(0);
  });

  it('waiting publications are served in turn, each its own queries in order', async () => {
    const turns = new FairTurns(1, 1);
    const log: string[] = [];
    const tasks = ['a1', 'a2', 'a3', 'b1', 'c1', 'b2'].map((name) => ({ name, ...held(log, name) }));
    const runs = tasks.map((t) => turns.run(t.name[0], t.task));
    for (let i = 0; i < tasks.length; i++) {
      await tick();
      const running = tasks.find((t) => `${t.name}@0` === log[log.length - 1])!;
      running.finish();
      await runs[tasks.indexOf(running)];
    }
    expect(log).toEqual(['a1@0', 'a2@0', 'b1@0', 'c1@0', 'a3@0', 'b2@0']);
  });

  it('a failed task frees its slot', async () => {
    const turns = new FairTurns(1, 1);
    await expect(turns.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await turns.run('a', async (slot) => slot)).toBe(0);
  });

  it('counts the queries waiting for a slot, of every publication', async () => {
    const turns = new FairTurns(1, 1);
    const log: string[] = [];
    const tasks = ['a1', 'a2', 'b1'].map((name) => ({ name, ...held(log, name) }));
    const runs = tasks.map((t) => turns.run(t.name[0], t.task));
    await tick();
    expect(turns.queued).toBe(2);
    tasks[0].finish();
    await runs[0];
    await tick();
    // a2 was queued before b1 arrived: a's turn came first.
    expect(log).toEqual(['a1@0', 'a2@0']);
    expect(turns.queued).toBe(1);
    tasks[1].finish();
    await runs[1];
    await tick();
    expect(turns.queued).toBe(0);
    tasks[2].finish();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'b1']);
  });

  it('lets a publication hold up to its share of the slots, and counts its queries down as each ends', async () => {
    const turns = new FairTurns(3, 2);
    const log: string[] = [];
    const tasks = ['a1', 'a2', 'a3', 'a4'].map((name) => ({ name, ...held(log, name) }));
    const runs = tasks.map((t) => turns.run('a', t.task));
    await tick();
    // Two of three slots: the third stays free for another publication.
    expect(log).toEqual(['a1@0', 'a2@1']);
    tasks[0].finish();
    await runs[0];
    await tick();
    // a1's end leaves one running: one more may start, not two.
    expect(log).toEqual(['a1@0', 'a2@1', 'a3@0']);
    tasks[1].finish();
    await runs[1];
    await tick();
    expect(log).toEqual(['a1@0', 'a2@1', 'a3@0', 'a4@1']);
    tasks[2].finish();
    tasks[3].finish();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'a4']);
  });
});
