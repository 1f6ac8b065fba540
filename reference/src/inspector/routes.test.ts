/**
 * The inspector's route table, built outside a server: the HTTP tests build it
 * only while their server starts (beforeAll), and a table that cannot be
 * built there fails the file's hook, not a test, so what they check of it
 * is checked here too.
 */
import { describe, expect, it } from 'vitest';
import { Clock } from '../clock.js';
import { Router } from '../http/router.js';
import type { Reference } from '../reference.js';
import { FORM_LIMIT } from './gate.js';
import { inspectorRoutes } from './routes.js';

const reference = { clock: new Clock(() => 0) } as unknown as Reference;

describe('inspectorRoutes', () => {
  it('lists every page and form of the inspector, none read with an API key', () => {
    const routes = inspectorRoutes(reference, undefined);
    expect(routes.map(({ method, path, auth, bodyLimit }) => ({ method, path, auth, bodyLimit }))).toEqual([
      { method: 'GET', path: '/_inspector', auth: 'none', bodyLimit: undefined },
      { method: 'POST', path: '/_inspector/sign-in', auth: 'none', bodyLimit: undefined },
      { method: 'POST', path: '/_inspector/sign-out', auth: 'none', bodyLimit: undefined },
      { method: 'GET', path: '/_inspector/mail', auth: 'none', bodyLimit: undefined },
      { method: 'GET', path: '/_inspector/mail/stamp', auth: 'none', bodyLimit: undefined },
      { method: 'GET', path: '/_inspector/mail/:emailId/body', auth: 'none', bodyLimit: undefined },
      { method: 'GET', path: '/_inspector/clock', auth: 'none', bodyLimit: undefined },
      { method: 'POST', path: '/_inspector/clock', auth: 'none', bodyLimit: FORM_LIMIT },
      { method: 'GET', path: '/_inspector/state', auth: 'none', bodyLimit: undefined },
      { method: 'POST', path: '/_inspector/state/sign-ins/:sessionId', auth: 'none', bodyLimit: FORM_LIMIT },
      { method: 'GET', path: '/_inspector/requests', auth: 'none', bodyLimit: undefined },
    ]);
    for (const route of routes) expect(route.handler).toBeTypeOf('function');
  });

  it('builds a router, with or without a control token', () => {
    for (const token of [undefined, 'a-control-token']) {
      const router = new Router();
      for (const route of inspectorRoutes(reference, token)) router.add(route);
      expect(router.routes).toHaveLength(11);
    }
  });
});
