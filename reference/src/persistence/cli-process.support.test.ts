/**
 * For the process-level persistence tests: run `npm start`'s CLI as a child
 * process with a state file, talk to it over HTTP, read what it holds. Not
 * used by the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEMO_KEYS } from '../../../fixtures/keys.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliProcess {
  proc: ChildProcess;
  url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** The CLI from its TypeScript source, through tsx. */
const SOURCE_CLI = ['--import', 'tsx', 'reference/src/cli.ts'];

/**
 * Start the CLI (from its sources, or `node ...entry` given: the build's
 * cli.js); resolves once it listens, rejects with its output if it exits first.
 */
export function startCli(args: string[], entry: string[] = SOURCE_CLI): Promise<CliProcess> {
  const proc = spawn(process.execPath, [...entry, '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve({ proc, url: match[1], stdout: () => out, stderr: () => err, exited });
    });
    proc.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    void exited.then((code) => reject(Object.assign(new Error(`CLI exited with ${code} before listening:\n${out}\n${err}`), { code, stderr: err })));
  });
}

/** Run the CLI to its exit (for a start that must fail): its code and output. */
export async function runCliToExit(args: string[]): Promise<{ code: number | null; stderr: string }> {
  try {
    const cli = await startCli(args);
    cli.proc.kill('SIGKILL');
    return { code: -1, stderr: 'it started' };
  } catch (err) {
    return { code: (err as { code: number | null }).code, stderr: (err as { stderr: string }).stderr };
  }
}

export async function call(url: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(url + path, {
    method,
    headers: { Authorization: `Bearer ${DEMO_KEYS.demo}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Every item of a cursor-paged list. */
export async function listAll(url: string, path: string): Promise<any[]> {
  const items: any[] = [];
  let cursor = '';
  for (;;) {
    const sep = path.includes('?') ? '&' : '?';
    const { status, body } = await call(url, 'GET', `${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (status !== 200) throw new Error(`GET ${path}: ${status}`);
    items.push(...body.items);
    if (!body.pagination.hasMore) return items;
    cursor = body.pagination.cursor;
  }
}

/** The titles of the demo publication's drafts and the emails of its subscribers, as one set. */
export async function writtenMarks(url: string, prefix: string): Promise<Set<string>> {
  const drafts = await listAll(url, '/v1/posts?status=draft');
  const subscribers = await listAll(url, '/v1/subscribers');
  return new Set(
    [...drafts.map((p) => p.title as string), ...subscribers.map((s) => (s.email as string | undefined)?.split('@')[0] ?? '')].filter((m) =>
      m.startsWith(prefix),
    ),
  );
}

/** One write, marked so it can be found again: a draft or a subscriber, alternately. */
export function writeMarked(url: string, mark: string, n: number): Promise<{ status: number; body: any }> {
  return n % 2 === 0
    ? call(url, 'POST', '/v1/posts', { title: mark, markdown: 'Saved?', status: 'draft' })
    : call(url, 'POST', '/v1/subscribers', { email: `${mark}@example.org` });
}
