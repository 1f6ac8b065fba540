/**
 * Queries on the embedded engine's fake workers (fake-runtime.support.test.ts):
 * what a worker is asked, the time limit and what replaces a worker, how its
 * refusals reach the caller, the dormant workers a busy first one wakes,
 * schema() and each worker's order.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../errors.js';
import { RESULT_TOO_LARGE, UserSqlError } from '../db/runner.js';
import { checkSql } from '../guard/sql-guard.js';
import { timeLimitMessage } from '../query-errors.js';
import { ANALYTICS_RELATIONS } from '../relations.js';
import { CopyIncomplete, MAX_ROWS } from '../types.js';
import { CACHED, CLOCK, LIMIT_MS, apiError, enginesPerTest, loaded, outcome, rejection, settle, snapshot } from './engine-harness.support.test.js';
import { FakeRuntime, QUERY_ANSWER, SCHEMA_ANSWER, deferred, type FakeWorker } from './fake-runtime.support.test.js';
import { WorkerGone } from './worker-host.js';

const { newEngine } = enginesPerTest();

/** A runtime whose queries never answer (a runaway query). */
function runaway(): FakeRuntime {
  const runtime = new FakeRuntime();
  runtime.on('query', () => new Promise(() => undefined));
  return runtime;
}

const queries = (worker: FakeWorker) => worker.calls.filter((call) => call.request.type === 'query');

describe('a query', () => {
  it('on a worker not loaded yet finds the copy incomplete, and never reaches it', async () => {
    const { engine, runtime } = newEngine();
    const error = await rejection(engine.query('b1', 'SELECT 1'));
    expect(error).toBeInstanceOf(CopyIncomplete);
    expect(error.message).toBe('the analytics database lost its copy of the data');
    expect(queries(runtime.workers[0]!)).toEqual([]);
  });

  it('runs as the guard wrote it, scoped to its publication, with the row cap, the clock read at its turn, under the time limit', async () => {
    const { engine, runtime } = await loaded(newEngine());
    const sql = 'SELECT count(*) AS n FROM posts WHERE created_at < now()';
    await expect(engine.query('b1', sql)).resolves.toEqual(QUERY_ANSWER);
    expect(queries(runtime.workers[0]!)).toEqual([
      {
        request: { type: 'query', blogId: 'b1', sql: await checkSql(sql, ANALYTICS_RELATIONS, 'database'), maxRows: MAX_ROWS, clock: { at: CLOCK.now(), frozen: true } },
        timeoutMs: LIMIT_MS,
      },
    ]);
  });

  it('the guard refuses is answered 400 before any worker', async () => {
    const { engine, runtime } = await loaded(newEngine());
    expect((await apiError(engine.query('b1', 'DELETE FROM posts'))).status).toBe(400);
    expect(queries(runtime.workers[0]!)).toEqual([]);
  });

  it("a user SQL error is a 400 with PostgreSQL's message; the worker keeps its copy", async () => {
    const runtime = new FakeRuntime();
    runtime.on('query', () => Promise.reject(new UserSqlError('division by zero', '22012')));
    const { engine } = await loaded(newEngine({}, runtime));
    const error = await apiError(engine.query('b1', 'SELECT 1'));
    expect([error.status, error.message]).toEqual([400, 'division by zero']);
    expect(runtime.workers).toHaveLength(1);
    expect(runtime.workers[0]!.terminated).toBe(false);
    expect(engine.copy()).toEqual({ complete: true, failure: null });
  });

  it('a result too large to return is a 400, and its worker is replaced to return its memory', async () => {
    const runtime = new FakeRuntime();
    runtime.on('query', () => Promise.reject(new UserSqlError('the result is too large', RESULT_TOO_LARGE)));
    const { engine } = await loaded(newEngine({}, runtime));
    const error = await apiError(engine.query('b1', 'SELECT 1'));
    expect([error.status, error.message]).toEqual([400, 'the result is too large']);
    await settle();
    expect(runtime.workers[0]!.terminated).toBe(true);
    expect(runtime.workers).toHaveLength(2);
    expect(runtime.workers[1]!.startedFrom).toBe(CACHED);
    expect(engine.copy()).toEqual({
      complete: false,
      failure: 'a query result too large to return was refused and its database worker replaced, to return its memory',
    });
  });

  it('any other failure of the worker reaches the caller as it is', async () => {
    const runtime = new FakeRuntime();
    const failure = new Error('internal');
    runtime.on('query', () => Promise.reject(failure));
    const { engine } = await loaded(newEngine({}, runtime));
    expect(await rejection(engine.query('b1', 'SELECT 1'))).toBe(failure);
    expect(runtime.workers).toHaveLength(1);
    expect(engine.copy()).toEqual({ complete: true, failure: null });
  });

  it('whose worker exits: the caller is told, and the worker restarts empty', async () => {
    const runtime = runaway();
    const { engine } = await loaded(newEngine({}, runtime));
    const call = outcome(engine.query('b1', 'SELECT 1'));
    await settle();
    runtime.workers[0]!.exit(3);
    await settle();
    expect(call.error).not.toBeInstanceOf(ApiError);
    expect(call.error?.message).toBe('the analytics database stopped while running the query; it is being restarted');
    expect(runtime.workers).toHaveLength(2);
    expect(runtime.workers[0]!.terminated).toBe(true);
    expect(engine.copy()).toEqual({ complete: false, failure: 'analytics worker exited (code 3)' });
  });
});

