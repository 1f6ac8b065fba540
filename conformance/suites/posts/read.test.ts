/**
 * Reading one post: GET /v1/posts/{postId} answers the Post of the
 * contract; content only with includeContent; status and views only for the
 * key's own posts.
 */
import { expectError, expectOk, fail, fc, rule } from '../../src/authoring/index.js';
import { Post, POST_STATUSES } from '../../../schemas/posts.js';
import { textOfDoc, textOfHtml, textOfMarkdown } from './support/documents.js';
import { createDraft, ownPostsWithStatus, readOwnPost, updatePost } from './support/posts-api.js';

const CONTENT_FIELDS = ['markdown', 'json', 'staticHtml'] as const;

rule(
  ['posts.get.by-id', 'posts.shape.required-fields', 'posts.shape.status-enum', 'posts.shape.authors'],
  'GET /v1/posts/{postId} answers the Post, with its status, for own posts in every status',
  async (ctx) => {
    await createDraft(ctx, 'read by id');
    let seen = 0;
    for (const status of POST_STATUSES) {
      const [listed] = await ownPostsWithStatus(ctx.api, status);
      if (!listed) continue;
      const post = await readOwnPost(ctx, listed.id);
      if (post.status !== status) fail(`the post ${listed.id}, listed under status ${status}, reads back with status ${post.status}`);
      seen++;
    }
    if (seen === 0) fail('the publication lists no post in any status, not even the draft just created');
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.get.include-content', 'posts.shape.content-only-when-included'],
  'GET /v1/posts/{postId} adds markdown, json and staticHtml only with includeContent=true',
  async (ctx) => {
    const id = await createDraft(ctx, 'include content');
    for (const includeContent of [undefined, 'false']) {
      const post = expectOk(await ctx.api.get(`/v1/posts/${id}`, { query: { includeContent } }), Post);
      const present = CONTENT_FIELDS.filter((f) => post[f] !== undefined);
      if (present.length > 0) fail(`GET /v1/posts/${id}${includeContent ? '?includeContent=false' : ''} carries ${present.join(', ')}`);
    }
    const full = expectOk(await ctx.api.get(`/v1/posts/${id}`, { query: { includeContent: 'true' } }), Post);
    const missing = CONTENT_FIELDS.filter((f) => typeof full[f] !== 'string');
    if (missing.length > 0) fail(`GET /v1/posts/${id}?includeContent=true lacks ${missing.join(', ')}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.get.own-fields-need-key', 'posts.shape.status-own-only', 'posts.shape.views-own-only'],
  'a published post read without a key, or with another publication\'s key, carries neither status nor views',
  async (ctx) => {
    const [published] = await ownPostsWithStatus(ctx.api, 'published');
    if (!published) return ctx.skip('precondition: the publication has no published post to read');
    const own = await readOwnPost(ctx, published.id);
    if (own.status !== 'published') fail(`with its own key the published post ${published.id} reads back with status ${own.status}`);
    const readers = [{ label: 'without a key', client: ctx.api.anonymous }];
    if (ctx.keys.b) readers.push({ label: "with another publication's key", client: ctx.api.b });
    for (const reader of readers) {
      const post = expectOk(await reader.client.get(`/v1/posts/${published.id}`), Post);
      if (post.status !== undefined) fail(`GET /v1/posts/${published.id} ${reader.label} carries status ${post.status}`);
      if (post.views !== undefined) fail(`GET /v1/posts/${published.id} ${reader.label} carries views ${post.views}`);
    }
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.shape.json-source-of-truth', 'posts.create.markdown-converted'],
  'json is the source of truth: markdown and staticHtml carry the same text as the TipTap document',
  async (ctx) => {
    const markdown = '## A heading\n\nSome **bold** words, an _emphasis_ and a [link](https://example.com/x).\n\nA second paragraph.';
    const id = await createDraft(ctx, 'source of truth', { markdown });
    const post = await readOwnPost(ctx, id, { includeContent: true });
    const fromJson = textOfDoc(post.json);
    const fromMarkdown = textOfMarkdown(post.markdown ?? '');
    const fromHtml = textOfHtml(post.staticHtml ?? '');
    const expected = 'A heading Some bold words, an emphasis and a link. A second paragraph.';
    if (fromJson !== expected) fail(`the json of a post created from markdown reads ${JSON.stringify(fromJson)}, expected ${JSON.stringify(expected)}`);
    if (fromMarkdown !== fromJson) fail(`markdown ${JSON.stringify(fromMarkdown)} does not agree with json ${JSON.stringify(fromJson)}`);
    if (fromHtml !== fromJson) fail(`staticHtml ${JSON.stringify(fromHtml)} does not agree with json ${JSON.stringify(fromJson)}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.shape.canonical-url-no-permalink'],
  'setting canonicalUrl does not change the slug (the permalink)',
  async (ctx) => {
    const id = await createDraft(ctx, 'canonical url');
    const before = await readOwnPost(ctx, id);
    await updatePost(ctx, id, { canonicalUrl: 'https://example.com/elsewhere/original-article' });
    const after = await readOwnPost(ctx, id);
    if (after.slug !== before.slug) fail(`setting canonicalUrl changed the slug from ${before.slug} to ${after.slug}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.shape.id-format'],
  'post ids are 20-character alphanumeric strings',
  async (ctx) => {
    const ids = [await createDraft(ctx, 'id format'), ...(await ownPostsWithStatus(ctx.api, 'published')).map((p) => p.id)];
    const wrong = ids.filter((id) => !/^[A-Za-z0-9]{20}$/.test(id));
    if (wrong.length > 0) fail(`post ids not of 20 alphanumeric characters: ${wrong.slice(0, 3).join(', ')}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.get.unknown-404'],
  'any post id that does not exist answers 404 with the error body, with or without a key',
  async (ctx) => {
    await ctx.check(fc.stringMatching(/^cfx[A-Za-z0-9]{17}$/), async (id) => {
      expectError(await ctx.api.get(`/v1/posts/${id}`), 404);
      expectError(await ctx.api.anonymous.get(`/v1/posts/${id}`), 404);
    });
  },
  { needs: ['apiKey'] },
);
