/**
 * The Requests page at the edges the pinned pages do not reach: a request
 * with a query, a 400, answers a fault rule cut short or dropped, a key the
 * server did not know, a request older than the hundred newest opened, and
 * the curl command of each method.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visit } from './forms.support.test.js';
import { curlOf } from './requests.js';
import { Clock } from '../clock.js';
import type { JournalEntry } from '../journal/store.js';
import type { State } from '../state.js';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';

const T0 = Date.UTC(2026, 0, 5, 9, 30, 0);

let t: TestClient;
let cookie: string;
/** The journal's entries, newest first, as GET /_control/requests lists them. */
let entries: JournalEntry[];
const seqOf = (method: string, path: string) => entries.find((e) => e.method === method && e.path === path)!.seq;

beforeAll(async () => {
  t = await startTestServer({ clock: new Clock(() => T0), fixtures: 'empty' });
  const fault = (id: string, method: string, path: string, type: string) =>
    t.request('POST', '/_control/faults', { key: null, body: { id, match: { method, path }, action: { type } } });
  await fault('cut', 'GET', '/v1/subscribers', 'truncate');
  await fault('gone', 'DELETE', '/v1/posts/doomed', 'drop');
  await t.request('GET', '/v1/posts?limit=1');
  await t.request('POST', '/v1/posts', { body: {} });
  await t.request('GET', '/v1/subscribers').catch(() => undefined);
  await t.request('DELETE', '/v1/posts/doomed').catch(() => undefined);
  await t.request('GET', '/v1/publications/me', { key: 'pk_nobody_knows_this_key_000000000' });
  entries = (await t.request('GET', '/_control/requests?limit=1000', { key: null })).body.requests;
  ({ cookie } = (await visit(t, '/_inspector/clock')) as { cookie: string });
});
afterAll(() => t?.close());

const page = async (path: string) => (await visit(t, path, cookie)).html;
/** The row of the list that links to a request. */
const rowOf = (html: string, seq: number) => new RegExp(`<tr>\\s*<td class="mono">[^<]*</td>\\s*<td><a href="/_inspector/requests\\?seq=${seq}#request">[\\s\\S]*?</tr>`).exec(html)?.[0];

describe('the list', () => {
  it('shows the query, and marks a 4xx, a cut answer and a dropped connection as bad', async () => {
    const html = await page('/_inspector/requests');
    expect(rowOf(html, seqOf('GET', '/v1/posts'))).toContain('GET <span class="wrap">/v1/posts?limit=1</span></a></td>\n<td><span class="badge ok">200</span>');
    expect(rowOf(html, seqOf('POST', '/v1/posts'))).toContain('<td><span class="badge bad">400</span></td>');
    expect(rowOf(html, seqOf('GET', '/v1/subscribers'))).toContain('<td><span class="badge bad">200 truncated</span></td>');
    expect(rowOf(html, seqOf('DELETE', '/v1/posts/doomed'))).toContain('<td><span class="badge bad">dropped</span></td>');
    // A key the server did not know belongs to no publication.
    expect(rowOf(html, seqOf('GET', '/v1/publications/me'))).toMatch(/<td class="num">[^<]*<\/td>\n<td><\/td>/);
  });

  it('keeps the filters in the form and in the links to each request', async () => {
    const html = await page('/_inspector/requests?method=get&path=/v1/posts&status=200');
    expect(html).toContain('<option selected>GET</option>');
    expect(html).toContain('name="path" value="/v1/posts"');
    expect(html).toContain('name="status" inputmode="numeric" size="4" value="200"');
    expect(html).toContain('<h2 id="requests-count">1 request</h2>');
    expect(html).toContain(`href="/_inspector/requests?method=get&amp;path=%2Fv1%2Fposts&amp;status=200&amp;seq=${seqOf('GET', '/v1/posts')}#request"`);
  });
});

