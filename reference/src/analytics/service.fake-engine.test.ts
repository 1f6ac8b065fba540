/**
 * The analytics service on an engine that answers in this thread (its
 * createEngine option): when the engine starts and with what, when the State
 * is mirrored, the loads before a query and the 503 when they fail, the time
 * limit, a new State, close(). http.test.ts shows the same on PGlite over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import { createState } from '../wiring.js';
import { CopyIncomplete, DEFAULT_TIMEOUT_MS, type AnalyticsEngine, type AnalyticsEngineOptions, type MirrorChange, type MirrorSnapshot, type QueryResult, type SchemaResult } from './engine/index.js';
import { AnalyticsService, type AnalyticsOptions, type AnalyticsStores } from './service.js';

const ANSWER: QueryResult = { rows: [], rowCount: 0, fields: [], truncated: false };
const SCHEMA: SchemaResult = { tables: [] };

class FakeEngine implements AnalyticsEngine {
  readonly calls: string[] = [];
  readonly resets: MirrorSnapshot[] = [];
  readonly applied: MirrorChange[][] = [];
  complete = false;
  failure: string | null = null;
  timeLimit: number;
  /** What the next loads do (default: succeed and complete the copy). */
  load: () => Promise<void> = async () => {
    this.complete = true;
  };
  /** What each query does. */
  answer: (publicationId: string, sql: string) => Promise<QueryResult> = async () => ANSWER;

  constructor(readonly options: AnalyticsEngineOptions) {
    this.timeLimit = options.timeoutMs!;
  }
  async ready(): Promise<void> {
    this.calls.push('ready');
  }
  query(publicationId: string, sql: string): Promise<QueryResult> {
    this.calls.push(`query ${publicationId} ${sql}`);
    return this.answer(publicationId, sql);
  }
  setTimeLimit(timeoutMs: number): void {
    this.timeLimit = timeoutMs;
  }
  async schema(): Promise<SchemaResult> {
    this.calls.push('schema');
    return SCHEMA;
  }
  async apply(changes: MirrorChange[]): Promise<void> {
    this.applied.push(changes);
  }
  async reset(snapshot: MirrorSnapshot): Promise<void> {
    this.calls.push('reset');
    this.resets.push(snapshot);
    await this.load();
  }
  async refill(snapshot: MirrorSnapshot): Promise<void> {
    this.calls.push('refill');
    this.resets.push(snapshot);
    await this.load();
  }
  copy() {
    return { complete: this.complete, failure: this.failure };
  }
  async close(): Promise<void> {
    this.calls.push('close');
  }
}

function world(at = 1_700_000_000_000) {
  const clock = new Clock(() => at);
  return createState({ seed: 7, clock, baseUrl: () => 'http://ref.test', fixtures: 'empty' });
}

function service(options: AnalyticsOptions = {}, state: AnalyticsStores = world()) {
  const engines: FakeEngine[] = [];
  const logged: unknown[] = [];
  const made = new AnalyticsService(
    {
      ...options,
      createEngine: (engineOptions) => {
        const engine = new FakeEngine(engineOptions ?? {});
        engines.push(engine);
        return engine;
      },
    },
    state,
    (error) => logged.push(error),
  );
  return { service: made, engines, logged, engine: () => engines[0]! };
}

async function status(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return [error.status, error.message];
}

const unavailable = (why: string) =>
  `analytics are unavailable: the analytics database holds no complete copy of this server's data (${why}). ` +
  'Each analytics request tries to load it again; if it keeps failing (data too large for the embedded database), ' +
  'start the server with --analytics-database-url postgres://... to use a PostgreSQL server';

