/**
 * The inspector (/_inspector): the control API's state in a browser. Served
 * only when the control API is (app.ts), behind the same Host check, and
 * with the control token when there is one (access.ts). Views read the
 * stores; actions call what the control routes call.
 */
import type { Reference } from '../reference.js';
import type { RouteDef } from '../http/types.js';
import { INSPECTOR_PATH, InspectorSessions } from './access.js';
import { action, FORM_LIMIT, readForm, view, type Gate } from './gate.js';
import { emailBody, mailPage, mailStamp } from './mail.js';
import { INSPECTOR_HEADERS } from './layout.js';
import { requestsPage } from './requests.js';
import { clockAction, clockPage } from './clock-page.js';
import { signInAction, statePage } from './state-page.js';
import { signIn, signOut } from './sign-in.js';

export function inspectorRoutes(reference: Reference, controlToken: string | undefined): RouteDef[] {
  const sessions = new InspectorSessions();
  const gate: Gate = { sessions, controlToken, clock: reference.clock };
  return [
    { method: 'GET', path: INSPECTOR_PATH, auth: 'none', handler: () => ({ status: 303, redirect: `${INSPECTOR_PATH}/mail` }) },
    {
      method: 'POST',
      path: `${INSPECTOR_PATH}/sign-in`,
      auth: 'none',
      handler: async (ctx) => {
        const form = await readForm(ctx);
        return form instanceof URLSearchParams ? signIn(ctx, form, sessions, controlToken) : form;
      },
    },
    { method: 'POST', path: `${INSPECTOR_PATH}/sign-out`, auth: 'none', handler: action(gate, (_ctx, _form, frame) => signOut(sessions, frame.session)) },
    { method: 'GET', path: `${INSPECTOR_PATH}/mail`, auth: 'none', handler: view(gate, mailPage) },
    { method: 'GET', path: `${INSPECTOR_PATH}/mail/stamp`, auth: 'none', handler: view(gate, (ctx) => ({ body: mailStamp(ctx.state), contentType: 'text/plain; charset=utf-8', headers: INSPECTOR_HEADERS })) },
    { method: 'GET', path: `${INSPECTOR_PATH}/mail/:emailId/body`, auth: 'none', handler: view(gate, emailBody) },
    { method: 'GET', path: `${INSPECTOR_PATH}/clock`, auth: 'none', handler: view(gate, (ctx, frame) => clockPage(reference.clock, ctx, frame)) },
    { method: 'POST', path: `${INSPECTOR_PATH}/clock`, auth: 'none', bodyLimit: FORM_LIMIT, handler: action(gate, (_ctx, form) => clockAction(reference.clock, form)) },
    { method: 'GET', path: `${INSPECTOR_PATH}/state`, auth: 'none', handler: view(gate, statePage) },
    { method: 'POST', path: `${INSPECTOR_PATH}/state/sign-ins/:sessionId`, auth: 'none', bodyLimit: FORM_LIMIT, handler: action(gate, signInAction) },
    { method: 'GET', path: `${INSPECTOR_PATH}/requests`, auth: 'none', handler: view(gate, (ctx, frame) => requestsPage(reference.journal, ctx, frame)) },
  ];
}