describe('the time limit', () => {
  it('a query past it is answered 408; its worker is replaced by an empty one; the copy is incomplete with the cause until a refill', async () => {
    const runtime = runaway();
    const { engine } = await loaded(newEngine({}, runtime));
    const call = outcome(engine.query('b1', 'SELECT 1'));
    await settle();
    await vi.advanceTimersByTimeAsync(LIMIT_MS - 1);
    expect(call.settled()).toBe(false);
    expect(runtime.workers).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(call.error).toBeInstanceOf(ApiError);
    expect([(call.error as ApiError).status, call.error!.message]).toEqual([408, timeLimitMessage(LIMIT_MS)]);
    const [stopped, replacement] = runtime.workers;
    expect(stopped!.terminated).toBe(true);
    expect(replacement!.startedFrom).toBe(CACHED);
    expect(engine.copy()).toEqual({ complete: false, failure: 'a query ran past the time limit and its database worker was replaced' });
    expect(await rejection(engine.query('b1', 'SELECT 1'))).toBeInstanceOf(CopyIncomplete);

    runtime.answer = (request) => (request.type === 'query' ? QUERY_ANSWER : undefined);
    await engine.refill(snapshot());
    expect(engine.copy()).toEqual({ complete: true, failure: null });
    await expect(engine.query('b1', 'SELECT 1')).resolves.toEqual(QUERY_ANSWER);
  });

  it('setTimeLimit() changes it for the queries that start afterwards', async () => {
    const runtime = runaway();
    const { engine } = await loaded(newEngine({}, runtime));
    engine.setTimeLimit(1_500);
    const call = outcome(engine.query('b1', 'SELECT 1'));
    await settle();
    expect(queries(runtime.workers[0]!)[0]!.timeoutMs).toBe(1_500);
    await vi.advanceTimersByTimeAsync(1_500);
    await settle();
    expect(call.error?.message).toBe('analytics query exceeded the time limit of 1500 ms');
  });
});

