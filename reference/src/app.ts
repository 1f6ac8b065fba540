/**
 * createReference(options): the reference server as a request handler. It
 * never listens; cli.ts and server.ts do, and tests can call `handle` directly.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Clock } from './clock.js';
import { ApiError } from './errors.js';
import { authenticate } from './http/auth.js';
import { allowedHostNames, foreignHostMessage, isAllowedHost, isApiPath } from './http/host-policy.js';
import { isCustomDomainSiteRequest } from './site/custom-domain.js';
import { checkControlRequest } from './control/guard.js';
import { requestContext } from './http/context.js';
import { errorReply, send } from './http/respond.js';
import { parseUrl } from './http/url.js';
import { Router } from './http/router.js';
import { createReadCache } from './http/read-cache.js';
import type { Reply } from './http/types.js';
import { createState, restoreState, snapshotState } from './wiring.js';
import type { Reference, ReferenceOptions } from './reference.js';
import { areaRoutes } from './areas.js';
import { controlRoutes } from './control/routes.js';
import { AnalyticsService } from './analytics/service.js';
import { analyticsRoutes } from './analytics/routes.js';
import { loadScaleFixtures } from '../../fixtures/scale.js';
import { Persistence, type PersistenceHost } from './persistence/persistence.js';
import { readStateFile } from './persistence/state-file.js';
import { RateLimiter } from './rate-limit/limiter.js';
import { Faults } from './faults/act.js';
import { RequestJournal } from './journal/store.js';
import { inspectorRoutes } from './inspector/routes.js';

export { IMPLEMENTATION, VERSION, type Reference, type ReferenceOptions } from './reference.js';

export function createReference(options: ReferenceOptions = {}): Reference {
  const clock = options.clock ?? new Clock();
  let seed = options.seed ?? 1;
  const control = options.control ?? true;
  let baseUrl = (options.baseUrl ?? 'http://127.0.0.1:4010').replace(/\/+$/, '');
  const hostNames = () => allowedHostNames({ publicUrl: baseUrl, allowedHosts: options.allowedHosts });
  let allowedHosts = hostNames();
  const controlToken = options.controlToken || undefined;
  const logErrors = options.logErrors ?? true;

  const build = (fixtures: 'default' | 'empty') => {
    const built = createState({ seed, clock, baseUrl: () => baseUrl, fixtures });
    // Reset rebuilds the scale data set too: it is part of the initial state.
    if (options.scale && fixtures === 'default') loadScaleFixtures(built, options.scale);
    return built;
  };
  // A saved state replaces the fixtures and the seed (docs/state-file.md).
  const saved = options.stateFile ? readStateFile(options.stateFile) : null;
  if (saved) seed = saved.document.state.seed;
  let state = saved ? restoreState({ clock, baseUrl: () => baseUrl }, saved.document.state) : build(options.fixtures ?? 'default');
  const analytics = new AnalyticsService(options.analytics ?? {}, state, (error) => {
    if (logErrors) console.error(error);
  });

  const host: PersistenceHost = {
    clock,
    snapshot: () => snapshotState(state),
    work: () => state.work,
    restore(snapshot) {
      seed = snapshot.seed;
      state = restoreState({ clock, baseUrl: () => baseUrl }, snapshot);
      reads.invalidate();
      analytics.use(state);
    },
  };
  const persistence = new Persistence(host, { stateFile: options.stateFile, intervalMs: options.snapshotIntervalMs, loaded: saved });
  // A switch of the test harness, not part of the state: snapshots and the state file leave it alone.
  const rateLimit = new RateLimiter(clock);
  const faults = new Faults(() => seed, options.faults);
  const journal = new RequestJournal((key) => state.keys.publicationFor(key));
  const reads = createReadCache(() => clock.tasksRun);

  const router = new Router();
  for (const route of areaRoutes) router.add(route);
  for (const route of analyticsRoutes(analytics)) router.add(route);

  const reference: Reference = {
    handle: (req, res) => void dispatch(req, res),
    clock,
    state: () => state,
    reset(opts = {}) {
      if (opts.seed !== undefined) seed = opts.seed;
      clock.clearTasks();
      clock.restore({ offsetMs: 0, frozenAt: null });
      state = build(opts.empty ? 'empty' : 'default');
      reads.invalidate();
      analytics.use(state);
      rateLimit.set(null);
      faults.reset();
      journal.clear();
    },
    setBaseUrl(url) {
      baseUrl = url.replace(/\/+$/, '');
      allowedHosts = hostNames();
      reads.invalidate();
    },
    get options() {
      return { seed, control };
    },
    routes: router.routes,
    snapshot: host.snapshot,
    restore: host.restore,
    persistence,
    analytics,
    rateLimit,
    faults,
    journal,
    async close() {
      // The last save, before anything else stops (the server no longer takes requests).
      await persistence.close();
      clock.dispose();
      faults.releaseStalled();
      await analytics.close();
    },
  };
  if (control) for (const route of [...controlRoutes(reference), ...inspectorRoutes(reference, controlToken)]) router.add(route);

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    // Browser clients of /v1 on other origins get CORS; the control API and the pages never do.
    let api = true;
    const startedAt = clock.now();
    const startedMs = performance.now();
    let sent: Reply | undefined;
    // Whether the request is known not to have changed the state (a cached route's read).
    let settled = false;
    try {
      const url = parseUrl(req.url ?? '/');
      api = isApiPath(url.pathname);
      if (!api && !isAllowedHost(req.headers.host, allowedHosts) && !isCustomDomainSiteRequest(state, url.pathname, req.headers.host))
        throw new ApiError(421, foreignHostMessage(req.headers.host!));
      if (method === 'OPTIONS') {
        res.writeHead(204, api ? corsHeaders(req) : { 'Content-Length': '0' }).end();
        return;
      }
      // The effects in slices this request starts (slices.ts): a newsletter of a post it publishes, or its due work does.
      const work = state.work;
      const effectsBefore = work.mark();
      if (clock.hasDue()) clock.runDue();
      const { route, params } = router.match(method, url.pathname);
      if (route.path.startsWith('/_control')) checkControlRequest(method, req.headers, controlToken);
      const current = state;
      // A key sent to /v1 is checked even where none is needed: a wrong key is never silently ignored (docs/spec-gaps.md).
      const caller = authenticate(req, current, api && route.auth === 'none' ? 'optional' : route.auth);
      // Off by default: this one property read is all it costs then.
      if (rateLimit.enabled) rateLimit.admit(route.path, caller);
      const faulted = faults.enabled ? await faults.before(req, res, url.pathname, caller) : null;
      if (faulted === 'answered') return;
      if (route.cached) {
        settled = true;
        const kept = reads.get(req.url!, caller);
        if (kept) return (faulted ?? send)(res, (sent = api ? withCors(kept, req) : kept), method === 'HEAD');
      } else reads.invalidate();
      const ctx = requestContext(req, res, { method, pathname: url.pathname, params, query: url.searchParams, caller, state: current, baseUrl }, route.bodyLimit);
      // Most handlers answer synchronously: no await (and no trip through the microtask queue) for them.
      const result = route.handler(ctx);
      const reply = result instanceof Promise ? await result : result;
      // Its answer reflects all it did: a newsletter fanned out in slices by a publish is queued whole first.
      if (work.mark() !== effectsBefore) await work.settled(effectsBefore);
      const kept = route.cached && !(result instanceof Promise) ? reads.keep(req.url!, caller, reply) : reply;
      (faulted ?? send)(res, (sent = api ? withCors(kept, req) : kept), method === 'HEAD');
    } catch (err) {
      if (!(err instanceof ApiError) && logErrors) console.error(err);
      const reply = errorReply(err);
      send(res, (sent = api ? withCors(reply, req) : reply), method === 'HEAD');
    } finally {
      // A handler may have changed the state after an await.
      if (!settled) reads.invalidate();
      // In the tick of the answer: a save holds a request whole or not at all.
      persistence.noteRequest(method);
      if (api) journal.record({ method, url: req.url ?? '/', authorization: req.headers.authorization, status: res.statusCode, fault: faults.touchOf(res), json: sent && 'json' in sent ? sent.json : undefined, startedAt, startedMs }, performance.now());
    }
  }

  return reference;
}

// Browser apps under development call the local mock's /v1 from another origin.
function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type',
    'Access-Control-Max-Age': '600',
  };
}

function withCors<R extends { headers?: Record<string, string> }>(reply: R, req: IncomingMessage): R {
  if (!req.headers.origin) return reply;
  return { ...reply, headers: { 'Access-Control-Allow-Origin': '*', ...(reply.headers ?? {}) } };
}
