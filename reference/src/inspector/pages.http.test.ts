/**
 * The inspector's pages as a browser gets them, pinned whole: a page's
 * markup and headers are all it does, so each is compared with a file under
 * __snapshots__/pages (update them with `vitest -u` after a change to a page
 * that was meant, and read the diff). The server runs on a clock that does
 * not move and the seeded state, so every id is the same run after run;
 * what is random or machine-dependent (the session's tokens, unsubscribe
 * tokens, the port, a request's duration) is replaced before the comparison. The stylesheet and
 * the script are left out of the files: the Content-Security-Policy header
 * names each by its hash, which pins them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from './forms.support.test.js';
import { Clock } from '../clock.js';
import { startTestServer, type TestClient } from '../testing.support.test.js';

const T0 = Date.UTC(2026, 0, 5, 9, 30, 0);
const TOKEN = 'inspector-pages-token-0123456789';
const PINNED_HEADERS = [
  'content-type',
  'location',
  'cache-control',
  'content-security-policy',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'x-frame-options',
  'www-authenticate',
  'set-cookie',
];

let t: TestClient;
let guarded: TestClient;
let cookie: string;
let csrf: string;
let authSession: string;
let newsletterId: string;
let postSeq: number;

beforeAll(async () => {
  [t, guarded] = await Promise.all([
    startTestServer({ clock: new Clock(() => T0), fixtures: 'empty' }),
    startTestServer({ clock: new Clock(() => T0), fixtures: 'empty', controlToken: TOKEN }),
  ]);
  // One after another: the seeded ids depend on the order.
  const demo = (await t.publications()).demo;
  await t.request('POST', '/v1/subscribers', { body: { email: 'Alice.Reader@example.com' } });
  await t.request('POST', '/v1/posts', { body: { title: 'Hello <readers>', markdown: 'Read [this](https://example.com/a?x=1&y=2) and [that](https://example.com/b).', sendNewsletter: true } });
  await t.request('POST', '/v1/posts', { body: { title: 'Later', markdown: 'x', sendNewsletter: true, scheduledAt: T0 + 3 * 3_600_000 } });
  await t.request('POST', '/v1/content', { body: { kind: 'tweet', title: 'A tweet', body: { text: 'hi' } } });
  await t.request('GET', '/v1/posts/no-such-post');
  await t.request('POST', '/_control/unsubscribe', { key: null, body: { publicationId: demo.id, email: 'gone@example.com' } });
  authSession = (await t.request('POST', '/v1/api/auth/sessions', { key: null, body: {} })).body.sessionId;
  newsletterId = (await t.request('GET', '/_control/outbox?kind=newsletter', { key: null })).body.items[0].id;
  postSeq = (await t.request('GET', '/_control/requests?method=POST&path=/v1/posts', { key: null })).body.requests.at(-1).seq;
  const first = await fetch(`${t.url}/_inspector/clock`);
  cookie = first.headers.get('set-cookie')!.split(';')[0];
  csrf = /name="csrf_token" value="([^"]+)"/.exec(await first.text())![1];
});
afterAll(async () => {
  await Promise.all([t?.close(), guarded?.close()]);
});

/** The answer as one text: status, the headers that matter, the body; what changes run to run replaced. */
async function pinned(server: TestClient, res: Response): Promise<string> {
  const headers = PINNED_HEADERS.flatMap((name) => (res.headers.has(name) ? [`${name}: ${res.headers.get(name)}`] : []));
  const body = (await res.text()).replace(/<style>[\s\S]*?<\/style>/, '<style>(INSPECTOR_STYLE)</style>').replace(/<script>[\s\S]*?<\/script>/, '<script>(INSPECTOR_SCRIPT)</script>');
  let text = `<!--\n${res.status}\n${headers.join('\n')}\n-->\n${body}`;
  for (const [secret, name] of [[csrf, 'CSRF'], [cookie.split('=')[1], 'SESSION'], [authSession, 'AUTH_SESSION']] as const) text = text.replaceAll(secret, name);
  text = text.replaceAll(server.url, 'http://SERVER').replaceAll(`:${new URL(server.url).port}`, ':PORT');
  return text
    .replace(/inspector_session=\w{32}/g, 'inspector_session=NEW_SESSION')
    .replace(/\/unsubscribe\/[\w-]+/g, '/unsubscribe/TOKEN')
    .replace(/\d+(\.\d+)? ms</g, 'N ms<');
}

