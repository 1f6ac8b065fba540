/**
 * The verification page, what it shows and sends: the request's details on
 * the pending page, the page of each outcome, and the headers of every page
 * and redirect (docs/spec-gaps-auth-sessions.md, "The approval page").
 */
import { createHash } from 'node:crypto';
import { expectStatus, fail, rule, type ApiResponse, type RuleContext } from '../../src/authoring/index.js';
import { approveFields, bodyOf, escapeHtml, openPage, submit, titleOf } from './page-client.js';
import { createSession, deviceName, MINUTE, poll, revokeKey } from './sessions.js';

const SECOND = 1000;


rule(
  ['auth-sessions.page.shows-request'],
  "the pending page shows the callback's origin, when the request expires, and every publication with the demo one chosen",
  async (ctx) => {
    const callbackUrl = 'https://callback.example.com:8443/done?state=conformance-secret';
    const created = await createSession(ctx, { deviceName: deviceName(ctx, 'shows'), callbackUrl });
    const page = await openPage(ctx, created.verificationUrl);
    const text = expectStatus(page.res, 200).text;
    if (!text.includes('https://callback.example.com:8443')) fail("the pending page does not show the callback's origin");
    const expiresAt = new Date(created.expiresAt);
    const utc = `${expiresAt.toISOString().slice(11, 16)} UTC`;
    if (!text.includes(`in 5 minutes (${utc})`)) fail(`the pending page does not say it expires in 5 minutes (${utc})`);

    const footer = /<footer[^>]*>([\s\S]*?)<\/footer>/.exec(text)?.[1] ?? '';
    if (!/owner of the publication/i.test(footer)) fail('the page does not say in its footer that it acts as the owner of the publication chosen');

    const publications = await ctx.control.publications();
    const options = [...text.matchAll(/<option value="([^"]*)"( selected)?>([^<]*)<\/option>/g)];
    for (const p of publications) {
      const option = options.find((o) => o[1] === escapeHtml(p.id));
      if (!option) fail(`the select does not offer publication ${p.id}`);
      const owner = (await ctx.api.anonymous.get(`/v1/users/${encodeURIComponent(p.ownerUserId)}`)).body as { name?: string } | undefined;
      const wanted = [escapeHtml(p.name), `@${escapeHtml(p.slug)}`, `owner ${escapeHtml(owner?.name ?? '')}`];
      if (wanted.some((w) => !option[3]!.includes(w))) fail(`the option of ${p.id} reads ${option[3]}, not its name, @slug and owner ${owner?.name}`);
    }
    if (options.length !== publications.length) fail(`the select offers ${options.length} publications, the target has ${publications.length}`);
    const demo = publications.find((p) => p.slug === 'demo') ?? publications[0];
    const selected = options.filter((o) => o[2]).map((o) => o[1]);
    if (selected.length !== 1 || selected[0] !== demo?.id) fail(`the select has ${JSON.stringify(selected)} chosen, expected the demo publication ${demo?.id}`);
  },
  { needs: ['control'] },
);

rule(
  ['auth-sessions.page.shows-request'],
  'a minute before expiry the pending page says it expires in 1 minute, without a callback line',
  async (ctx) => {
    const created = await createSession(ctx, { deviceName: deviceName(ctx, 'minute') });
    await ctx.control.advanceClock(5 * MINUTE - 5 * SECOND);
    const text = expectStatus((await openPage(ctx, created.verificationUrl)).res, 200).text;
    if (!text.includes('in 1 minute (')) fail('five seconds before expiry the page does not say "in 1 minute"');
    if (/after approval/i.test(text)) fail('a page of a session without callbackUrl says where the browser goes after approval');
    const details = /<dl>([\s\S]*?)<\/dl>/.exec(text)?.[1] ?? '';
    const rest = details.replace(/<dt>[^<]*<\/dt><dd[^>]*>[\s\S]*?<\/dd>/g, '').trim();
    if (rest !== '') fail(`the request's details hold more than its entries: ${JSON.stringify(rest)}`);
  },
  { needs: ['control:clock'] },
);

rule(
  ['auth-sessions.page.outcome'],
  'the page of an expired session says so with 200 and no form; a decision on it is 409 with that page',
  async (ctx) => {
    const created = await createSession(ctx, { deviceName: deviceName(ctx, 'expired') });
    const page = await openPage(ctx, created.verificationUrl);
    await ctx.control.advanceClock(5 * MINUTE + SECOND);
    const after = expectStatus((await openPage(ctx, created.verificationUrl, page.cookie)).res, 200);
    if (!/expired/i.test(titleOf(after.text))) fail(`the page of an expired session is titled ${JSON.stringify(titleOf(after.text))}`);
    if (/<form/i.test(after.text)) fail('the page of an expired session has a form');
    if (!bodyOf(after.text).includes(escapeHtml(deviceName(ctx, 'expired')))) fail('the page of an expired session does not name the device to start again on');
    const late = expectStatus(await submit(ctx, page, approveFields(page)), 409);
    if (!/expired/i.test(titleOf(late.text))) fail(`approving an expired session answered the page ${JSON.stringify(titleOf(late.text))}`);
  },
  { needs: ['control:clock'] },
);

