/**
 * Post store rules other than the life cycle: slugs, authors, segments,
 * covers, previews, categories, delete, visibility and list orders.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { DAY, HOUR, postsWorld, T0, type PostsWorld } from './posts-world.support.test.js';

let w: PostsWorld;
beforeEach(() => {
  w = postsWorld('empty');
});

const refused = (fn: () => unknown, msg: RegExp) => {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(ApiError);
  expect(caught).toMatchObject({ status: 400 });
  expect((caught as Error).message).toMatch(msg);
};

describe('slugs', () => {
  it('are generated from the title and made unique within the publication', () => {
    expect(w.create({ title: 'Hello, World!' }).slug).toBe('hello-world');
    expect(w.create({ title: 'Hello world' }).slug).toBe('hello-world-2');
    expect(w.create({ title: 'Hello world', status: 'draft' }).slug).toBe('hello-world-3');
    // Another publication has its own namespace.
    expect(w.create({ title: 'Hello world' }, w.other.id).slug).toBe('hello-world');
  });

  it('a given slug is kept as given; one another post of the publication has is refused', () => {
    const a = w.create({ title: 'A', slug: 'My-Slug' });
    expect(a.slug).toBe('My-Slug');
    refused(() => w.create({ title: 'B', slug: 'my-slug' }), /slug "my-slug" is already used by another post/);
    const b = w.create({ title: 'B' });
    refused(() => w.update(b.id, { slug: 'MY-SLUG' }), /already used/);
    // The post's own slug may be sent again; the other publication may use it.
    w.update(a.id, { slug: 'My-Slug', status: 'published' });
    expect(w.create({ title: 'C', slug: 'my-slug' }, w.other.id).slug).toBe('my-slug');
  });

  it('a title change keeps the slug; a slug change or delete frees the old one', () => {
    const a = w.create({ title: 'First title' });
    w.update(a.id, { title: 'Second title', status: 'published' });
    expect(w.state.posts.get(a.id)!.slug).toBe('first-title');
    w.update(a.id, { slug: 'renamed', status: 'published' });
    expect(w.create({ title: 'x', slug: 'first-title' }).slug).toBe('first-title');
    w.state.posts.delete(w.demo.id, a.id);
    expect(w.create({ title: 'x', slug: 'renamed' }).slug).toBe('renamed');
  });

  it('a generated slug takes the smallest free suffix, whatever was created, renamed and deleted before (model: every slug of the publication)', () => {
    type Op = { kind: 'create'; title: string } | { kind: 'rename'; at: number; slug: string } | { kind: 'delete'; at: number };
    const op = fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom('Untitled', 'Untitled 2', 'Other').map((title): Op => ({ kind: 'create', title })) },
      { weight: 2, arbitrary: fc.tuple(fc.nat(), fc.constantFrom('untitled', 'Untitled-3', 'untitled-2-2', 'untitled-02', 'free', 'other-2')).map(([at, slug]): Op => ({ kind: 'rename', at, slug })) },
      { weight: 2, arbitrary: fc.nat().map((at): Op => ({ kind: 'delete', at })) },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const world = postsWorld('empty');
        const live: { id: string; slug: string }[] = [];
        const taken = (slug: string) => live.some((p) => p.slug.toLowerCase() === slug);
        for (const o of ops) {
          if (o.kind === 'create') {
            const base = o.title.toLowerCase().replace(/ /g, '-');
            let expected = base;
            for (let n = 2; taken(expected); n++) expected = `${base}-${n}`;
            const post = world.create({ title: o.title, status: 'draft' });
            expect(post.slug).toBe(expected);
            live.push({ id: post.id, slug: post.slug });
          } else if (live.length > 0) {
            const target = live[o.at % live.length];
            if (o.kind === 'delete') {
              world.state.posts.delete(world.demo.id, target.id);
              live.splice(live.indexOf(target), 1);
            } else if (!live.some((p) => p !== target && p.slug.toLowerCase() === o.slug.toLowerCase())) {
              world.update(target.id, { slug: o.slug });
              target.slug = o.slug;
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('published posts are found by slug, case-insensitively; others are 404', () => {
    const a = w.create({ title: 'Findable' });
    const d = w.create({ title: 'Hidden', status: 'draft' });
    expect(w.state.posts.publishedBySlug(w.demo.id, 'FINDABLE').id).toBe(a.id);
    expect(() => w.state.posts.publishedBySlug(w.demo.id, d.slug)).toThrow(/not found/);
    expect(() => w.state.posts.publishedBySlug(w.other.id, a.slug)).toThrow(/not found/);
  });
});

describe('authorIds', () => {
  it('default to the publication owner', () => {
    expect(w.create({}).authorIds).toEqual([w.demo.ownerId]);
  });

  it('accept the owner and active members in byline order', () => {
    const ids = [...w.demo.activeMemberIds, w.demo.ownerId];
    expect(w.create({ authorIds: ids }).authorIds).toEqual(ids);
  });

  it('refuse removed members, other publications’ people, unknown ids and repeats, naming the id', () => {
    const [removed] = w.demo.removedMemberIds;
    refused(() => w.create({ authorIds: [w.demo.ownerId, removed] }), new RegExp(`authorIds\\[1\\]: "${removed}" is not the owner or an active team member`));
    refused(() => w.create({ authorIds: [w.other.ownerId] }), new RegExp(w.other.ownerId));
    refused(() => w.create({ authorIds: ['nobody'] }), /"nobody"/);
    refused(() => w.create({ authorIds: [w.demo.ownerId, w.demo.ownerId] }), /repeats/);
    refused(() => w.create({ authorIds: [] }), /authorIds must have at least 1 item/);
    refused(() => w.create({ authorIds: Array(21).fill(w.demo.ownerId) }), /authorIds must be at most 20 items|at most 20/);
  });
});

describe('communityId', () => {
  it('accepts an available segment of the publication; null is the general audience', () => {
    const p = w.create({ communityId: w.demo.communityId });
    expect(p.communityId).toBe(w.demo.communityId);
    w.update(p.id, { communityId: null, status: 'published' });
    expect(w.state.posts.get(p.id)!.communityId).toBeUndefined();
  });

  it('refuses unavailable and other publications’ segments rather than broadening', () => {
    refused(() => w.create({ communityId: w.demo.unavailableCommunityId }), /communityId ".*" is not an available segment of this publication/);
    refused(() => w.create({ communityId: w.other.communityId }), /is not an available segment/);
    const p = w.create({ communityId: w.demo.communityId });
    refused(() => w.update(p.id, { communityId: 'com_nope' }), /not an available segment/);
    expect(w.state.posts.get(p.id)!.communityId).toBe(w.demo.communityId);
  });
});

describe('covers', () => {
  it('an imageUrl gets a media id of the reference; the source URL is kept, never fetched', () => {
    const p = w.create({ imageUrl: 'https://img.example.com/a.png', imageAlt: 'A cat' });
    expect(p.imageUrl).toBe('https://img.example.com/a.png');
    expect(p.coverMediaId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(w.state.posts.byMediaId(p.coverMediaId!)?.id).toBe(p.id);
  });

  it('a new imageUrl replaces the media; the same one again changes nothing', () => {
    const p = w.create({ imageUrl: 'https://img.example.com/a.png' });
    const first = p.coverMediaId!;
    w.update(p.id, { imageUrl: 'https://img.example.com/a.png' });
    expect(w.state.posts.get(p.id)).toMatchObject({ coverMediaId: first, status: 'published' });
    w.update(p.id, { imageUrl: 'https://img.example.com/b.png', status: 'published' });
    const second = w.state.posts.get(p.id)!.coverMediaId!;
    expect(second).not.toBe(first);
    expect(w.state.posts.byMediaId(first)).toBeUndefined();
    expect(w.state.posts.byMediaId(second)?.id).toBe(p.id);
  });

  it('clearImage removes the cover and its alt; it is ignored when imageUrl is given', () => {
    const p = w.create({ imageUrl: 'https://img.example.com/a.png', imageAlt: 'alt' });
    const media = p.coverMediaId!;
    w.update(p.id, { clearImage: true, imageUrl: 'https://img.example.com/c.png', status: 'published' });
    expect(w.state.posts.get(p.id)).toMatchObject({ imageUrl: 'https://img.example.com/c.png', imageAlt: 'alt' });
    w.update(p.id, { clearImage: true, status: 'published' });
    const after = w.state.posts.get(p.id)!;
    expect(after.imageUrl).toBeUndefined();
    expect(after.imageAlt).toBeUndefined();
    expect(after.coverMediaId).toBeUndefined();
    expect(w.state.posts.byMediaId(media)).toBeUndefined();
  });

  it('imageAlt: null or "" clears; ignored (not stored) when the post has no cover', () => {
    const bare = w.create({ imageAlt: 'nothing to describe' });
    expect(bare.imageAlt).toBeUndefined();
    const p = w.create({ imageUrl: 'https://img.example.com/a.png', imageAlt: 'alt' });
    w.update(p.id, { imageAlt: '', status: 'published' });
    expect(w.state.posts.get(p.id)!.imageAlt).toBeUndefined();
    w.update(p.id, { imageAlt: 'again', status: 'published' });
    w.update(p.id, { imageAlt: null, status: 'published' });
    expect(w.state.posts.get(p.id)!.imageAlt).toBeUndefined();
  });
});

describe('body and preview', () => {
  it('stores TipTap JSON and generates the preview from it', () => {
    const p = w.create({ markdown: '# Title\n\nFirst paragraph of **bold** text.' });
    expect(p.doc.type).toBe('doc');
    expect(p.postPreview).toContain('First paragraph of bold text.');
    expect(p.postPreviewGiven).toBe(false);
  });

  it('accepts bodyJson; an unusable document is a 400', () => {
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'From JSON' }] }] };
    expect(w.create({ markdown: undefined, bodyJson: JSON.stringify(doc) }).postPreview).toBe('From JSON');
    refused(() => w.create({ markdown: undefined, bodyJson: '{"type":"nope"' }), /bodyJson/);
    refused(() => w.create({ bodyJson: JSON.stringify(doc) }), /exactly one of markdown or bodyJson, not both/);
  });

  it('a generated preview follows the content; a given one stays until "" asks for a generated one', () => {
    const p = w.create({ markdown: 'One.' });
    w.update(p.id, { markdown: 'Two.', status: 'published' });
    expect(w.state.posts.get(p.id)!.postPreview).toBe('Two.');
    w.update(p.id, { postPreview: 'Hand-written', status: 'published' });
    w.update(p.id, { markdown: 'Three.', status: 'published' });
    expect(w.state.posts.get(p.id)!.postPreview).toBe('Hand-written');
    w.update(p.id, { postPreview: '', status: 'published' });
    expect(w.state.posts.get(p.id)!.postPreview).toBe('Three.');
  });
});

describe('other fields', () => {
  it('categories: trimmed, empties dropped, duplicates removed (case-insensitively)', () => {
    expect(w.create({ categories: ' growth, Tools,, growth ,TOOLS ' }).categories).toEqual(['growth', 'Tools']);
    expect(w.create({ categories: ['a', ' b ', '', 'A'] }).categories).toEqual(['a', 'b']);
  });

  it('canonicalUrl null clears; subtitle "" clears', () => {
    const p = w.create({ canonicalUrl: 'https://blog.example.com/x', subtitle: 'Sub' });
    w.update(p.id, { canonicalUrl: null, subtitle: '', status: 'published' });
    const after = w.state.posts.get(p.id)!;
    expect(after.canonicalUrl).toBeUndefined();
    expect(after.subtitle).toBeUndefined();
  });

  it('an update of another publication’s post is not found', () => {
    const p = w.create({}, w.other.id);
    expect(() => w.update(p.id, { title: 'x' })).toThrow(/post not found/);
    expect(() => w.state.posts.delete(w.demo.id, p.id)).toThrow(/post not found/);
  });
});

describe('a refused update changes nothing', () => {
  it.each([
    [{ title: 'ok', slug: 'taken' }],
    [{ title: 'ok', authorIds: ['nobody'] }],
    [{ title: 'ok', communityId: 'com_nope' }],
    [{ title: 'ok', publishedAt: T0 + DAY }],
    [{ title: 'ok', imageUrl: 'https://img.example.com/new.png', scheduledAt: T0 + DAY }],
    [{ title: 'ok', bodyJson: '[]' }],
  ])('%j', (body) => {
    w.create({ title: 'Taken', slug: 'taken' });
    const p = w.create({ imageUrl: 'https://img.example.com/a.png' });
    const before = structuredClone(w.state.posts.get(p.id));
    const nextId = structuredClone(w.state.random);
    expect(() => w.update(p.id, body)).toThrow(ApiError);
    expect(w.state.posts.get(p.id)).toEqual(before);
    expect(w.state.posts.all()).toHaveLength(2);
    expect(w.state.random).toEqual(nextId); // not even a media id was drawn
  });
});

describe('delete', () => {
  it('removes the post, unpins it and announces post.deleted', () => {
    const p = w.create({});
    w.state.publications.update(w.demo.id, { pinnedPostIds: [p.id], featuredPost: p.id });
    w.state.posts.delete(w.demo.id, p.id);
    expect(w.state.posts.get(p.id)).toBeUndefined();
    expect(w.state.publications.get(w.demo.id)).toMatchObject({ pinnedPostIds: [], featuredPost: 'latest' });
    expect(w.deleted).toEqual([{ publicationId: w.demo.id, postId: p.id, at: T0 }]);
  });
});

describe('visibility', () => {
  it('published posts are readable by anyone; others only with the own key, else 404', () => {
    const pub = w.create({});
    const draft = w.create({ status: 'draft' });
    expect(w.state.posts.readable(pub.id, null)).toMatchObject({ own: false });
    expect(w.state.posts.readable(pub.id, w.other.id)).toMatchObject({ own: false });
    expect(w.state.posts.readable(pub.id, w.demo.id)).toMatchObject({ own: true });
    expect(w.state.posts.readable(draft.id, w.demo.id)).toMatchObject({ own: true });
    expect(() => w.state.posts.readable(draft.id, null)).toThrow(/not found/);
    expect(() => w.state.posts.readable(draft.id, w.other.id)).toThrow(/not found/);
  });
});

describe('list orders', () => {
  it('published newest first; drafts latest edit first; scheduled next first; ties by id', () => {
    const p1 = w.create({ publishedAt: T0 - 2 * DAY });
    const p2 = w.create({ publishedAt: T0 - DAY });
    const p3 = w.create({ publishedAt: T0 - DAY });
    const s1 = w.create({ scheduledAt: T0 + 2 * DAY });
    const s2 = w.create({ scheduledAt: T0 + DAY });
    const d1 = w.create({ status: 'draft' });
    w.clock.advance(HOUR);
    const d2 = w.create({ status: 'draft' });
    w.clock.advance(HOUR);
    w.update(d1.id, { title: 'edited later' });
    const ids = (status: 'published' | 'draft' | 'scheduled') => w.state.posts.listOwn(w.demo.id, status).posts.map((p) => p.id);
    expect(ids('published')).toEqual([...[p2.id, p3.id].sort(), p1.id]);
    expect(ids('scheduled')).toEqual([s2.id, s1.id]);
    expect(ids('draft')).toEqual([d1.id, d2.id]);
  });

  it('public lists leave out newsletter-only posts; the publication feed leaves out pinned posts', () => {
    const shown = w.create({ categories: 'Growth' });
    const hidden = w.create({ publishOnline: false, categories: 'growth' });
    const pinned = w.create({ categories: 'growth' });
    w.state.publications.update(w.demo.id, { pinnedPostIds: [pinned.id] });
    expect(w.state.posts.listPublication(w.demo.id).posts.map((p) => p.id)).toEqual([shown.id]);
    expect(w.state.posts.listTagged('GROWTH').posts.map((p) => p.id).sort()).toEqual([shown.id, pinned.id].sort());
    expect(w.state.posts.listTagged('growth').posts.map((p) => p.id)).not.toContain(hidden.id);
  });
});
