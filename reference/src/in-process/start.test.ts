import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlError, startReference, type ReferenceInstance } from '../index.js';

const PRODUCTION = 'https://public.api.paragraph.com/api';

describe('a reference without a port', () => {
  let reference: ReferenceInstance;
  beforeAll(async () => {
    reference = await startReference({ port: false, analytics: 'off' });
  });
  afterAll(() => reference.close());

  const call = (method: string, path: string, body?: unknown) =>
    reference.fetch(
      new Request(PRODUCTION + path, {
        method,
        headers: { Authorization: `Bearer ${reference.keys.demo}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );

  it('serves the production base path: creates a draft and reads it back', async () => {
    expect(reference.port).toBeNull();
    expect(reference.url).toBe('http://reference.invalid');
    const created = await call('POST', '/v1/posts', { title: 'Through fetch', markdown: 'Hello *there*', status: 'draft' });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const read = await call('GET', `/v1/posts/${id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { title: string }).title).toBe('Through fetch');
  });

  it('answers errors in the spec shape, and a HEAD and a preflight without a body', async () => {
    const missing = await reference.fetch(new Request('http://anywhere.test/v1/posts', { method: 'POST', body: '{}' }));
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ success: false });
    const head = await reference.fetch(new Request('http://anywhere.test/v1/publications/slug/demo', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const preflight = await reference.fetch(new Request('http://anywhere.test/v1/posts', { method: 'OPTIONS', headers: { Origin: 'http://app.test' } }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('drives the clock, the outbox, snapshots and reset through typed methods', async () => {
    const before = await reference.clock.freeze();
    expect(before.frozen).toBe(true);
    expect((await reference.clock.advance(60_000)).now).toBe(before.now + 60_000);
    expect((await reference.clock.set(new Date(before.now + 120_000))).now).toBe(before.now + 120_000);
    expect((await reference.clock.unfreeze()).frozen).toBe(false);

    const publications = await reference.publications();
    expect(publications.map((p) => p.slug)).toEqual(expect.arrayContaining(['demo', 'other', 'quiet']));
    expect(Array.isArray(await reference.outbox.list({ kind: 'newsletter' }))).toBe(true);
    expect(await reference.outbox.clear()).toBeGreaterThanOrEqual(0);

    const saved = await reference.snapshots.save('start');
    expect(saved.name).toBe('start');
    const created = await call('POST', '/v1/posts', { title: 'After the snapshot', markdown: 'x', status: 'draft' });
    const { id } = (await created.json()) as { id: string };
    await reference.snapshots.restore('start');
    expect((await call('GET', `/v1/posts/${id}`)).status).toBe(404);
    expect((await reference.snapshots.list()).snapshots.map((s) => s.name)).toContain('start');

    await reference.reset({ empty: true });
    expect(((await (await call('GET', '/v1/posts')).json()) as { items: unknown[] }).items).toEqual([]);
    expect((await reference.info()).capabilities).toContain('reset');
  });

  it('throws a ControlError with the reference\'s reason for a refused control request', async () => {
    const refused = reference.clock.advance(-1);
    await expect(refused).rejects.toBeInstanceOf(ControlError);
    await expect(refused).rejects.toMatchObject({ status: 400 });
    await expect(reference.snapshots.restore('never-saved')).rejects.toMatchObject({ status: 404 });
  });
});

describe('a reference on a free port', () => {
  it('is reached over the network and by its fetch handler, and frees its port on close', async () => {
    const reference = await startReference({ analytics: 'off' });
    expect(reference.url).toBe(`http://127.0.0.1:${reference.port}`);
    const overNetwork = await fetch(`${reference.url}/v1/publications/slug/demo`);
    expect(overNetwork.status).toBe(200);
    const inProcess = await reference.fetch(new Request(`${reference.url}/v1/publications/slug/demo`));
    expect(await inProcess.json()).toEqual(await overNetwork.json());
    await reference.close();
    await expect(fetch(`${reference.url}/v1/publications/slug/demo`)).rejects.toThrow();
  });
});
