import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';

let c: TestClient;
let pubs: Record<string, { id: string; ownerEmail: string | null }>;
const control = (method: string, path: string, body?: unknown) => c.request(method, `/_control${path}`, { key: null, body });
const outbox = async (query = '') => (await control('GET', `/outbox?limit=all${query}`)).body.items;
const send = (body: unknown, key: string = DEMO_KEYS.demo) => c.request('POST', '/v1/emails/send', { key, body });

beforeAll(async () => {
  c = await startTestServer({ fixtures: 'empty' });
});
afterAll(() => c.close());
beforeEach(async () => {
  await control('POST', '/reset', { empty: true });
  await control('POST', '/clock', { frozen: true });
  const list = (await control('GET', '/publications')).body.publications;
  pubs = Object.fromEntries(list.map((p: { slug: string }) => [p.slug, p]));
});

describe('POST /v1/emails/send', () => {
  it('filters, queues one email per recipient and delivers a moment later', async () => {
    await control('POST', '/unsubscribe', { publicationId: pubs.demo.id, email: 'gone@example.com' });
    const res = await send({
      subject: 'Hello\r\nBcc: x@example.com',
      body: 'Hi **there** <script>alert(1)</script>',
      emails: ['a@example.com', ' B@example.com', 'b@example.com', 'not-an-email', 'x@mailinator.com', 'GONE@example.com', 'a@example.com'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      accepted: 2,
      skipped: [
        { email: 'not-an-email', reason: 'invalid' },
        { email: 'x@mailinator.com', reason: 'invalid' },
        { email: 'GONE@example.com', reason: 'suppressed' },
      ],
    });
    const emails = await outbox('&kind=custom');
    expect(emails.map((e: { to: string }) => e.to).sort()).toEqual(['B@example.com', 'a@example.com']);
    for (const e of emails) {
      expect(e.status).toBe('queued');
      expect(e.subject).toBe('Hello Bcc: x@example.com');
      expect(e.html).toContain('<strong>there</strong>');
      expect(e.html).not.toContain('<script>');
      expect(e.html).toContain(e.unsubscribeUrl);
      expect(e.text).toContain(e.unsubscribeUrl);
      expect(e.headers['List-Unsubscribe']).toBe(`<${e.unsubscribeUrl}>`);
      expect(e.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(e.requestId).toBe(emails[0].requestId);
    }
    expect(new Set(emails.map((e: { unsubscribeUrl: string }) => e.unsubscribeUrl)).size).toBe(2);
    await control('POST', '/clock', { advanceMs: 1000 });
    const delivered = await outbox('&kind=custom&status=delivered');
    expect(delivered).toHaveLength(2);
    expect(delivered[0].deliveredAt).toBe(delivered[0].createdAt + 1000);
  });

  it('dryRun returns the same split and sends nothing', async () => {
    const body = { subject: 's', body: 'b', emails: ['a@example.com', 'bad'] };
    const dry = await send({ ...body, dryRun: true });
    expect(dry.body).toEqual({ accepted: 1, skipped: [{ email: 'bad', reason: 'invalid' }] });
    expect(await outbox()).toEqual([]);
    expect((await send(body)).body).toEqual(dry.body);
  });

  it('validates the body, strictly', async () => {
    const ok = { subject: 's', body: 'b', emails: ['a@example.com'] };
    expect((await send({ ...ok, subject: '' })).status).toBe(400);
    expect((await send({ ...ok, subject: 'x'.repeat(999) })).status).toBe(400);
    expect((await send({ ...ok, body: 'x'.repeat(100_001) })).status).toBe(400);
    expect((await send({ ...ok, emails: [] })).status).toBe(400);
    expect((await send({ ...ok, emails: Array(10_001).fill('a@example.com') })).status).toBe(400);
    expect((await send({ ...ok, emails: [1] })).status).toBe(400);
    const typo = await send({ ...ok, dryrun: true });
    expect(typo.status).toBe(400);
    expect(typo.body.msg).toMatch(/dryrun/);
    expect(await outbox()).toEqual([]);
  });

  it('answers 403 for a publication not approved, until approved', async () => {
    const body = { subject: 's', body: 'b', emails: ['a@example.com'] };
    expect((await send(body, DEMO_KEYS.quiet)).status).toBe(403);
    await control('POST', `/publications/${pubs.quiet.id}/custom-email`, { approved: true });
    expect((await send(body, DEMO_KEYS.quiet)).status).toBe(200);
    await control('POST', `/publications/${pubs.demo.id}/custom-email`, { approved: false });
    expect((await send(body)).status).toBe(403);
  });

  it('answers 503 while the unavailable fault is on, for as many requests as asked', async () => {
    await control('POST', '/email-faults', { emailSend: 'unavailable', remaining: 1 });
    const body = { subject: 's', body: 'b', emails: ['a@example.com'] };
    expect((await send({ ...body, dryRun: true })).status).toBe(200);
    expect((await send(body)).status).toBe(503);
    expect((await send(body)).status).toBe(200);
    expect((await control('GET', '/email-faults')).body.emailSend).toBeNull();
  });

  it('reports scheduling_failed for listed addresses, which can be retried', async () => {
    await control('POST', '/email-faults', { emailSend: 'scheduling_failed', schedulingFailedAddresses: ['b@example.com'] });
    const res = await send({ subject: 's', body: 'b', emails: ['a@example.com', 'b@example.com', 'bad'] });
    expect(res.body).toEqual({
      accepted: 1,
      skipped: [
        { email: 'b@example.com', reason: 'scheduling_failed' },
        { email: 'bad', reason: 'invalid' },
      ],
    });
    expect((await outbox()).map((e: { to: string }) => e.to)).toEqual(['a@example.com']);
    await control('POST', '/email-faults', { emailSend: null });
    expect((await send({ subject: 's', body: 'b', emails: ['b@example.com'] })).body.accepted).toBe(1);
  });

  it('refuses a body marked takes too long to render, or nests too deeply, with 400, queueing nothing, while other requests are answered', async () => {
    // 100 KB of "_a_" takes marked 25 s: the rendering worker is stopped at its CPU budget (5 s).
    const slow = send({ subject: 'Slow', body: '_a_'.repeat(33_000), emails: ['a@example.com'] });
    const started = performance.now();
    const meanwhile = await c.request('GET', '/v1/me');
    expect(meanwhile.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
    const res = await slow;
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^the email body took more than 5 s to convert/);
    const deep = await send({ subject: 'Deep', body: '> - '.repeat(24_000), emails: ['a@example.com'] });
    expect(deep.status).toBe(400);
    expect(deep.body.msg).toMatch(/^the email body is nested too deeply to render/);
    expect(await outbox('&kind=custom')).toEqual([]);
    // The budget is the worker's CPU time: on a loaded machine 5 s of it take longer.
  }, 60_000);

  it('sends 10,000 addresses in one request', async () => {
    const emails = Array.from({ length: 10_000 }, (_, i) => `reader${i}@example.com`);
    const t = performance.now();
    const res = await send({ subject: 's', body: '# Hi', emails });
    expect(res.body.accepted).toBe(10_000);
    expect(performance.now() - t).toBeLessThan(10_000);
    expect((await control('GET', '/outbox?limit=1')).body.pagination.total).toBe(10_000);
  });
});

describe('unsubscribe', () => {
  it('serves a confirmation page, and POST (one-click) suppresses the address', async () => {
    await c.request('POST', '/v1/subscribers', { body: { email: 'reader@example.com' } });
    await send({ subject: 's', body: 'b', emails: ['reader@example.com'] });
    const [email] = await outbox('&kind=custom');
    const path = new URL(email.unsubscribeUrl).pathname;
    const page = await c.request('GET', path, { key: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('<form class="unsubscribe" method="post"');
    // GET alone changes nothing (link scanners prefetch URLs)
    expect((await c.request('GET', '/v1/subscribers')).body.items).toHaveLength(1);
    const post = await c.request('POST', path, { key: null, body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(post.status).toBe(200);
    expect(post.text).toContain('will no longer receive');
    expect((await c.request('GET', '/v1/subscribers')).body.items).toEqual([]);
    const again = await send({ subject: 's', body: 'b', emails: ['Reader@example.com'] });
    expect(again.body.skipped).toEqual([{ email: 'Reader@example.com', reason: 'suppressed' }]);
    // re-adding through the API does not undo an opt-out
    await c.request('POST', '/v1/subscribers', { body: { email: 'reader@example.com' } });
    expect((await c.request('GET', '/v1/subscribers')).body.items).toEqual([]);
    await c.request('DELETE', '/_control/suppressions', { key: null, body: { publicationId: pubs.demo.id, email: 'reader@example.com' } });
    expect((await c.request('GET', '/v1/subscribers')).body.items).toHaveLength(1);
  });

  it('answers 404 for an unknown token', async () => {
    const res = await c.request('GET', '/unsubscribe/not-a-token', { key: null });
    expect(res.status).toBe(404);
    expect(res.text).toContain('not valid');
  });

  it('turns off new-subscriber notifications from the owner notification link', async () => {
    await c.request('POST', '/v1/subscribers', { body: { email: 'fan@example.com' } });
    const [note] = await outbox('&kind=owner_notification');
    expect(note.to).toBe(pubs.demo.ownerEmail);
    expect(note.text).toContain('fan@example.com');
    await control('POST', '/unsubscribe', { token: new URL(note.unsubscribeUrl).pathname.split('/').pop() });
    expect((await c.request('GET', `/v1/publications/${pubs.demo.id}`, { key: null })).body.emailNotifications).toEqual({ newSubscriber: false });
    await c.request('POST', '/v1/subscribers', { body: { email: 'fan2@example.com' } });
    expect(await outbox('&kind=owner_notification')).toHaveLength(1);
  });
});

describe('owner notification', () => {
  it('goes for new subscribers added through the API, not for merges, imports or when off', async () => {
    await c.request('POST', '/v1/subscribers', { body: { email: 'a@example.com' } });
    await c.request('POST', '/v1/subscribers', { body: { email: 'a@example.com', wallet: '0x' + '1'.repeat(40) } });
    expect(await outbox('&kind=owner_notification')).toHaveLength(1);
    const form = new FormData();
    form.append('file', new Blob(['email\nb@example.com\n'], { type: 'text/csv' }), 's.csv');
    await fetch(`${c.url}/v1/subscribers/import`, { method: 'POST', headers: { Authorization: `Bearer ${DEMO_KEYS.demo}` }, body: form });
    expect(await outbox('&kind=owner_notification')).toHaveLength(1);
    await c.request('PATCH', `/v1/publications/${pubs.demo.id}`, { body: { emailNotifications: { newSubscriber: false } } });
    await c.request('POST', '/v1/subscribers', { body: { email: 'c@example.com' } });
    expect(await outbox('&kind=owner_notification')).toHaveLength(1);
    // quiet's owner has no address: nothing to send
    await c.request('POST', '/v1/subscribers', { key: DEMO_KEYS.quiet, body: { email: 'q@example.com' } });
    expect(await outbox('&kind=owner_notification')).toHaveLength(1);
  });
});

describe('newsletters', () => {
  async function seedSubscribers() {
    for (const email of ['n1@example.com', 'n2@example.com', 'n3@example.com'])
      await c.request('POST', '/v1/subscribers', { body: { email } });
    await c.request('POST', '/v1/subscribers', { body: { wallet: '0x' + '2'.repeat(40) } });
    await control('POST', '/unsubscribe', { publicationId: pubs.demo.id, email: 'n3@example.com' });
    await c.request('POST', '/v1/subscribers', { key: DEMO_KEYS.other, body: { email: 'elsewhere@example.com' } });
  }

  it('go once to each active subscriber with an email when a post publishes with sendNewsletter', async () => {
    await seedSubscribers();
    const created = await c.request('POST', '/v1/posts', { body: { title: 'Issue 1', markdown: 'Hello <b>readers</b>', sendNewsletter: true } });
    expect(created.body.status).toBe('published');
    const letters = await outbox('&kind=newsletter');
    expect(letters.map((e: { to: string }) => e.to).sort()).toEqual(['n1@example.com', 'n2@example.com']);
    expect(letters.every((e: { postId: string; subject: string }) => e.postId === created.body.id && e.subject === 'Issue 1')).toBe(true);
    expect(letters[0].html).not.toContain('<b>readers</b>');
    // editing the live post again does not send it again
    await c.request('PUT', `/v1/posts/${created.body.id}`, { body: { status: 'published', sendNewsletter: true, title: 'Issue 1b' } });
    await c.request('PUT', `/v1/posts/${created.body.id}`, { body: { status: 'draft' } });
    await c.request('PUT', `/v1/posts/${created.body.id}`, { body: { status: 'published', sendNewsletter: true } });
    expect(await outbox('&kind=newsletter')).toHaveLength(2);
  });

  it('are not sent without sendNewsletter, nor for drafts', async () => {
    await seedSubscribers();
    await c.request('POST', '/v1/posts', { body: { title: 'Quiet', markdown: 'x' } });
    await c.request('POST', '/v1/posts', { body: { title: 'Draft', markdown: 'x', status: 'draft', sendNewsletter: true } });
    expect(await outbox('&kind=newsletter')).toEqual([]);
  });

  it('go when the clock reaches scheduledAt, exactly once', async () => {
    await seedSubscribers();
    const now = (await control('GET', '/clock')).body.now;
    const created = await c.request('POST', '/v1/posts', { body: { title: 'Later', markdown: 'x', scheduledAt: now + 3_600_000, sendNewsletter: true } });
    expect(created.body.status).toBe('scheduled');
    expect(await outbox('&kind=newsletter')).toEqual([]);
    await control('POST', '/clock', { advanceMs: 3_599_999 });
    expect(await outbox('&kind=newsletter')).toEqual([]);
    await control('POST', '/clock', { advanceMs: 5_000 });
    const letters = await outbox('&kind=newsletter');
    expect(letters).toHaveLength(2);
    expect(letters[0].createdAt).toBe(now + 3_600_000);
    expect(letters[0].deliveredAt).toBe(now + 3_601_000);
    await control('POST', '/clock', { advanceMs: 86_400_000 });
    expect(await outbox('&kind=newsletter')).toHaveLength(2);
  });
});

describe('test newsletter', () => {
  it('sends a draft to the owner, and refuses other posts and owners without an address', async () => {
    const draft = (await c.request('POST', '/v1/posts', { body: { title: 'Draft', markdown: 'x', status: 'draft' } })).body;
    expect((await c.request('POST', `/v1/posts/${draft.id}/test-email`, { body: {} })).body).toEqual({ success: true });
    const [test] = await outbox('&kind=test');
    expect(test.to).toBe(pubs.demo.ownerEmail);
    expect(test.subject).toBe('[Test] Draft');
    expect(test.postId).toBe(draft.id);
    const live = (await c.request('POST', '/v1/posts', { body: { title: 'Live', markdown: 'x' } })).body;
    expect((await c.request('POST', `/v1/posts/${live.id}/test-email`, { body: {} })).status).toBe(400);
    expect((await c.request('POST', `/v1/posts/${draft.id}/test-email`, { key: DEMO_KEYS.other, body: {} })).status).toBe(404);
    expect((await c.request('POST', '/v1/posts/nope/test-email', { body: {} })).status).toBe(404);
    const quietDraft = (await c.request('POST', '/v1/posts', { key: DEMO_KEYS.quiet, body: { title: 'Q', markdown: 'x', status: 'draft' } })).body;
    const noOwner = await c.request('POST', `/v1/posts/${quietDraft.id}/test-email`, { key: DEMO_KEYS.quiet, body: {} });
    expect(noOwner.status).toBe(400);
    expect(noOwner.body.msg).toMatch(/no email address/);
    expect(await outbox('&kind=test')).toHaveLength(1);
  });
});

describe('control outbox', () => {
  it('filters, pages newest first, and empties', async () => {
    await send({ subject: 'one', body: 'b', emails: ['a@example.com', 'b@example.com'] });
    await control('POST', '/clock', { advanceMs: 10 });
    await send({ subject: 'two', body: 'b', emails: ['a@example.com'] });
    const all = await outbox();
    expect(all.map((e: { subject: string }) => e.subject)).toEqual(['two', 'one', 'one']);
    expect(await outbox('&to=A@example.com')).toHaveLength(2);
    const page = (await control('GET', '/outbox?limit=2')).body;
    expect(page.pagination).toMatchObject({ hasMore: true, total: 3 });
    const rest = (await control('GET', `/outbox?limit=2&cursor=${encodeURIComponent(page.pagination.cursor)}`)).body;
    expect(rest.items).toHaveLength(1);
    expect((await control('GET', `/outbox/${all[0].id}`)).body.id).toBe(all[0].id);
    expect((await control('GET', '/outbox?limit=0')).status).toBe(400);
    expect((await control('DELETE', '/outbox')).body).toEqual({ success: true, deleted: 3 });
    expect(await outbox()).toEqual([]);
  });
});
