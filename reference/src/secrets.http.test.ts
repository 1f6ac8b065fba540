/**
 * Secrets do not follow from the seed. Two servers with the same seed that
 * answer the same requests hand out different session ids, minted keys,
 * unsubscribe tokens and approval-page nonces, and every other byte of
 * every answer is the same: the seed keeps domain ids and fixtures
 * deterministic, the OS CSPRNG makes everything that grants access.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TestClient } from './testing.support.test.js';
import { readEverything, startFrozen, writeEverywhere, type Written } from './persistence/round-trip.support.test.js';

const open: TestClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function server(): Promise<TestClient> {
  const client = await startFrozen({ seed: 7 });
  open.push(client);
  return client;
}

/** Everything that grants access, in the order the control API lists it (the same order on both servers). */
async function secretsOf(client: TestClient): Promise<string[]> {
  const control = async (path: string) => (await client.request('GET', path, { key: null })).body;
  const sessions: string[] = (await control('/_control/auth/sessions')).sessions.map((s: { sessionId: string }) => s.sessionId);
  const keys: string[] = (await control('/_control/api-keys')).apiKeys.filter((k: { source: string }) => k.source !== 'fixture').map((k: { key: string }) => k.key);
  const tokens: string[] = (await control('/_control/outbox')).items.map((e: { unsubscribeUrl: string | null }) => e.unsubscribeUrl?.split('/unsubscribe/')[1]).filter(Boolean);
  return [...sessions, ...keys, ...new Set(tokens)];
}

/** The answers as text, with each secret replaced by its place in the list. */
function masked(answers: unknown, secrets: string[]): string {
  let text = JSON.stringify(answers);
  secrets.forEach((secret, i) => (text = text.split(secret).join(`<secret ${i}>`)));
  return text;
}

describe('secrets come from the OS, not from the seed', () => {
  it('two servers with the same seed and the same requests mint different secrets and give the same answers otherwise', async () => {
    const [a, b] = [await server(), await server()];
    const [writtenA, writtenB] = [await writeEverywhere(a), await writeEverywhere(b)];
    const [secretsA, secretsB] = [await secretsOf(a), await secretsOf(b)];

    // The sessions, the keys of the approved ones, and one unsubscribe token per recipient.
    expect(secretsA.length).toBeGreaterThanOrEqual(7);
    expect(secretsB.length).toBe(secretsA.length);
    for (const secret of secretsA) expect(secretsB).not.toContain(secret);
    const minted = secretsA.filter((s) => s.startsWith('para_'));
    expect(minted.length).toBeGreaterThan(0);
    for (const key of minted) expect(key).toMatch(/^para_[A-Za-z0-9]{32}$/);

    // Domain ids (posts, content, buckets) and everything else are the same.
    const ids = (w: Written) => ({ ...w, sessionId: undefined, unsubscribePath: undefined });
    expect(ids(writtenB)).toEqual(ids(writtenA));
    const [answersA, answersB] = [await readEverything(a, writtenA), await readEverything(b, writtenB)];
    expect(masked(Object.values(answersB), secretsB)).toBe(masked(Object.values(answersA), secretsA));

    // The next post id is still the seed's: minting secrets drew nothing from the seeded source.
    const next = { title: 'Next', markdown: 'Same id on both', status: 'draft' };
    const [postA, postB] = [await a.request('POST', '/v1/posts', { body: next }), await b.request('POST', '/v1/posts', { body: next })];
    expect(postB.body.id).toBe(postA.body.id);
  });

  it("the approval page's cookie nonce differs between servers and showing the page draws nothing from the seeded source", async () => {
    const [a, b] = [await server(), await server()];
    const nonces: string[] = [];
    const postIds: string[] = [];
    for (const client of [a, b]) {
      const { body } = await client.request('POST', '/v1/api/auth/sessions', { key: null, body: {} });
      const page = await client.request('GET', new URL(body.verificationUrl).pathname, { key: null });
      nonces.push(/auth_session_csrf=([A-Za-z0-9]+)/.exec(page.headers.get('set-cookie') ?? '')![1]);
      postIds.push((await client.request('POST', '/v1/posts', { body: { title: 'After the page', markdown: 'x', status: 'draft' } })).body.id);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(postIds[0]).toBe(postIds[1]);
  });

  it('unsubscribe links survive a restore: the signing secret is part of the snapshot', async () => {
    const a = await server();
    const written = await writeEverywhere(a);
    const b = await server();
    const saved = a.server.reference.persistence.encode().text;
    b.server.reference.restore(JSON.parse(saved).state);
    const page = await b.request('GET', written.unsubscribePath, { key: null });
    expect(page.status).toBe(200);
    // The same address gets the same token from the restored server as from the saved one.
    const send = { subject: 'Again', body: 'Same link?', emails: ['a@example.org'] };
    for (const c of [a, b]) expect((await c.request('POST', '/v1/emails/send', { body: send })).status).toBe(200);
    const last = async (c: TestClient) => (await c.request('GET', '/_control/outbox', { key: null })).body.items.at(-1).unsubscribeUrl;
    expect(await last(b)).toBe(await last(a));
  });
});
