/**
 * The verification page of the reference, over plain HTTP (the reference's
 * own unit suite drives it in a real browser): what it shows, where approval
 * leads, and its protection against cross-site request forgery. The page,
 * its form fields and its cookie are the reference's design, so these are
 * reference-choices rules.
 */
import { AuthSessionCompleted, AuthSessionPending } from '../../../schemas/auth-sessions.js';
import { expectOk, expectStatus, fail, rule, type ApiResponse } from '../../src/authoring/index.js';
import { approveFields, bodyOf, escapeHtml, openPage, refusalProblem, submit, titleOf } from './page-client.js';
import { createSession, deviceName, poll, revokeKey } from './sessions.js';

rule(
  ['auth-sessions.page.shows-device', 'auth-sessions.approval.flow'],
  'the verification page shows the device name HTML-escaped, with Approve and Deny',
  async (ctx) => {
    const name = `<b>conformance</b> & "quotes" ${ctx.runId}`;
    const { verificationUrl } = await createSession(ctx, { deviceName: name });
    const page = await openPage(ctx, verificationUrl);
    expectStatus(page.res, 200);
    if (!/^text\/html/.test(page.res.headers['content-type'] ?? '')) fail(`the page is ${page.res.headers['content-type']}, not HTML`);
    const escaped = escapeHtml(name);
    if (!bodyOf(page.res.text).includes(escaped)) fail('the page does not show the device name, escaped');
    if (!titleOf(page.res.text).includes(escaped)) fail('the page title does not name the device');
    if (page.res.text.includes('<b>conformance</b>')) fail('the page shows the device name as markup');
    if (!/value="approve"/.test(page.res.text) || !/value="deny"/.test(page.res.text)) fail('the page has no Approve and Deny buttons');
    // A browser may send an Authorization header of its own (HTTP authentication in front of the server): the page reads none.
    const withAuthorization = await ctx.api.anonymous.get(page.path, { headers: { accept: 'text/html', authorization: 'Basic Y29uZm9ybWFuY2U6cGFnZQ==' } });
    if (withAuthorization.status !== 200) fail(`the page answered ${withAuthorization.status} to a browser sending its own Authorization header`);
  },
);

rule(
  ['auth-sessions.page.callback-redirect', 'auth-sessions.approval.flow', 'auth-sessions.poll.completed'],
  'approving on the page redirects 303 to callbackUrl with session added, and the client then collects the key',
  async (ctx) => {
    const callbackUrl = 'https://callback.example.com/done?state=conformance';
    const { sessionId, verificationUrl } = await createSession(ctx, { deviceName: deviceName(ctx, 'page'), callbackUrl });
    const page = await openPage(ctx, verificationUrl);
    const res = expectStatus(await submit(ctx, page, approveFields(page)), 303);
    const expected = `${callbackUrl}&session=${encodeURIComponent(sessionId)}`;
    if (res.headers.location !== expected) fail(`Location is ${res.headers.location}, expected ${expected}`);
    const { apiKey } = expectOk(await poll(ctx, sessionId), AuthSessionCompleted);
    await revokeKey(ctx, apiKey);
  },
);

rule(
  ['auth-sessions.page.csrf'],
  'a decision from another origin, without the cookie, or with a token of another page view is refused with 403 and changes nothing',
  async (ctx) => {
    const { sessionId, verificationUrl } = await createSession(ctx, { deviceName: deviceName(ctx, 'csrf') });
    const victim = await openPage(ctx, verificationUrl);
    const attacker = await openPage(ctx, verificationUrl);
    if (!victim.cookie || !victim.token) fail('the page set no csrf cookie or token');
    const attempts: Array<[string, Promise<ApiResponse>]> = [
      ['from another origin', submit(ctx, victim, approveFields(victim), { origin: 'https://attacker.example.com' })],
      ['from a same-site page', submit(ctx, victim, approveFields(victim), { 'sec-fetch-site': 'same-site' })],
      ['without the cookie', submit(ctx, { ...victim, cookie: '' }, approveFields(victim))],
      ["with the attacker's token", submit(ctx, victim, { ...approveFields(victim), csrf_token: attacker.token })],
      ['without a token', submit(ctx, victim, { decision: 'approve', publication_id: victim.publicationId })],
    ];
    for (const [label, attempt] of attempts) {
      const res = await attempt;
      if (res.status !== 403) fail(`a decision ${label} answered ${res.status}, expected 403`);
      const problem = refusalProblem(res.text, victim.path);
      if (problem) fail(`the page refusing a decision ${label} ${problem}`);
    }
    expectOk(await poll(ctx, sessionId), AuthSessionPending);
  },
);

