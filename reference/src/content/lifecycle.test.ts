import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { CONTENT_TRANSITIONS } from './transitions.js';
import { contentView } from './view.js';
import { DAY, MINUTE, T0, article, contentWorld, linkedin, newsletter, thread, tweet } from './content-world.support.test.js';

function statusOf(fn: () => unknown): number | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof ApiError) return err.status;
    throw err;
  }
}

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('create', () => {
  it('makes a draft with a UUID, clock times and nothing sent or scheduled', () => {
    const w = contentWorld();
    const piece = contentView(w.create(thread('First', 'Second')));
    expect(piece).toMatchObject({
      kind: 'tweet',
      status: 'draft',
      scheduled: false,
      lockedReason: null,
      publishedAt: null,
      url: null,
      archivedAt: null,
      bucketId: null,
      excerpt: 'First',
      createdAt: new Date(T0).toISOString(),
      updatedAt: new Date(T0).toISOString(),
      body: { tweets: ['First', 'Second'] },
    });
    expect(piece.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(w.state.clock.pending()).toEqual([]);
  });

  it('gives the same ids for the same seed and requests', () => {
    const ids = () => {
      const w = contentWorld('empty', 5);
      return [w.create(tweet()).id, w.create(linkedin()).id];
    };
    expect(ids()).toEqual(ids());
  });
});

describe('patch', () => {
  it('renames and replaces the whole body, keeping attached media', () => {
    const w = contentWorld();
    const piece = w.create(newsletter());
    w.state.content.attachMedia(piece.id, { url: 'https://img.example/a.png', alt: null });
    w.tick();
    w.patch(piece.id, { title: 'Renamed', body: { subject: 'New subject', body: 'New body' } });
    expect(piece.title).toBe('Renamed');
    expect(piece.body).toEqual({ subject: 'New subject', body: 'New body' });
    expect(piece.media).toHaveLength(1);
    expect(piece.updatedAt).toBe(T0 + MINUTE);
  });

  it('writes nothing when nothing changes', () => {
    const w = contentWorld();
    const piece = w.create(tweet('Same'));
    w.tick();
    w.patch(piece.id, { title: piece.title, body: { text: 'Same' } });
    expect(piece.updatedAt).toBe(T0);
  });

  it("answers 404 for another publication's piece", () => {
    const w = contentWorld();
    const piece = w.create(tweet(), w.otherId);
    expect(statusOf(() => w.patch(piece.id, { title: 'x' }))).toBe(404);
    expect(statusOf(() => w.state.content.requireOwn(w.demoId, piece.id))).toBe(404);
  });
});

describe('locks', () => {
  it('a queued send locks the words, not the title, and refuses archive', () => {
    const w = contentWorld();
    const piece = w.create(linkedin('Before'));
    w.state.content.queueSend(piece.id, null);
    expect(contentView(piece)).toMatchObject({ scheduled: true, lockedReason: 'send_queued' });
    expect(messageOf(() => w.patch(piece.id, { body: { text: 'After' } }))).toMatch(/locked because a send is queued/);
    expect(statusOf(() => w.patch(piece.id, { title: 'New name', body: { text: 'After' } }))).toBe(400);
    expect(piece.title).toBe('A LinkedIn post');
    w.patch(piece.id, { title: 'New name' });
    expect(piece.title).toBe('New name');
    expect(messageOf(() => w.state.content.archive(w.demoId, piece.id))).toBe(
      'this piece has a send queued: cancel the schedule before archiving it',
    );
    expect(piece.status).toBe('draft');
  });

  it('a running send locks too; delivery unlocks and publishes with a url', () => {
    const w = contentWorld();
    const piece = w.create(tweet());
    w.state.content.queueSend(piece.id, null);
    w.state.content.startSend(piece.id);
    expect(contentView(piece)).toMatchObject({ scheduled: false, lockedReason: 'send_in_progress' });
    expect(statusOf(() => w.patch(piece.id, { body: { text: 'x' } }))).toBe(400);
    expect(statusOf(() => w.state.content.archive(w.demoId, piece.id))).toBe(400);
    expect(statusOf(() => w.state.content.cancelSend(piece.id))).toBe(400);
    w.tick();
    w.state.content.deliver(piece.id);
    expect(contentView(piece)).toMatchObject({
      status: 'published',
      scheduled: false,
      lockedReason: null,
      publishedAt: new Date(T0 + MINUTE).toISOString(),
    });
    expect(piece.url).toMatch(/^https:\/\/x\.com\/i\/status\/\d{19}$/);
  });

  it('a failed or cancelled send unlocks and leaves the status as it was', () => {
    const w = contentWorld();
    const piece = w.create(article());
    w.state.content.queueSend(piece.id, null);
    w.state.content.cancelSend(piece.id);
    expect(contentView(piece)).toMatchObject({ status: 'draft', scheduled: false, lockedReason: null });
    w.state.content.queueSend(piece.id, null);
    w.state.content.startSend(piece.id);
    w.state.content.failSend(piece.id);
    expect(contentView(piece)).toMatchObject({ status: 'draft', lockedReason: null, publishedAt: null });
    w.patch(piece.id, { body: { title: 'H2', body: 'B2' } });
  });

  it('publishedAt and url stay those of the first delivery', () => {
    const w = contentWorld();
    const piece = w.create(linkedin());
    w.state.content.queueSend(piece.id, null);
    w.state.content.deliver(piece.id);
    const first = { publishedAt: piece.publishedAt, url: piece.url };
    w.tick(DAY);
    w.state.content.queueSend(piece.id, null);
    w.state.content.deliver(piece.id);
    expect({ publishedAt: piece.publishedAt, url: piece.url }).toEqual(first);
    expect(piece.url).toMatch(/^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:activity:\d{19}\/$/);
  });

  it('a newsletter is delivered with a null url', () => {
    const w = contentWorld();
    const piece = w.create(newsletter());
    w.state.content.queueSend(piece.id, null);
    w.state.content.deliver(piece.id);
    expect(piece.status).toBe('published');
    expect(piece.url).toBeNull();
  });

  it('a send queued for a time starts and delivers when the clock gets there', () => {
    const w = contentWorld();
    const piece = w.create(tweet());
    w.state.content.queueSend(piece.id, T0 + DAY);
    w.tick(DAY - 1);
    expect(piece.status).toBe('draft');
    w.tick(1);
    expect(contentView(piece)).toMatchObject({ status: 'published', lockedReason: null, publishedAt: new Date(T0 + DAY).toISOString() });
  });

  it('a cancelled timed send does not deliver', () => {
    const w = contentWorld();
    const piece = w.create(tweet());
    w.state.content.queueSend(piece.id, T0 + DAY);
    w.state.content.cancelSend(piece.id);
    w.tick(2 * DAY);
    expect(piece.status).toBe('draft');
  });

  it('an archived piece cannot be sent', () => {
    const w = contentWorld();
    const piece = w.create(tweet());
    w.state.content.archive(w.demoId, piece.id);
    expect(messageOf(() => w.state.content.queueSend(piece.id, null))).toBe('an archived piece cannot be sent: restore it first');
  });
});

describe("the web app's steps", () => {
  it('answer 404 naming the id for a piece that does not exist', () => {
    const { content } = contentWorld().state;
    const steps: [string, (id: string) => unknown][] = [
      ['require', (id) => content.require(id)],
      ['queueSend', (id) => content.queueSend(id, null)],
      ['startSend', (id) => content.startSend(id)],
      ['deliver', (id) => content.deliver(id)],
      ['failSend', (id) => content.failSend(id)],
      ['cancelSend', (id) => content.cancelSend(id)],
      ['attachMedia', (id) => content.attachMedia(id, { url: 'https://img.example/a.png', alt: null })],
    ];
    for (const [name, step] of steps) {
      expect(statusOf(() => step('no-such-piece')), name).toBe(404);
      expect(messageOf(() => step('no-such-piece')), name).toContain('no-such-piece');
    }
  });
});

describe('archive and restore', () => {
  it('archive sets archivedAt; restore brings a never-delivered piece back to draft', () => {
    const w = contentWorld();
    const piece = w.create(tweet());
    w.tick();
    w.state.content.archive(w.demoId, piece.id);
    expect(contentView(piece)).toMatchObject({ status: 'archived', archivedAt: new Date(T0 + MINUTE).toISOString() });
    w.tick();
    w.state.content.restore(w.demoId, piece.id);
    expect(contentView(piece)).toMatchObject({ status: 'draft', archivedAt: null, updatedAt: new Date(T0 + 2 * MINUTE).toISOString() });
  });

  it('restore brings a delivered piece back to published, keeping its delivery', () => {
    const w = contentWorld();
    const piece = w.create(tweet());
    w.state.content.queueSend(piece.id, null);
    w.state.content.deliver(piece.id);
    const url = piece.url;
    w.state.content.archive(w.demoId, piece.id);
    w.state.content.restore(w.demoId, piece.id);
    expect(piece.status).toBe('published');
    expect(piece.url).toBe(url);
  });

  it('repeating an archive or a restore writes nothing', () => {
    const w = contentWorld();
    const piece = w.create(tweet());
    w.state.content.archive(w.demoId, piece.id);
    const archivedAt = piece.archivedAt;
    w.tick();
    w.state.content.archive(w.demoId, piece.id);
    expect(piece.archivedAt).toBe(archivedAt);
    expect(piece.updatedAt).toBe(T0);
    w.state.content.restore(w.demoId, piece.id);
    w.tick();
    w.state.content.restore(w.demoId, piece.id);
    expect(piece.updatedAt).toBe(T0 + MINUTE);
  });

  it('archive dismisses the suggestions proposing the piece, and only those', () => {
    const w = contentWorld();
    const piece = w.create(tweet());
    const other = w.create(tweet());
    const mine = w.state.suggestions.create(w.demoId, piece.id, 'Send it now');
    const theirs = w.state.suggestions.create(w.demoId, other.id, 'Send that now');
    w.tick();
    w.state.content.archive(w.demoId, piece.id);
    expect(mine).toMatchObject({ status: 'dismissed', dismissedAt: T0 + MINUTE });
    expect(theirs.status).toBe('open');
    w.state.content.restore(w.demoId, piece.id);
    expect(mine.status).toBe('dismissed');
  });
});

describe('the table', () => {
  it('says why for every row', () => {
    for (const row of CONTENT_TRANSITIONS) expect(row.why.trim(), `${row.action} from ${row.from.join('/')}`).not.toBe('');
  });
});
