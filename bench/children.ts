/**
 * Servers under test run in child processes, never in the bench's own: the
 * load generator then competes with a server for the two cores the way a
 * real client on the same machine would, and a server's memory is its own.
 *
 * A child announces itself with one JSON line on stdout (`{"ready": true,
 * ...}`); later lines answer commands written to its stdin (`stats\n`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const PARENT = fileURLToPath(new URL('..', import.meta.url));
/** The project's folder, whether this module runs from bench/ or from its build in dist/bench/. */
export const ROOT = basename(PARENT) === 'dist' ? dirname(PARENT) : PARENT;

export interface Child<R> {
  ready: R;
  /** Ask the child for one JSON line (the command is written to its stdin). */
  ask<T>(command: string): Promise<T>;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** Extra node flags (e.g. --expose-gc, --cpu-prof). */
  nodeArgs?: string[];
  timeoutMs?: number;
}

/**
 * The built JavaScript of a bench script (`bench/x.ts` -> `dist/bench/x.js`):
 * children run what `npm start` runs, the build of reference/build.ts, not
 * the TypeScript through tsx. `npm run bench` builds before run.js starts.
 */
export function built(script: string): string {
  const path = join(ROOT, 'dist', script.replace(/\.ts$/, '.js'));
  if (!existsSync(path)) throw new Error(`${path} is missing: build first (npx tsx reference/build.ts --with-bench)`);
  return path;
}

/** Start `node dist/<script as .js> ...args` and wait for its ready line. */
export function spawnChild<R extends { ready: true }>(script: string, args: string[], options: SpawnOptions = {}): Promise<Child<R>> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), built(script), ...args], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  let readyResolve: ((value: R) => void) | null = null;
  lines.on('line', (line) => {
    if (!line.startsWith('{')) return; // banners and logs are not for us
    if (readyResolve) {
      const value = JSON.parse(line) as R;
      if (value.ready) {
        readyResolve(value);
        readyResolve = null;
        return;
      }
    }
    waiting.shift()?.(line);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${options.timeoutMs ?? 120_000} ms`));
    }, options.timeoutMs ?? 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (readyResolve) reject(new Error(`${script} exited with code ${code} before it was ready`));
    });
    readyResolve = (ready) => {
      clearTimeout(timer);
      resolve(wrap(child, ready, waiting));
    };
  });
}

function wrap<R>(child: ChildProcess, ready: R, waiting: ((line: string) => void)[]): Child<R> {
  return {
    ready,
    ask<T>(command: string) {
      return new Promise<T>((resolve) => {
        waiting.push((line) => resolve(JSON.parse(line) as T));
        child.stdin!.write(`${command}\n`);
      });
    },
    stop() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      });
    },
  };
}
