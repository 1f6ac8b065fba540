/**
 * Discovery search (production's OpenAPI): a post the suite publishes is
 * found by its words and its draft is not; publications and writer coins are
 * found by name; every answer is an array of production's shape.
 */
import { BlogSearchResults, CoinSearchResults, PostSearchResults } from '../../../schemas/discover.js';
import { Publication } from '../../../schemas/publications.js';
import { Author } from '../../../schemas/users.js';
import { expectOk, fail, rule } from '../../src/authoring/index.js';
import { popular } from '../coins/support/coins-api.js';
import { createDraft } from '../posts/support/posts-api.js';

rule(['discover.posts.search'], 'post search finds published posts by the words of their title, never drafts', async (ctx) => {
  const word = `zq${ctx.runId.replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
  const draftId = await createDraft(ctx, `${word} draft`);
  const found = expectOk(await ctx.api.anonymous.get('/v1/discover/search', { query: { q: word } }), PostSearchResults);
  if (found.some((r) => r.post.postId === draftId)) fail(`the draft ${draftId} was found by search`);
  const publicationId = ctx.target.publications.a?.id;
  if (!publicationId) return;
  const posts = (await ctx.api.anonymous.get(`/v1/publications/${encodeURIComponent(publicationId)}/posts`, { query: { limit: 1 } })).body as { items?: { id: string; title: string }[] };
  const post = posts.items?.[0];
  if (!post) return ctx.skip('publication A has no published post to look for');
  const hits = expectOk(await ctx.api.anonymous.get('/v1/discover/search', { query: { q: post.title, blogId: publicationId } }), PostSearchResults);
  if (!hits.some((r) => r.post.postId === post.id)) fail(`searching for "${post.title}" in its publication did not find post ${post.id}`);
  for (const r of hits) if (r.post.blogId !== publicationId) fail(`blogId ${publicationId} found a post of ${r.post.blogId}`);
}, { needs: ['apiKey'] });

rule(['discover.blogs.search'], 'publication search finds a publication by its name, with its owner and the owner\'s name', async (ctx) => {
  const id = ctx.target.publications.a?.id;
  if (!id) return ctx.skip('capability missing: publicationIds');
  const publication = expectOk(await ctx.api.anonymous.get(`/v1/publications/${encodeURIComponent(id)}`), Publication);
  const found = expectOk(await ctx.api.anonymous.get('/v1/discover/blogs/search', { query: { q: publication.name } }), BlogSearchResults);
  const hit = found.find((r) => r.blog.blogId === id);
  if (!hit) fail(`searching for "${publication.name}" did not find publication ${id}`);
  if (hit.user.userId !== publication.ownerUserId) fail(`the hit's user is ${hit.user.userId}, not the owner ${publication.ownerUserId}`);
  // The user is the owner's public profile, the one GET /v1/users/{id} answers.
  const owner = expectOk(await ctx.api.anonymous.get(`/v1/users/${encodeURIComponent(publication.ownerUserId)}`), Author);
  if (hit.user.name !== owner.name) fail(`the hit's user is named ${JSON.stringify(hit.user.name)}, the owner's profile ${JSON.stringify(owner.name)}`);
}, { needs: ['publicationIds'] });

rule(['discover.coins.search'], 'coin search finds a writer coin by its ticker and answers its publication', async (ctx) => {
  const coins = await popular(ctx);
  const writer = coins.find((c) => c.metadata.extensions.coinType === 'writer');
  if (!writer) return ctx.skip('the target lists no writer coin');
  const found = expectOk(await ctx.api.anonymous.get('/v1/discover/coins/search', { query: { q: writer.metadata.symbol } }), CoinSearchResults);
  const hit = found.find((r) => r.coin.coinId === writer.id);
  if (!hit) fail(`searching for ${writer.metadata.symbol} did not find coin ${writer.id}`);
  if (hit.blog.blogId !== writer.metadata.extensions.paragraph.blogId) fail(`the coin's blog is ${hit.blog.blogId}, its metadata says ${writer.metadata.extensions.paragraph.blogId}`);
});

rule(['discover.blogs.coin-id'], "a publication found by search names its writer coin as coinId, or null", async (ctx) => {
  const coins = await popular(ctx);
  for (const target of [ctx.target.publications.a, ctx.target.publications.b]) {
    if (!target) continue;
    const publication = expectOk(await ctx.api.anonymous.get(`/v1/publications/${encodeURIComponent(target.id)}`), Publication);
    const found = expectOk(await ctx.api.anonymous.get('/v1/discover/blogs/search', { query: { q: publication.name } }), BlogSearchResults);
    const hit = found.find((r) => r.blog.blogId === target.id);
    if (!hit) fail(`searching for "${publication.name}" did not find publication ${target.id}`);
    const writer = coins.find((c) => c.metadata.extensions.coinType === 'writer' && c.metadata.extensions.paragraph.blogId === target.id);
    if (hit.blog.coinId !== (writer?.id ?? null)) fail(`publication ${target.id} is found with coinId ${hit.blog.coinId}, its writer coin is ${writer?.id ?? 'none'}`);
  }
}, { needs: ['publicationIds'] });

rule(['discover.blogs.coin-id'], 'every publication the control API lists, found by its slug, names its writer coin as coinId, or null without one', async (ctx) => {
  const coins = await popular(ctx);
  for (const listed of await ctx.control.publications()) {
    const found = expectOk(await ctx.api.anonymous.get('/v1/discover/blogs/search', { query: { q: listed.slug } }), BlogSearchResults);
    const hit = found.find((r) => r.blog.blogId === listed.id);
    if (!hit) fail(`searching the slug "${listed.slug}" did not find publication ${listed.id}`);
    const writer = coins.find((c) => c.metadata.extensions.coinType === 'writer' && c.metadata.extensions.paragraph.blogId === listed.id);
    if (hit.blog.coinId !== (writer?.id ?? null)) fail(`publication ${listed.id} is found with coinId ${hit.blog.coinId}, its writer coin is ${writer?.id ?? 'none'}`);
  }
}, { needs: ['control'] });