describe('the analytics service', () => {
  it('lazy by default: nothing starts until analytics are asked for', async () => {
    const { service: s, engines } = service();
    expect(s.mode).toBe('lazy');
    expect(engines).toEqual([]);
    expect(s.info()).toEqual({ mode: 'lazy', engine: 'pglite', started: false, mirrored: false, failure: null, timeoutMs: DEFAULT_TIMEOUT_MS, defaultTimeoutMs: DEFAULT_TIMEOUT_MS });
    await expect(s.query('b1', 'SELECT 1')).resolves.toEqual(ANSWER);
    expect(engines).toHaveLength(1);
    expect(s.info()).toMatchObject({ started: true, mirrored: true, failure: null });
  });

  it('background: the engine starts at once with the time limit, the server, the workers and a clock that follows the State', async () => {
    const state = world();
    const { service: s, engine } = service({ mode: 'background', timeoutMs: 1_234, databaseUrl: 'postgres://x', workers: 3 }, state);
    const { options } = engine();
    expect(options).toMatchObject({ timeoutMs: 1_234, databaseUrl: 'postgres://x', workers: 3 });
    expect(engine().calls).toEqual([]);
    expect(s.info()).toEqual({ mode: 'background', engine: 'postgresql', started: true, mirrored: false, failure: null, timeoutMs: 1_234, defaultTimeoutMs: 1_234 });
    expect(options.clock!.now()).toBe(state.clock.now());
    expect(options.clock!.frozen).toBe(false);
    state.clock.freeze(true);
    expect(options.clock!.frozen).toBe(true);
    s.use(world(1_800_000_000_000));
    expect(options.clock!.now()).toBe(1_800_000_000_000);
  });

  it('off: the routes answer 503 and nothing starts', async () => {
    const { service: s, engines } = service({ mode: 'off' });
    expect(await status(s.query('b1', 'SELECT 1'))).toEqual([503, 'analytics are turned off on this server']);
    expect(await status(s.schema())).toEqual([503, 'analytics are turned off on this server']);
    expect(engines).toEqual([]);
  });

  it("the first request mirrors the State (its snapshot), once; the State's later writes follow as changes", async () => {
    const state = world();
    const { service: s, engine } = service({}, state);
    await s.query('b1', 'SELECT 1');
    await s.query('b1', 'SELECT 2');
    expect(engine().calls).toEqual(['reset', 'query b1 SELECT 1', 'query b1 SELECT 2']);
    const publication = state.publications.all()[0]!;
    state.subscribers.add(publication.id, { email: 'new@example.com', wallet: null }, { source: 'api', strict: false });
    await s.query('b1', 'SELECT 3');
    expect(engine().applied.flat().map((change) => change.table)).toContain('subscribers');
  });

  it('schema() mirrors the State and answers without waiting for the copy', async () => {
    const { service: s } = service();
    await expect(s.schema()).resolves.toEqual(SCHEMA);
    expect(s.info().started).toBe(true);
  });

  it('a copy incomplete before a query is loaded again where it was lost, then answered', async () => {
    const { service: s, engine } = service();
    await s.ready();
    engine().complete = false;
    await s.query('b1', 'SELECT 1');
    expect(engine().calls).toEqual(['reset', 'ready', 'refill', 'query b1 SELECT 1']);
  });

  it('a load that succeeds with the copy incomplete all the same is tried once more, then 503 with the cause', async () => {
    const { service: s, engine } = service();
    await s.ready();
    const fake = engine();
    fake.complete = false;
    fake.failure = 'a worker was replaced';
    fake.load = async () => undefined;
    expect(await status(s.query('b1', 'SELECT 1'))).toEqual([503, unavailable('a worker was replaced')]);
    expect(fake.calls.filter((call) => call === 'refill')).toHaveLength(2);
    expect(s.info()).toMatchObject({ mirrored: false, failure: 'a worker was replaced' });
  });

  it('a load that fails is not tried again in the same request; its error is logged', async () => {
    const { service: s, engine, logged } = service();
    await s.ready();
    const fake = engine();
    fake.complete = false;
    const refused = new Error('refused');
    fake.load = () => Promise.reject(refused);
    expect(await status(s.query('b1', 'SELECT 1'))).toEqual([503, unavailable('the copy of the data is incomplete')]);
    expect(fake.calls.filter((call) => call === 'refill')).toHaveLength(1);
    expect(logged).toEqual([refused]);
    expect(await status(s.ready())).toEqual([503, unavailable('the copy of the data is incomplete')]);
  });

  it('a copy lost while the query waited for its turn is loaded once more; lost again, 503', async () => {
    const { service: s, engine } = service();
    await s.ready();
    const fake = engine();
    let lost = 1;
    fake.answer = async () => {
      if (lost-- > 0) {
        fake.complete = false;
        throw new CopyIncomplete('lost');
      }
      return ANSWER;
    };
    await expect(s.query('b1', 'SELECT 1')).resolves.toEqual(ANSWER);
    expect(fake.calls).toEqual(['reset', 'ready', 'query b1 SELECT 1', 'refill', 'query b1 SELECT 1']);
    lost = 2;
    expect(await status(s.query('b1', 'SELECT 1'))).toEqual([503, unavailable('the copy of the data is incomplete')]);
  });

  it('no load of its own while a reset of a new State is under way: the copy it finds incomplete then is a 503', async () => {
    const state = world();
    const { service: s, engine } = service({}, state);
    await s.ready();
    const fake = engine();
    // A change whose apply is held: the query waits for it...
    let releaseApply!: () => void;
    fake.apply = (changes) => {
      fake.applied.push(changes);
      return new Promise<void>((resolve) => (releaseApply = resolve));
    };
    state.subscribers.add(state.publications.all()[0]!.id, { email: 'held@example.com', wallet: null }, { source: 'api', strict: false });
    const waiting = status(s.query('b1', 'SELECT 1'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // ...while a new State's reset is queued behind it, and holds.
    fake.load = () => new Promise(() => undefined);
    s.use(world());
    void s.ready().catch(() => undefined);
    fake.complete = false;
    releaseApply();
    const answered = await Promise.race([waiting, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000))]);
    expect(fake.calls.filter((call) => call === 'refill')).toEqual([]);
    expect(answered).toEqual([503, unavailable('the copy of the data is incomplete')]);
  });

  it("the engine's other errors reach the caller as they are", async () => {
    const { service: s, engine } = service();
    await s.ready();
    const failure = new Error('boom');
    engine().answer = () => Promise.reject(failure);
    await expect(s.query('b1', 'SELECT 1')).rejects.toBe(failure);
    expect(engine().calls.filter((call) => call.startsWith('query'))).toHaveLength(1);
  });

  it('setTimeLimit() reaches the engine; null goes back to the default; so does a new State', async () => {
    const { service: s, engine } = service({ timeoutMs: 5_000 });
    s.setTimeLimit(700);
    expect(s.info()).toMatchObject({ timeoutMs: 700, defaultTimeoutMs: 5_000 });
    await s.ready();
    expect(engine().options.timeoutMs).toBe(700);
    s.setTimeLimit(900);
    expect(engine().timeLimit).toBe(900);
    s.setTimeLimit(null);
    expect([s.info().timeoutMs, engine().timeLimit]).toEqual([5_000, 5_000]);
    s.setTimeLimit(900);
    s.use(world());
    expect([s.info().timeoutMs, engine().timeLimit]).toEqual([5_000, 5_000]);
  });

  it("a new State is mirrored afresh by the next request; the old State's writes no longer reach the engine", async () => {
    const old = world();
    const { service: s, engine } = service({}, old);
    await s.ready();
    s.use(world());
    expect(s.info().mirrored).toBe(false);
    await s.ready();
    expect(engine().calls.filter((call) => call === 'reset')).toHaveLength(2);
    old.subscribers.add(old.publications.all()[0]!.id, { email: 'late@example.com', wallet: null }, { source: 'api', strict: false });
    await s.ready();
    expect(engine().applied).toEqual([]);
  });

  it('close() closes the engine; a load it cuts short is not logged; later requests are 503', async () => {
    const { service: s, engine, logged } = service();
    await s.ready();
    const fake = engine();
    fake.complete = false;
    let cut!: (error: Error) => void;
    fake.load = () => new Promise((_resolve, reject) => (cut = reject));
    const waiting = s.query('b1', 'SELECT 1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.calls.at(-1)).toBe('refill');
    await s.close();
    expect(fake.calls.at(-1)).toBe('close');
    cut(new Error('cut short'));
    expect((await status(waiting))[0]).toBe(503);
    expect(logged).toEqual([]);
    expect(await status(s.query('b1', 'SELECT 1'))).toEqual([503, 'analytics are shutting down']);
  });

  it('close() before anything started closes nothing', async () => {
    const { service: s, engines } = service();
    await s.close();
    expect(engines).toEqual([]);
  });
});