describe('dormant workers', () => {
  it("a turn that falls to a worker never started starts every dormant one and finds the copy incomplete; a refill loads them alone", async () => {
    const runtime = new FakeRuntime();
    const first = deferred();
    runtime.on('query', (request) => (request.type === 'query' && request.blogId === 'b1' ? first.promise : QUERY_ANSWER));
    const { engine } = await loaded(newEngine({ workers: 3 }, runtime));
    expect(runtime.workers).toHaveLength(1);
    const busy = outcome(engine.query('b1', 'SELECT 1'));
    await settle();

    const error = await rejection(engine.query('b2', 'SELECT 1'));
    expect(error).toBeInstanceOf(CopyIncomplete);
    expect(error.message).toBe('more analytics database workers started; they need the data');
    await settle();
    expect(runtime.workers).toHaveLength(3);
    expect(runtime.workers.map((worker) => worker.startedFrom)).toEqual([CACHED, CACHED, CACHED]);
    expect(runtime.reads).toBe(1);
    expect(engine.copy()).toEqual({ complete: false, failure: null });

    // The busy first worker keeps its copy and is not waited for.
    const [busyWorker, second, third] = runtime.workers;
    const loadedOnce = replaceSteps(busyWorker!);
    await engine.refill(snapshot());
    expect(replaceSteps(busyWorker!)).toBe(loadedOnce);
    expect(second!.types).toContain('replace');
    expect(third!.types).toContain('replace');
    expect(engine.copy()).toEqual({ complete: true, failure: null });
    await expect(engine.query('b2', 'SELECT 1')).resolves.toEqual(QUERY_ANSWER);
    expect(queries(second!).map((call) => call.request)).toMatchObject([{ blogId: 'b2' }]);
    expect(busy.settled()).toBe(false);
    first.resolve(QUERY_ANSWER);
    await settle();
    expect(busy.value).toEqual(QUERY_ANSWER);
  });

  it('one worker: a second publication waits for the first, nothing else starts', async () => {
    const runtime = new FakeRuntime();
    const first = deferred();
    runtime.on('query', (request) => (request.type === 'query' && request.blogId === 'b1' ? first.promise : QUERY_ANSWER));
    const { engine } = await loaded(newEngine({ workers: 1 }, runtime));
    const a = outcome(engine.query('b1', 'SELECT 1'));
    await settle();
    const b = outcome(engine.query('b2', 'SELECT 1'));
    await settle();
    expect(b.settled()).toBe(false);
    first.resolve(QUERY_ANSWER);
    await settle();
    expect([a.value, b.value]).toEqual([QUERY_ANSWER, QUERY_ANSWER]);
    expect(runtime.workers).toHaveLength(1);
  });
});

/** The replace steps sent to a worker so far (begin, the rows' batches, commit per load). */
function replaceSteps(worker: FakeWorker): number {
  return worker.calls.filter((call) => call.request.type === 'replace').length;
}

describe('schema()', () => {
  it("is the first worker's answer, loaded or not, without a time limit", async () => {
    const { engine, runtime } = newEngine({ workers: 2 });
    await expect(engine.schema()).resolves.toEqual(SCHEMA_ANSWER);
    expect(runtime.workers).toHaveLength(1);
    expect(runtime.workers[0]!.calls.at(-1)).toEqual({ request: { type: 'schema' }, timeoutMs: undefined });
  });
});

describe("each worker's queue", () => {
  it('keeps order: what is queued behind a running query reaches the worker after it', async () => {
    const runtime = new FakeRuntime();
    const running = deferred();
    runtime.on('query', () => running.promise);
    const { engine } = await loaded(newEngine({ workers: 1 }, runtime));
    const worker = runtime.workers[0]!;
    const query = outcome(engine.query('b1', 'SELECT 1'));
    await settle();
    const change = [{ op: 'delete' as const, table: 'posts' as const, key: { id: 'p1' } }];
    await engine.apply(change);
    const schema = outcome(engine.schema());
    await settle();
    expect(worker.types.at(-1)).toBe('query');
    expect(schema.settled()).toBe(false);
    running.resolve(QUERY_ANSWER);
    await settle();
    expect(worker.types.slice(-3)).toEqual(['query', 'apply', 'schema']);
    expect(worker.calls.at(-2)).toEqual({ request: { type: 'apply', changes: change }, timeoutMs: undefined });
    expect([query.value, schema.value]).toEqual([QUERY_ANSWER, SCHEMA_ANSWER]);
  });

  it('a query closed under: the worker gone with close() is not restarted', async () => {
    const runtime = runaway();
    const { engine } = await loaded(newEngine({}, runtime));
    const call = outcome(engine.query('b1', 'SELECT 1'));
    await settle();
    await engine.close();
    await settle();
    expect(call.error).toBeInstanceOf(WorkerGone);
    expect(runtime.workers).toHaveLength(1);
    expect(runtime.workers[0]!.terminations).toBe(1);
  });
});
