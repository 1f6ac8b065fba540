/**
 * The Clock page's queue at the edges the pinned pages do not reach: how
 * long until each item falls due, in every unit, and what each kind of task
 * will do (a post without newsletter or subscribers, a content send, a task
 * whose post or piece is gone, a task of another kind). The tasks are put
 * on the server's clock directly, under keys the areas use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visit } from './forms.support.test.js';
import { clockPage } from './clock-page.js';
import type { Frame } from './layout.js';
import { Clock } from '../clock.js';
import type { RequestContext } from '../http/types.js';
import { startTestServer, type TestClient } from '../testing.support.test.js';

const T0 = Date.UTC(2026, 0, 5, 9, 30, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const nothing = () => undefined;

let t: TestClient;
let clock: Clock;
let cookie: string;

beforeAll(async () => {
  clock = new Clock(() => T0);
  t = await startTestServer({ clock, fixtures: 'empty' });
  ({ cookie } = (await visit(t, '/_inspector/clock')) as { cookie: string });
});
afterAll(() => t?.close());

/** The queue's rows as [in, what], soonest first. */
async function queue(): Promise<string[][]> {
  const html = (await visit(t, '/_inspector/clock', cookie)).html;
  return [...html.matchAll(/<tr><td class="mono">[^<]*<\/td><td>([^<]*)<\/td><td class="wrap">(.*?)<\/td><td class="mono wrap muted">/g)].map((m) => [m[1], m[2]]);
}

describe('the queue', () => {
  it('says so when nothing is scheduled, and offers no move to the next item', async () => {
    const html = (await visit(t, '/_inspector/clock', cookie)).html;
    expect(html).toContain('<h2 id="queue-heading">Scheduled work (0)</h2>\n<p class="muted">Nothing is scheduled. Schedule a post');
    expect(html).not.toContain('id="queue"');
    expect(html).toContain('<button type="submit" id="next-due" disabled>');
  });

  it('says how long until each item falls due, in seconds, minutes, hours or days', async () => {
    const dues = [29_000, 30_000, 119 * MINUTE, 120 * MINUTE, 47 * HOUR, 48 * HOUR];
    dues.forEach((ms, i) => clock.schedule(T0 + ms, `test:due-${i}`, nothing));
    try {
      expect((await queue()).map(([due]) => due)).toEqual(['29 s', '1 min', '119 min', '2 h', '47 h', '2 days']);
    } finally {
      dues.forEach((_ms, i) => clock.cancel(`test:due-${i}`));
    }
  });

  it('says "due now" of an item whose time has come and that has not run yet', () => {
    const state = t.server.reference.state();
    const frame: Frame = { session: { id: 's', csrf: 'c', flash: null }, signedIn: false, now: T0, frozen: false };
    const html = clock.holdDue(() => {
      clock.schedule(T0, 'test:due-now', nothing);
      const reply = clockPage(clock, { state } as RequestContext, frame);
      clock.cancel('test:due-now');
      return 'html' in reply ? String(reply.html) : '';
    });
    expect(html).toContain('<td>due now</td><td class="wrap">test:due-now</td>');
  });

  it('says what each task will do, and shows the key of one it cannot name', async () => {
    await t.request('POST', '/v1/posts', { body: { title: 'Quietly', markdown: 'x', scheduledAt: T0 + 1 * HOUR } });
    await t.request('POST', '/v1/posts', { body: { title: 'To nobody', markdown: 'x', sendNewsletter: true, scheduledAt: T0 + 2 * HOUR } });
    const piece = (await t.request('POST', '/v1/content', { body: { kind: 'tweet', title: 'A tweet', body: { text: 'hi' } } })).body;
    const tasks = { [`content-send:${piece.id}`]: 3, 'content-send:gone': 4, 'post-publish:gone': 5, 'custom:thing': 6 };
    for (const [key, hours] of Object.entries(tasks)) clock.schedule(T0 + hours * HOUR, key, nothing);
    try {
      expect((await queue()).map(([, what]) => what)).toEqual([
        'Publish “Quietly” (@demo)',
        'Publish “To nobody” (@demo), with its newsletter to 0 subscribers',
        'Send the tweet “A tweet”',
        'content-send:gone',
        'post-publish:gone',
        'custom:thing',
      ]);
    } finally {
      for (const key of Object.keys(tasks)) clock.cancel(key);
    }
  });
});