rule(
  ['auth-sessions.page.csrf'],
  "a decision from the page is taken under another of the server's names, with Sec-Fetch-Site same-origin or none, and with other cookies beside the page's; Origin null is refused",
  async (ctx) => {
    const target = new URL(ctx.target.url);
    // A reference reached as localhost while its base URL says 127.0.0.1: its Origin is <scheme>://<Host> (docs/spec-gaps-auth-sessions.md).
    const localhost = `localhost${target.port ? `:${target.port}` : ''}`;
    const nullOrigin = await createSession(ctx, { deviceName: deviceName(ctx, 'null-origin') });
    const opened = await openPage(ctx, nullOrigin.verificationUrl);
    const refused = await submit(ctx, opened, approveFields(opened), { origin: 'null' });
    if (refused.status !== 403) fail(`a decision with Origin: null (a sandboxed or privacy-sensitive context) answered ${refused.status}, expected 403`);
    expectOk(await poll(ctx, nullOrigin.sessionId), AuthSessionPending);
    const taken: Array<[string, (cookie: string) => Record<string, string>]> = [
      [`under the name ${localhost}`, () => ({ host: localhost, origin: `${target.protocol}//${localhost}` })],
      [`under the name ${localhost} with the base URL's Origin`, () => ({ host: localhost, origin: target.origin })],
      ['with Sec-Fetch-Site: same-origin', () => ({ 'sec-fetch-site': 'same-origin' })],
      ['with Sec-Fetch-Site: none (typed in, a bookmark)', () => ({ 'sec-fetch-site': 'none' })],
      ["with other cookies beside the page's", (cookie) => ({ cookie: `flag; theme=dark; ${cookie} ; lang=en` })],
    ];
    for (const [label, headers] of taken) {
      const { sessionId, verificationUrl } = await createSession(ctx, { deviceName: deviceName(ctx, 'csrf-taken') });
      const page = await openPage(ctx, verificationUrl);
      const res = await submit(ctx, page, { csrf_token: page.token, decision: 'deny' }, headers(page.cookie));
      if (res.status !== 303) fail(`a decision from the page ${label} answered ${res.status}, expected 303 (taken): ${res.text.slice(0, 300)}`);
      expectStatus(await poll(ctx, sessionId), 404);
    }
  },
);

rule(
  ['auth-sessions.page.outcome', 'auth-sessions.approval.deny'],
  'after Deny on the page, the page says denied without a form, and the poll answers 404',
  async (ctx) => {
    const { sessionId, verificationUrl } = await createSession(ctx, { deviceName: deviceName(ctx, 'deny') });
    const page = await openPage(ctx, verificationUrl);
    // Deny needs no publication: whatever the select sends is not read.
    expectStatus(await submit(ctx, page, { csrf_token: page.token, decision: 'deny', publication_id: `${ctx.runId}-unknown` }), 303);
    const after = await openPage(ctx, verificationUrl);
    if (!/denied/i.test(titleOf(after.res.text))) fail('the page does not say the request was denied');
    if (!bodyOf(after.res.text).includes(escapeHtml(deviceName(ctx, 'deny')))) fail('the page of a denied request does not name the device');
    if (/<form/i.test(after.res.text)) fail('the page of a denied session still has a form');
    expectStatus(await poll(ctx, sessionId), 404);
    const again = await submit(ctx, page, approveFields(page));
    if (again.status !== 409) fail(`approving a denied session on the page answered ${again.status}, expected 409`);
  },
);
