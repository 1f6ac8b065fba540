import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it("names the refusal: the path, the status and the reference's msg, or the beginning of an answer of another shape", async () => {
    const raw = await reference.fetch(new Request('http://localhost/_control/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"advanceMs":-1}' }));
    const { msg } = (await raw.json()) as { msg: string };
    await expect(reference.clock.advance(-1)).rejects.toMatchObject({ name: 'ControlError', message: `/_control/clock answered 400: ${msg}` });
    const page = reference.call('GET', '/@demo/no-such-post');
    await expect(page).rejects.toMatchObject({ status: 404, message: expect.stringMatching(/^\/@demo\/no-such-post answered 404: <!doctype html>/) });
    expect(((await page.catch((e: Error) => e)) as Error).message).toHaveLength('/@demo/no-such-post answered 404: '.length + 200);
    expect(await reference.call('GET', '/@demo')).toMatch(/^<!doctype html>/);
  });

  it('sends any control write as JSON, with or without a body', async () => {
    await call('POST', '/v1/posts', { title: 'Before the reset', markdown: 'x', status: 'draft' });
    await reference.call('POST', '/_control/reset');
    const titles = ((await (await call('GET', '/v1/posts?limit=100')).json()) as { items: { title: string }[] }).items.map((p) => p.title);
    expect(titles).not.toContain('Before the reset');
  });

  it('lists the whole outbox, past a page, with its filters, and reads one email', async () => {
    await reference.reset({ empty: true });
    const emails = Array.from({ length: 120 }, (_, i) => `reader${i}@mail.test`);
    expect((await call('POST', '/v1/emails/send', { subject: 'Hello', body: 'Hi', emails })).status).toBe(200);
    const all = await reference.outbox.list();
    expect(all.length).toBeGreaterThanOrEqual(120);
    const custom = await reference.outbox.list({ kind: 'custom' });
    expect(custom.map((e) => e.to).sort()).toEqual([...emails].sort());
    expect(await reference.outbox.list({ to: emails[0] })).toHaveLength(1);
    expect(await reference.outbox.get(custom[0]!.id)).toEqual(custom[0]);
  });
});

describe('startReference options', () => {
  it('without a port: the seed, the public URL (its trailing slashes cut) in the links it hands out, analytics off', async () => {
    const reference = await startReference({ port: false, seed: 7, publicUrl: 'http://mock.test//', analytics: 'off' });
    try {
      expect(reference.url).toBe('http://mock.test');
      expect((await reference.info()).seed).toBe(7);
      const session = await reference.fetch(new Request('http://mock.test/v1/api/auth/sessions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }));
      expect(((await session.json()) as { verificationUrl: string }).verificationUrl).toMatch(/^http:\/\/mock\.test\/[a-z]/);
      expect(await reference.call('GET', '/_control/analytics')).toMatchObject({ mode: 'off', started: false });
    } finally {
      await reference.close();
    }
  });

  it('starts analytics on the first analytics request by default', async () => {
    const reference = await startReference({ port: false });
    try {
      expect(await reference.call('GET', '/_control/analytics')).toMatchObject({ mode: 'lazy', started: false });
    } finally {
      await reference.close();
    }
  });

  it('without a port, close saves the state file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'in-process-')), 'state.json');
    const reference = await startReference({ port: false, analytics: 'off', stateFile: file });
    const created = await reference.fetch(
      new Request('http://reference.invalid/v1/posts', {
        method: 'POST',
        headers: { Authorization: `Bearer ${reference.keys.demo}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Kept on close', markdown: 'x', status: 'draft' }),
      }),
    );
    expect(created.status).toBe(200);
    await reference.close();
    expect(readFileSync(file, 'utf8')).toContain('Kept on close');
  });

  it('on a port: the seed and analytics options, and nothing printed', async () => {
    const write = vi.spyOn(process.stdout, 'write');
    const reference = await startReference({ seed: 7, analytics: 'off' });
    try {
      expect(write).not.toHaveBeenCalled();
      expect((await reference.info()).seed).toBe(7);
      expect(await reference.call('GET', '/_control/analytics')).toMatchObject({ mode: 'off' });
    } finally {
      write.mockRestore();
      await reference.close();
    }
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
