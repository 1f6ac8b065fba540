// A vitest test of a project that installed the package: a fresh reference without a port per file.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReference, type ReferenceInstance } from 'publishing-api-reference';

let reference: ReferenceInstance;
beforeAll(async () => {
  reference = await startReference({ port: false, analytics: 'off' });
});
afterAll(() => reference.close());

it('publishes a scheduled post when the clock passes its time', async () => {
  const { now } = await reference.clock.freeze();
  const created = await reference.fetch(
    new Request(`${reference.url}/v1/posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${reference.keys.demo}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Later', markdown: 'Soon.', scheduledAt: now + 60_000 }),
    }),
  );
  expect(created.status).toBe(200);
  const { id } = (await created.json()) as { id: string };
  await reference.clock.advance(61_000);
  const read = await reference.fetch(new Request(`${reference.url}/v1/posts/${id}`, { headers: { Authorization: `Bearer ${reference.keys.demo}` } }));
  expect(((await read.json()) as { status: string }).status).toBe('published');
});
