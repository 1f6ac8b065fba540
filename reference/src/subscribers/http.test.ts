import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, startTestServer, type TestClient } from '../testing.support.test.js';

let c: TestClient;
let demoId: string;
let otherId: string;
const W = '0x' + 'ab'.repeat(20);

beforeAll(async () => {
  c = await startTestServer({ fixtures: 'empty' });
  ({ demo: { id: demoId }, other: { id: otherId } } = await c.publications());
});
afterAll(() => c.close());
beforeEach(async () => {
  await c.reset({ empty: true });
});

const list = async (key: string = DEMO_KEYS.demo) => (await c.request('GET', '/v1/subscribers?limit=100', { key })).body.items;

async function upload(csv: string | Buffer, options: { type?: string; field?: string; filename?: string; key?: string } = {}) {
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([csv], { type: options.type ?? 'text/csv' }), options.filename ?? 'subscribers.csv');
  const res = await fetch(`${c.url}/v1/subscribers/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${options.key ?? DEMO_KEYS.demo}` },
    body: form,
  });
  return { status: res.status, body: await res.json(), summary: res.headers.get('x-import-summary') };
}

describe('POST and DELETE /v1/subscribers', () => {
  it('adds, merges the second credential, and deletes', async () => {
    expect((await c.request('POST', '/v1/subscribers', { body: { email: 'Ann@Example.com', createdAt: 1_600_000_000_000 } })).body).toEqual({ success: true });
    await c.request('POST', '/v1/subscribers', { body: { email: 'ann@example.com', wallet: W } });
    expect(await list()).toEqual([{ email: 'Ann@Example.com', walletAddress: W, createdAt: 1_600_000_000_000 }]);
    const del = await c.request('DELETE', '/v1/subscribers', { body: { wallet: W.toUpperCase().replace('0X', '0x') } });
    expect(del.body).toEqual({ success: true });
    expect(await list()).toEqual([]);
    // hard delete: the email is free again, as a new subscriber
    await c.request('POST', '/v1/subscribers', { body: { email: 'ann@example.com' } });
    expect((await list())[0].walletAddress).toBeUndefined();
  });

  it('validates the body', async () => {
    const bad = async (body: unknown) => c.request('POST', '/v1/subscribers', { body });
    expect((await bad({})).status).toBe(400);
    expect((await bad({ email: 'nope' })).body.msg).toMatch(/email/);
    expect((await bad({ wallet: '0x123' })).body.msg).toMatch(/wallet/);
    expect((await bad({ email: 'a@example.com', createdAt: 'yesterday' })).status).toBe(400);
    const now = (await c.request('GET', '/_control/clock', { key: null })).body.now as number;
    expect((await bad({ email: 'a@example.com', createdAt: now + 3_600_000 })).body.msg).toMatch(/future/);
    expect((await c.request('DELETE', '/v1/subscribers', { body: {} })).status).toBe(400);
    expect((await c.request('POST', '/v1/subscribers', { key: null, body: { email: 'a@example.com' } })).status).toBe(401);
  });

  it('refuses an email and a wallet of two different subscribers', async () => {
    await c.request('POST', '/v1/subscribers', { body: { email: 'a@example.com' } });
    await c.request('POST', '/v1/subscribers', { body: { wallet: W } });
    const res = await c.request('POST', '/v1/subscribers', { body: { email: 'a@example.com', wallet: W } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/two different subscribers/);
    const del = await c.request('DELETE', '/v1/subscribers', { body: { email: 'a@example.com', wallet: W } });
    expect(del.status).toBe(400);
    expect((await list()).length).toBe(2);
    expect((await c.request('DELETE', '/v1/subscribers', { body: { email: 'zz@example.com' } })).status).toBe(404);
  });

  it('keeps publications apart and counts only the own one', async () => {
    await c.request('POST', '/v1/subscribers', { body: { email: 'a@example.com' } });
    expect(await list(DEMO_KEYS.other)).toEqual([]);
    expect((await c.request('GET', `/v1/publications/${demoId}/subscribers/count`)).body).toEqual({ count: 1 });
    expect((await c.request('GET', `/v1/publications/${otherId}/subscribers/count`)).body).toEqual({ count: 0 });
    expect((await c.request('GET', `/v1/publications/nope/subscribers/count`)).status).toBe(404);
    // Public, as production documents it: no key needed.
    expect((await c.request('GET', `/v1/publications/${demoId}/subscribers/count`, { key: null })).body).toEqual({ count: 1 });
  });

  it('pages newest first with a cursor', async () => {
    for (let i = 0; i < 25; i++)
      await c.request('POST', '/v1/subscribers', { body: { email: `s${i}@example.com`, createdAt: 1_000_000 + (i % 5) } });
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = (await c.request('GET', `/v1/subscribers?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body;
      seen.push(...page.items.map((s: { email: string }) => s.email));
      expect(page.pagination.total).toBe(25);
      cursor = page.pagination.cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(25);
    expect((await c.request('GET', '/v1/subscribers?limit=0')).status).toBe(400);
    expect((await c.request('GET', '/v1/subscribers?limit=101')).status).toBe(400);
  });
});

describe('POST /v1/subscribers/import', () => {
  it('imports valid rows, merges duplicates and answers {success: true}', async () => {
    await c.request('POST', '/v1/subscribers', { body: { email: 'old@example.com' } });
    const csv = [
      '\uFEFFEmail,Wallet_Address,Subscription Date',
      'new@example.com,,2024-01-02',
      'OLD@example.com,' + W + ',',
      'nobody,0x1,2024-01-01',
      ',,',
      '"quoted@example.com",,"03/04/2023"',
      'new@example.com,,2020-01-01',
    ].join('\r\n');
    const res = await upload(csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.summary).toMatch(/created=2; attached=1; unchanged=1; invalid=1/);
    const items = await list();
    expect(items.map((s: { email: string }) => s.email).sort()).toEqual(['new@example.com', 'old@example.com', 'quoted@example.com']);
    expect(items.find((s: { email: string }) => s.email === 'new@example.com').createdAt).toBe(Date.UTC(2024, 0, 2));
    expect(items.find((s: { email: string }) => s.email === 'old@example.com').walletAddress).toBe(W);
  });

  it('accepts the types browsers send for CSV files, and refuses others', async () => {
    expect((await upload('email\na@example.com\n', { type: 'application/vnd.ms-excel' })).status).toBe(200);
    expect((await upload('email\nb@example.com\n', { type: 'application/octet-stream', filename: 'x.csv' })).status).toBe(200);
    expect((await upload('email\nc@example.com\n', { type: 'image/png', filename: 'x.png' })).status).toBe(415);
    expect((await list()).length).toBe(2);
  });

  it('refuses files without recognised columns, bodies without the file field, and non-multipart bodies', async () => {
    expect((await upload('name\nAnn\n')).status).toBe(400);
    expect((await upload('email\na@example.com\n', { field: 'csv' })).status).toBe(400);
    const json = await c.request('POST', '/v1/subscribers/import', { body: { file: 'email\na@example.com' } });
    expect(json.status).toBe(415);
    expect(await list()).toEqual([]);
  });

  it('refuses an upload over 10 MB from its Content-Length without reading it', async () => {
    const res = await rawUpload({ declaredLength: 11 * 1024 * 1024, totalBytes: 11 * 1024 * 1024 });
    expect(res.status).toBe(413);
    expect(res.sentBytes).toBeLessThan(11 * 1024 * 1024);
  });

  it('refuses a chunked upload when the file passes 10 MB, before the end', async () => {
    const res = await rawUpload({ totalBytes: 40 * 1024 * 1024 });
    expect(res.status).toBe(413);
    expect(res.body).toMatch(/larger than/);
    expect(res.sentBytes).toBeLessThan(40 * 1024 * 1024);
  });
});

/** A multipart upload written slowly by hand, counting what the server let us send before it answered. */
function rawUpload(options: { declaredLength?: number; totalBytes: number }): Promise<{ status: number; body: string; sentBytes: number }> {
  const boundary = 'XyZboundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nemail\r\n`);
  const row = Buffer.from('someone.with.a.long.address@example.com\r\n'.repeat(1000));
  return new Promise((resolve, reject) => {
    let sent = 0;
    let done = false;
    const headers: Record<string, string | number> = {
      Authorization: `Bearer ${DEMO_KEYS.demo}`,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
    };
    if (options.declaredLength) headers['Content-Length'] = options.declaredLength;
    let status = 0;
    let body = '';
    const req = httpRequest(`${c.url}/v1/subscribers/import`, { method: 'POST', headers }, (res) => {
      status = res.statusCode ?? 0;
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        done = true;
        resolve({ status, body, sentBytes: sent });
      });
    });
    // The server closes a refused upload after its answer; an error after the answer is expected.
    req.on('error', (err) => {
      if (done) return;
      done = true;
      if (status) resolve({ status, body, sentBytes: sent });
      else reject(err);
    });
    const write = () => {
      while (!done && sent < options.totalBytes) {
        const chunk = sent === 0 ? head : row;
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (!done) req.end();
    };
    write();
  });
}