describe('one request opened', () => {
  const facts = async (method: string, path: string) => /<dl class="facts">[\s\S]*?<\/dl>/.exec(await page(`/_inspector/requests?seq=${seqOf(method, path)}`))![0];

  it('names the fault rule and what the client got', async () => {
    const cut = await facts('GET', '/v1/subscribers');
    expect(cut).toContain('<dt>Status</dt><dd>200</dd>');
    expect(cut).toContain('<dt>Outcome</dt><dd>truncated (fault rule <code>cut</code>)</dd>');
    const dropped = await facts('DELETE', '/v1/posts/doomed');
    expect(dropped).toContain('<dt>Status</dt><dd>none (the connection was dropped)</dd>');
    expect(dropped).toContain('<dt>Outcome</dt><dd>dropped (fault rule <code>gone</code>)</dd>');
  });

  it('shows the query, the error, and a key nobody owns', async () => {
    expect(await facts('GET', '/v1/posts')).toContain('<dt>Query</dt><dd class="mono wrap">limit=1</dd>');
    expect(await facts('POST', '/v1/posts')).toMatch(/<dt>Error<\/dt><dd class="wrap">[^(<][^<]+<\/dd>/);
    const unknown = await facts('GET', '/v1/publications/me');
    expect(unknown).toContain('<dt>Key of</dt><dd>no key, or a key the server did not know</dd>');
  });

  it('repeats the request as curl, with the query and without a key nobody owns', async () => {
    const curl = (html: string) => /<pre id="curl">([^<]*)<\/pre>/.exec(html)![1];
    expect(curl(await page(`/_inspector/requests?seq=${seqOf('GET', '/v1/posts')}`))).toBe(`curl &#39;${t.url}/v1/posts?limit=1&#39; -H &#39;Authorization: Bearer ${DEMO_KEYS.demo}&#39;`);
    expect(curl(await page(`/_inspector/requests?seq=${seqOf('GET', '/v1/publications/me')}`))).toBe(`curl &#39;${t.url}/v1/publications/me&#39;`);
  });

  it('finds a request older than the hundred newest, while the journal keeps it', async () => {
    const oldest = seqOf('GET', '/v1/posts');
    for (let i = 0; i < 100; i++) await t.request('GET', '/v1/posts');
    const html = await page(`/_inspector/requests?seq=${oldest}`);
    expect(html).toContain(`<h2 id="request-title" class="wrap">#${oldest} GET /v1/posts</h2>`);
  });
});

describe('a request of a publication the state no longer has', () => {
  it('names it by its id (a snapshot of another seed restored: the journal outlives it)', async () => {
    const other = await startTestServer({ fixtures: 'empty' });
    try {
      await other.request('POST', '/_control/snapshot', { key: null, body: { name: 'seed-one' } });
      await other.request('POST', '/_control/reset', { key: null, body: { empty: true, seed: 2 } });
      const gone = (await other.publications()).demo.id;
      await other.request('GET', '/v1/posts');
      await other.request('POST', '/_control/restore', { key: null, body: { name: 'seed-one' } });
      expect((await other.publications()).demo.id).not.toBe(gone);
      const list = (await visit(other, '/_inspector/requests')).html;
      expect(list).toMatch(new RegExp(`<td class="num">[^<]*</td>\n<td>@${gone}</td>`));
      const seq = /\?seq=(\d+)#request/.exec(list)![1];
      const opened = (await visit(other, `/_inspector/requests?seq=${seq}`)).html;
      expect(opened).toContain(`<dt>Key of</dt><dd>${gone}</dd>`);
      expect(opened).toContain(`<pre id="curl">curl &#39;${other.url}/v1/posts&#39;</pre>`);
    } finally {
      await other.close();
    }
  });
});

describe('curlOf', () => {
  const state = { keys: { activeKeysOf: () => ['pk_a'] } } as unknown as State;
  const entry = (method: string, publicationId: string | null): JournalEntry => ({ seq: 1, at: '', method, path: '/v1/x', query: '', status: 200, durationMs: 1, publicationId, msg: null, outcome: 'answered', fault: null });
  const body = `-H 'Content-Type: application/json' --data @body.json`;

  it.each([
    ['GET', `curl 'http://h/v1/x' -H 'Authorization: Bearer pk_a'`],
    ['POST', `curl -X POST 'http://h/v1/x' -H 'Authorization: Bearer pk_a' ${body}`],
    ['PATCH', `curl -X PATCH 'http://h/v1/x' -H 'Authorization: Bearer pk_a' ${body}`],
    ['PUT', `curl -X PUT 'http://h/v1/x' -H 'Authorization: Bearer pk_a' ${body}`],
    ['DELETE', `curl -X DELETE 'http://h/v1/x' -H 'Authorization: Bearer pk_a'`],
  ])('%s: a body only for a write that has one', (method, expected) => {
    expect(curlOf(state, 'http://h', entry(method, 'pub'))).toBe(expected);
  });

  it('sends no key for a request without one', () => {
    expect(curlOf(state, 'http://h', entry('GET', null))).toBe(`curl 'http://h/v1/x'`);
  });
});
