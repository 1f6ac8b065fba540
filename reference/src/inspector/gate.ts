/**
 * The two shapes of an inspector route: a view (GET) and an action (a form
 * POST). Both admit only a browser with a session (signing in first when a
 * control token guards the server); an action must also pass the CSRF
 * checks of access.ts, then redirects (303) to the page to show next with
 * what it did as a flash message, so a reload never repeats it.
 */
import { ApiError } from '../errors.js';
import { readHtmlForm } from '../http/body.js';
import type { Handler, Reply, RequestContext } from '../http/types.js';
import { crossSiteReason, allowedOrigins } from '../http/csrf.js';
import { html } from '../html.js';
import type { Clock } from '../clock.js';
import { CSRF_FIELD, csrfProblem, INSPECTOR_PATH, sessionCookie, type InspectorSession, type InspectorSessions } from './access.js';
import { barePage, page, type Frame } from './layout.js';
import { signInPage } from './sign-in.js';

/** Forms of the inspector are a few short fields. */
export const FORM_LIMIT = 16 * 1024;

export interface Gate {
  sessions: InspectorSessions;
  controlToken: string | undefined;
  clock: Clock;
}

export type ViewHandler = (ctx: RequestContext, frame: Frame) => Reply | Promise<Reply>;
/** What an action did (the flash message) and where the browser goes next. */
export interface ActionDone {
  notice: string;
  next: string;
  headers?: Record<string, string>;
}
export type ActionHandler = (ctx: RequestContext, form: URLSearchParams, frame: Frame) => ActionDone | Promise<ActionDone>;

export function view(gate: Gate, handler: ViewHandler): Handler {
  return async (ctx) => {
    let session = gate.sessions.find(ctx.headers);
    let setCookie: string | undefined;
    if (!session) {
      if (gate.controlToken !== undefined) return signInPage(requestedPath(ctx), null, 401);
      session = gate.sessions.open();
      setCookie = sessionCookie(session, ctx.baseUrl.startsWith('https:'));
    }
    const frame = frameOf(gate, session);
    let reply: Reply;
    try {
      reply = await handler(ctx, frame);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      reply = page(frame, null, 'Not shown', html`<h1>Not shown</h1><p class="flash error" role="alert">${err.message}</p><p><a href="${ctx.pathname}">Back</a></p>`, err.status);
    }
    return setCookie ? { ...reply, headers: { ...reply.headers, 'Set-Cookie': setCookie } } : reply;
  };
}

export function action(gate: Gate, handler: ActionHandler): Handler {
  return async (ctx) => {
    const form = await readForm(ctx);
    if (!(form instanceof URLSearchParams)) return form;
    const foreign = crossSiteReason(ctx.headers, allowedOrigins(ctx));
    if (foreign) return refused(foreign, 403);
    const session = gate.sessions.find(ctx.headers);
    const problem = csrfProblem(session, form.get(CSRF_FIELD));
    if (problem || !session) return refused(problem!, 403);
    const frame = frameOf(gate, session);
    try {
      const done = await handler(ctx, form, frame);
      session.flash = { text: done.notice, error: false };
      return { status: 303, redirect: done.next, headers: { 'Cache-Control': 'no-store', ...done.headers } };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return page(frameOf(gate, session), null, 'Not done', html`<h1>Not done</h1><p class="flash error" role="alert">${err.message}. Nothing was changed.</p><p><a href="${backTo(ctx)}">Back</a></p>`, err.status);
    }
  };
}

/** A form body; a body that is not one is refused. */
export async function readForm(ctx: RequestContext): Promise<URLSearchParams | Reply> {
  return (await readHtmlForm(ctx.req, FORM_LIMIT)) ?? refused('inspector forms are sent as HTML forms (application/x-www-form-urlencoded)', 415);
}

export function refused(reason: string, status: number): Reply {
  return barePage('Refused', html`<h1>This form could not be accepted</h1><p class="flash error" role="alert">For your safety nothing was changed: ${reason}.</p><p><a href="${INSPECTOR_PATH}">Open the inspector again</a> and try from there.</p>`, status);
}

function frameOf(gate: Gate, session: InspectorSession): Frame {
  return { session, signedIn: gate.controlToken !== undefined, now: gate.clock.now(), frozen: gate.clock.frozen };
}

function requestedPath(ctx: RequestContext): string {
  const query = ctx.query.toString();
  return query ? `${ctx.pathname}?${query}` : ctx.pathname;
}

/** The page an action's form was on: its section's page. */
function backTo(ctx: RequestContext): string {
  const section = ctx.pathname.slice(INSPECTOR_PATH.length + 1).split('/')[0];
  return `${INSPECTOR_PATH}/${section}`;
}