rule(
  ['auth-sessions.page.outcome', 'auth-sessions.approval.flow'],
  'after the key is collected the page says the request was already used, with 200 and no form',
  async (ctx) => {
    const created = await createSession(ctx, { deviceName: deviceName(ctx, 'used') });
    const page = await openPage(ctx, created.verificationUrl);
    expectStatus(await submit(ctx, page, approveFields(page)), 303);
    const completed = await poll(ctx, created.sessionId);
    const after = expectStatus((await openPage(ctx, created.verificationUrl, page.cookie)).res, 200);
    if (!/already used/i.test(titleOf(after.text))) fail(`the page of a collected session is titled ${JSON.stringify(titleOf(after.text))}`);
    if (/<form/i.test(after.text)) fail('the page of a collected session has a form');
    if (!bodyOf(after.text).includes(escapeHtml(deviceName(ctx, 'used')))) fail('the page of a collected session does not name the device that collected the key');
    await revokeKey(ctx, (completed.body as { apiKey: string }).apiKey);
  },
);

/** The directives of a Content-Security-Policy, by name. */
function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((words) => words[0])
      .map((words) => [words[0]!, words.slice(1).join(' ')]),
  );
}

/** Not cached, no Referer beyond the server; on a page, never framed and the policy of the register with `formAction` as its form-action. */
function expectPageHeaders(res: ApiResponse, what: string, formAction?: string): void {
  if (res.headers['cache-control'] !== 'no-store') fail(`${what} has Cache-Control ${res.headers['cache-control']}, expected no-store`);
  if (res.headers['referrer-policy'] !== 'same-origin') fail(`${what} has Referrer-Policy ${res.headers['referrer-policy']}, expected same-origin`);
  if (formAction === undefined) return;
  if (res.headers['x-frame-options'] !== 'DENY') fail(`${what} has X-Frame-Options ${res.headers['x-frame-options']}, expected DENY`);
  const style = /<style>([\s\S]*?)<\/style>/.exec(res.text)?.[1];
  if (style === undefined || style.trim() === '') fail(`${what} has no stylesheet`);
  const expected = new Map([
    ['default-src', "'none'"],
    ['style-src', `'sha256-${createHash('sha256').update(style).digest('base64')}'`],
    ['img-src', "'self' data:"],
    ['form-action', formAction],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'none'"],
  ]);
  const got = directives(res.headers['content-security-policy'] ?? '');
  for (const [name, value] of expected) {
    if (got.get(name) !== value) fail(`${what}: Content-Security-Policy ${name} is ${JSON.stringify(got.get(name))}, expected ${JSON.stringify(value)}`);
  }
  if (got.size !== expected.size) fail(`${what}: Content-Security-Policy has other directives: ${res.headers['content-security-policy']}`);
}

rule(
  ['auth-sessions.page.headers'],
  "every page and redirect is no-store and same-origin referrer, every page never framed, with the register's Content-Security-Policy",
  async (ctx: RuleContext) => {
    const withCallback = await createSession(ctx, { deviceName: deviceName(ctx, 'headers'), callbackUrl: 'https://callback.example.com:8443/done' });
    const pending = await openPage(ctx, withCallback.verificationUrl);
    expectPageHeaders(expectStatus(pending.res, 200), 'the pending page with a callback', "'self' https://callback.example.com:8443");
    const approved = expectStatus(await submit(ctx, pending, approveFields(pending)), 303);
    expectPageHeaders(approved, 'the redirect after approval');
    const outcome = await openPage(ctx, withCallback.verificationUrl, pending.cookie);
    expectPageHeaders(expectStatus(outcome.res, 200), 'the page of an approved session', "'self'");
    const { apiKey } = (await poll(ctx, withCallback.sessionId)).body as { apiKey: string };
    await revokeKey(ctx, apiKey);

    const plain = await createSession(ctx, { deviceName: deviceName(ctx, 'headers') });
    expectPageHeaders(expectStatus((await openPage(ctx, plain.verificationUrl)).res, 200), 'the pending page without a callback', "'self'");
    const unknown = await openPage(ctx, plain.verificationUrl.replace(plain.sessionId, `${plain.sessionId}x`));
    expectPageHeaders(expectStatus(unknown.res, 404), 'the page of an unknown session', "'self'");
  },
);
