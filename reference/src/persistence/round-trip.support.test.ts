/**
 * For the persistence tests: a server on a frozen clock, a set of writes that
 * touches every area (including work left scheduled: a post to publish, a
 * content send, emails not yet delivered), and a set of reads whose answers
 * a restored copy must repeat exactly. Not used by the server.
 */
import { Clock } from '../clock.js';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';
import type { ServerOptions } from '../server.js';

export const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
export const HOUR = 3_600_000;

/** Same clock reading and same public URL, so two servers' answers can be compared byte for byte. */
export async function startFrozen(options: ServerOptions = {}): Promise<TestClient> {
  const clock = new Clock(() => T0);
  clock.freeze(true);
  const client = await startTestServer({ clock, logErrors: false, ...options });
  client.server.reference.setBaseUrl('http://ref.test');
  return client;
}

async function ok<T = any>(client: TestClient, method: string, path: string, body?: unknown, key: string | null = DEMO_KEYS.demo): Promise<T> {
  const res = await client.request<T>(method, path, { body, key });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

export interface Written {
  publicationId: string;
  draftId: string;
  scheduledId: string;
  publishedId: string;
  contentId: string;
  queuedContentId: string;
  bucketId: string;
  sessionId: string;
  unsubscribePath: string;
}

/** Writes in every area; leaves a post scheduled at T0 + 1 h, a content send queued for T0 + 2 h and emails queued. */
export async function writeEverywhere(client: TestClient): Promise<Written> {
  const control = (method: string, path: string, body?: unknown) => ok(client, method, path, body, null);
  const { publications } = await control('GET', '/_control/publications');
  const demo = publications.find((p: { slug: string }) => p.slug === 'demo');
  const publicationId: string = demo.id;

  const draft = await ok(client, 'POST', '/v1/posts', { title: 'Persisted draft', markdown: '# Kept\n\nAcross **restarts**.', status: 'draft' });
  const scheduled = await ok(client, 'POST', '/v1/posts', {
    title: 'Goes out later', markdown: 'Later.', scheduledAt: T0 + HOUR, sendNewsletter: true, categories: ['Later'],
  });
  const published = await ok(client, 'POST', '/v1/posts', {
    title: 'Out now', markdown: 'Now.', imageUrl: 'https://example.com/cover.png', imageAlt: 'A cover', categories: ['Persisted'],
  });
  await ok(client, 'PUT', `/v1/posts/${draft.id}`, { subtitle: 'edited once' });
  const { items: drafts } = await ok(client, 'GET', '/v1/posts?status=draft');
  const victim = drafts.find((p: { id: string }) => p.id !== draft.id);
  await ok(client, 'DELETE', `/v1/posts/${victim.id}`);
  await ok(client, 'PATCH', `/v1/publications/${publicationId}`, { pinnedPostIds: [published.id], summary: 'Kept across restarts' });

  await ok(client, 'POST', '/v1/subscribers', { email: 'kept@example.org' });
  await ok(client, 'POST', '/v1/subscribers', { email: 'gone@example.org', wallet: '0x' + 'ab'.repeat(20) });
  await ok(client, 'POST', '/v1/subscribers', { wallet: '0x' + 'cd'.repeat(20) });
  await ok(client, 'DELETE', '/v1/subscribers', { email: 'gone@example.org' });
  await control('POST', '/_control/unsubscribe', { publicationId, email: 'kept@example.org' });

  await control('POST', '/_control/email-faults', { emailSend: 'scheduling_failed', schedulingFailedRate: 0.5, remaining: 3 });
  await ok(client, 'POST', '/v1/emails/send', {
    subject: 'Hello', body: 'A custom **email**.', emails: ['a@example.org', 'b@example.org', 'c@example.org', 'd@example.org'],
  });
  const { items: outbox } = await control('GET', '/_control/outbox');
  const unsubscribeUrl: string = outbox[0].unsubscribeUrl;

  const piece = await ok(client, 'POST', '/v1/content', { kind: 'linkedin', title: 'A post', body: { text: 'Persisted words' } });
  const queued = await ok(client, 'POST', '/v1/content', { kind: 'tweet', title: 'A thread', body: { tweets: ['one', 'two'] } });
  const bucket = await ok(client, 'POST', `/v1/posts/${published.id}/bucket`, {});
  await ok(client, 'PATCH', `/v1/content/${piece.id}`, { bucketId: bucket.bucketId });
  await control('POST', `/_control/content/${queued.id}/send`, { at: T0 + 2 * HOUR });
  await control('POST', `/_control/content/${piece.id}/media`, { url: 'https://example.com/m.png', alt: 'media' });
  await control('POST', '/_control/suggestions', { contentId: piece.id, text: 'post this now' });
  await ok(client, 'POST', `/v1/content/${piece.id}/archive`, {});

  const session = await ok(client, 'POST', '/v1/api/auth/sessions', { deviceName: 'laptop' }, null);
  const approved = await ok(client, 'POST', '/v1/api/auth/sessions', { deviceName: 'ci' }, null);
  await control('POST', `/_control/auth/sessions/${approved.sessionId}/approve`, {});
  // A session in each of the other stored states: denied (with no device name), and delivered (its key collected by a poll).
  const denied = await ok(client, 'POST', '/v1/api/auth/sessions', {}, null);
  await control('POST', `/_control/auth/sessions/${denied.sessionId}/deny`, {});
  const delivered = await ok(client, 'POST', '/v1/api/auth/sessions', { deviceName: 'phone' }, null);
  await control('POST', `/_control/auth/sessions/${delivered.sessionId}/approve`, {});
  await ok(client, 'GET', `/v1/api/auth/sessions/${delivered.sessionId}`, undefined, null);

  return {
    publicationId,
    draftId: draft.id,
    scheduledId: scheduled.id,
    publishedId: published.id,
    contentId: piece.id,
    queuedContentId: queued.id,
    bucketId: bucket.bucketId,
    sessionId: session.sessionId,
    unsubscribePath: new URL(unsubscribeUrl).pathname,
  };
}

/** Reads over every area: lists, single items, control views. Path -> status and body. */
export async function readEverything(client: TestClient, w: Written): Promise<Record<string, { status: number; body: unknown }>> {
  const paths = [
    `/v1/publications/${w.publicationId}`,
    `/v1/publications/${w.publicationId}/posts`,
    '/v1/posts?status=draft',
    '/v1/posts?status=published',
    '/v1/posts?status=scheduled',
    '/v1/posts?status=archived',
    '/v1/posts/feed',
    '/v1/posts/tag/persisted',
    `/v1/posts/${w.draftId}`,
    `/v1/posts/${w.scheduledId}`,
    `/v1/posts/${w.publishedId}`,
    '/v1/me',
    '/v1/subscribers',
    `/v1/publications/${w.publicationId}/subscribers/count`,
    '/v1/content',
    '/v1/content?status=archived',
    `/v1/content/${w.contentId}`,
    `/v1/content/${w.queuedContentId}`,
    '/v1/buckets',
    `/v1/buckets/${w.bucketId}`,
    `/v1/posts/${w.publishedId}/bucket`,
    `/v1/api/auth/sessions/${w.sessionId}`,
    w.unsubscribePath,
    '/_control/clock',
    '/_control/publications',
    '/_control/outbox',
    '/_control/suppressions',
    '/_control/email-faults',
    '/_control/suggestions',
    '/_control/auth/sessions',
    '/_control/api-keys',
    `/_control/content/${w.queuedContentId}`,
    `/_control/posts/${w.publishedId}/draft-row`,
  ];
  // The re-hosted cover, by the media id the post was given.
  const published = await client.request('GET', `/v1/posts/${w.publishedId}`);
  paths.push(new URL(published.body.imageUrl).pathname);
  const out: Record<string, { status: number; body: unknown }> = {};
  for (const path of paths) {
    const res = await client.request('GET', path);
    out[path] = { status: res.status, body: res.body };
  }
  return out;
}
