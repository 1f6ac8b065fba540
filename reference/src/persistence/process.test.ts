/**
 * The state file across real processes: `npm start`'s CLI with a state file
 * saved every 50 ms, killed with SIGKILL at seeded random moments during a
 * stream of writes, restarted on the same file. The file must always load,
 * and hold exactly the writes its save counted (`writes`): every write
 * answered before that save, none after. SIGTERM must save every answered
 * write. A damaged file or one of another version stops the start (exit 1).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Random } from '../random.js';
import { sleep } from '../testing.support.test.js';
import { call, runCliToExit, startCli, writeMarked, writtenMarks, type CliProcess } from './cli-process.support.test.js';
import { decodeState } from './format.js';

const dir = mkdtempSync(join(tmpdir(), 'state-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));


async function status(cli: CliProcess) {
  const { body } = await call(cli.url, 'GET', '/_control/snapshots');
  return body as { writes: number; stateFile: { loaded: { writes: number } | null; lastSave: { writes: number } | null } };
}

describe('state file, process level', () => {
  it('survives kill -9 at random moments: the file loads and holds exactly the writes its last save counted', async () => {
    const file = join(dir, 'killed.json');
    const random = new Random(20260115);
    /** mark -> the server's count of writes once that write was answered. */
    const numbered = new Map<string, number>();
    let survivors = new Set<string>();
    const kills = 3;
    for (let round = 0; round <= kills; round++) {
      const cli = await startCli(['--state-file', file, '--snapshot-interval-ms', '50']);
      const base = (await status(cli)).stateFile.loaded?.writes ?? 0;
      // What the previous run answered up to the count its last complete save holds is all here; nothing after it.
      for (const [mark, n] of numbered) if (n <= base) survivors.add(mark);
      expect(await writtenMarks(cli.url, 'w-')).toEqual(survivors);
      survivors = new Set(survivors);
      for (const mark of numbered.keys()) if (!survivors.has(mark)) numbered.delete(mark);
      if (round === kills) {
        cli.proc.kill('SIGTERM');
        expect(await cli.exited).toBe(0);
        break;
      }

      // Writes one at a time (the server counts them in order); SIGKILL at a seeded moment: a few
      // milliseconds after a seeded number of answers, so it lands anywhere in a request or a save.
      let killed = false;
      const answersBeforeKill = random.int(5, 80);
      const delayMs = random.int(0, 30);
      let killer: Promise<void> | null = null;
      const kill = () =>
        sleep(delayMs).then(() => {
          killed = true;
          cli.proc.kill('SIGKILL');
        });
      let lastObservedSave = base;
      for (let i = 0; !killed; i++) {
        const mark = `w-r${round}-${i}`;
        // The write gets the next number whether or not its answer arrives before the kill.
        numbered.set(mark, base + i + 1);
        try {
          const res = await writeMarked(cli.url, mark, i);
          expect(res.status).toBe(200);
          if (i % 10 === 9) lastObservedSave = Math.max(lastObservedSave, (await status(cli)).stateFile.lastSave?.writes ?? 0);
          if (i + 1 === answersBeforeKill) killer = kill();
        } catch (err) {
          if (!killed) throw err;
        }
      }
      await killer;
      expect(killer).not.toBeNull();
      await cli.exited;
      // The next start must have at least every write answered before the last save we saw complete.
      const next = readFileSync(file, 'utf8');
      expect(decodeState(next, file).writes).toBeGreaterThanOrEqual(lastObservedSave);
    }
  }, 90_000);

  it('SIGTERM finishes in-flight requests and saves every answered write', async () => {
    const file = join(dir, 'term.json');
    // No interval save in the way: what is in the file comes from the save on SIGTERM.
    const cli = await startCli(['--state-file', file, '--snapshot-interval-ms', '600000']);
    const answered: string[] = [];
    let signalled = false;
    let n = 0;
    // Four clients writing one after another each, so requests are in flight when the signal comes.
    const worker = async () => {
      for (;;) {
        const i = n++;
        const mark = `t-${i}`;
        try {
          const res = await writeMarked(cli.url, mark, i);
          expect(res.status).toBe(200);
          answered.push(mark);
        } catch {
          return; // refused once the server stopped listening
        }
        if (answered.length === 30 && !signalled) {
          signalled = true;
          cli.proc.kill('SIGTERM');
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    // What the server printed says why, should it exit otherwise (stopping took past its 10 s limit, or failed).
    expect(await cli.exited, `${cli.stdout()}\n${cli.stderr()}`).toBe(0);
    expect(answered.length).toBeGreaterThanOrEqual(30);
    const saved = decodeState(readFileSync(file, 'utf8'), file);
    const marks = new Set([...saved.state.posts.map((p) => p.title), ...saved.state.subscribers.records.map((s) => s.email?.split('@')[0] ?? '')]);
    expect(answered.filter((m) => !marks.has(m))).toEqual([]);
    expect(saved.writes).toBeGreaterThanOrEqual(answered.length);
  }, 30_000);

  it('refuses a damaged file with exit code 1 and a reason, and leaves it as it was', async () => {
    const damaged = join(dir, 'damaged.json');
    const text = '{"format":"publishing-api-reference/state","version":1,"savedAt":1,"wri';
    writeFileSync(damaged, text);
    const run = await runCliToExit(['--state-file', damaged]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/state file .*damaged\.json is not a state file: it is not valid JSON/);
    expect(readFileSync(damaged, 'utf8')).toBe(text);
  }, 30_000);
});