async function get(path: string, server = t, withCookie = true): Promise<string> {
  return pinned(server, await fetch(server.url + path, { redirect: 'manual', headers: withCookie ? { Cookie: cookie } : {} }));
}

/** Text files: Stryker's sandbox rewrites the scripts of .html files (it marks them not to be type-checked). */
const file = (name: string) => `./__snapshots__/pages/${name}.txt`;

describe('the pages, whole', () => {
  it('the entry redirects to Mail', async () => {
    await expect(await get('/_inspector')).toMatchFileSnapshot(file('entry'));
  });

  it('Mail: the list, a first visit (the session cookie)', async () => {
    await expect(await get('/_inspector/mail', t, false)).toMatchFileSnapshot(file('mail'));
  });

  it('Mail: filtered, one email opened', async () => {
    await expect(await get(`/_inspector/mail?kind=newsletter&q=HELLO&to=&open=${newsletterId}`)).toMatchFileSnapshot(file('mail-open'));
  });

  it('Mail: nothing matches', async () => {
    await expect(await get('/_inspector/mail?q=nothing-has-this')).toMatchFileSnapshot(file('mail-none'));
  });

  it('Mail: an unknown kind, an unknown email', async () => {
    await expect(await get('/_inspector/mail?kind=fax')).toMatchFileSnapshot(file('mail-bad-kind'));
    await expect(await get('/_inspector/mail?open=em_99999999')).toMatchFileSnapshot(file('mail-no-email'));
  });

  it("Mail: an email's own document and the stamp", async () => {
    await expect(await get(`/_inspector/mail/${newsletterId}/body`)).toMatchFileSnapshot(file('mail-body'));
    await expect(await get('/_inspector/mail/stamp')).toMatchFileSnapshot(file('mail-stamp'));
    await expect(await get('/_inspector/mail/em_99999999/body')).toMatchFileSnapshot(file('mail-body-none'));
  });

  it('Clock', async () => {
    await expect(await get('/_inspector/clock')).toMatchFileSnapshot(file('clock'));
  });

  it('State: the demo publication, a search', async () => {
    await expect(await get('/_inspector/state?q=ALICE')).toMatchFileSnapshot(file('state'));
  });

  it('State: another publication, and one that does not exist', async () => {
    const other = (await t.publications()).other;
    await expect(await get(`/_inspector/state?publication=${other.id}&q=nobody`)).toMatchFileSnapshot(file('state-other'));
    await expect(await get('/_inspector/state?publication=pub_none')).toMatchFileSnapshot(file('state-none'));
  });

  it('Requests: the list, one opened, filtered', async () => {
    await expect(await get('/_inspector/requests')).toMatchFileSnapshot(file('requests'));
    await expect(await get(`/_inspector/requests?seq=${postSeq}&method=post&path=&status=`)).toMatchFileSnapshot(file('requests-open'));
    await expect(await get('/_inspector/requests?status=404')).toMatchFileSnapshot(file('requests-404'));
    await expect(await get('/_inspector/requests?path=/v1/nothing')).toMatchFileSnapshot(file('requests-none'));
    await expect(await get('/_inspector/requests?seq=999999')).toMatchFileSnapshot(file('requests-gone'));
  });

  it('a refused form, and an action that could not be done', async () => {
    await expect(await pinned(t, await post(t, '/_inspector/clock', { do: 'freeze' }, { Cookie: cookie }))).toMatchFileSnapshot(file('refused'));
    await expect(await pinned(t, await post(t, '/_inspector/clock', { csrf_token: csrf, do: 'advance', advanceMs: '-5' }, { Cookie: cookie }))).toMatchFileSnapshot(file('not-done'));
  });

  it('with a control token: the sign-in form, a wrong token', async () => {
    await expect(await get('/_inspector/state?publication=x', guarded, false)).toMatchFileSnapshot(file('sign-in'));
    await expect(await get('/_inspector/clock', guarded, false)).toMatchFileSnapshot(file('sign-in-plain'));
    await expect(await pinned(guarded, await post(guarded, '/_inspector/sign-in', { token: 'wrong', next: '/_inspector/clock' }))).toMatchFileSnapshot(file('sign-in-wrong'));
    await expect(await pinned(guarded, await post(guarded, '/_inspector/sign-in', { token: TOKEN, next: '/_inspector/clock' }, { Origin: 'https://evil.example' }))).toMatchFileSnapshot(file('sign-in-foreign'));
  });
});
