/**
 * How discovery search matches and ranks, as the register states it
 * (docs/spec-gaps-production.md › Discovery search): every word must appear,
 * in any case; posts by title, subtitle, categories and preview, weighted in
 * that order, ties by views (the target's own posts carry them), then newest
 * first, then by id; publications by name, slug and summary; writer coins
 * also by the start of their contract address; publications and coins tied
 * by more active subscribers; at most 20 results; every value of the answer
 * is the record's own.
 */
import { BlogSearchResults, CoinSearchResults, PostSearchResults, type CoinSearchResultsT, type PostSearchResultsT } from '../../../schemas/discover.js';
import { PopularCoins } from '../../../schemas/coins.js';
import { Publication } from '../../../schemas/publications.js';
import { Author } from '../../../schemas/users.js';
import { expectOk, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { publicationA } from '../publications/support.js';
import { createDraft, createPublished, ownPostsWithStatus, readOwnPost } from '../posts/support/posts-api.js';
import type { PostT } from '../../../schemas/posts.js';
import { withFrozenClock } from '../posts/support/server-time.js';
import { popular } from '../coins/support/coins-api.js';
import { registerImported, uploadCsv } from '../subscribers/subscribers.js';

/** A word no other test's post or publication holds: letters and digits of the run id behind a marker. */
const uniqueWord = (ctx: RuleContext, label: string) => `zq${label}${ctx.runId.replace(/[^a-z0-9]/gi, '').toLowerCase()}`;

/** Each search, to ask without a word. */
const WORDLESS_SEARCHES = [
  ['/v1/discover/search', PostSearchResults],
  ['/v1/discover/blogs/search', BlogSearchResults],
  ['/v1/discover/coins/search', CoinSearchResults],
] as const;

async function searchCoins(ctx: RuleContext, q: string): Promise<CoinSearchResultsT> {
  return expectOk(await ctx.api.anonymous.get('/v1/discover/coins/search', { query: { q } }), CoinSearchResults);
}

async function searchPosts(ctx: RuleContext, q: string, blogId?: string): Promise<PostSearchResultsT> {
  return expectOk(await ctx.api.anonymous.get('/v1/discover/search', { query: { q, blogId } }), PostSearchResults);
}

rule(
  ['discover.search.matching', 'discover.posts.ranking'],
  'post search needs every word in any case, searches title, subtitle, categories and preview, and ranks by where the words matched, then newest first, then by id',
  async (ctx) => {
    const word = uniqueWord(ctx, 'rank');
    const inPreview = await createPublished(ctx, 'in preview', { postPreview: `about ${word}` });
    const inTitle = await createPublished(ctx, `${word} alpha`);
    // Published at one instant (a frozen clock), subtitles and categories tie on time too: more of them until their ids
    // do not come in creation order, so that only the ids can order them; one more a second later is newer.
    const atOneInstant = await withFrozenClock(ctx, async () => {
      const ids = [
        await createPublished(ctx, 'in subtitle', { subtitle: `the ${word}` }),
        await createPublished(ctx, 'in category', { categories: [word, 'zqtail'] }),
        await createPublished(ctx, 'in categories', { categories: ['zqhead', word] }),
      ];
      while (ids.every((id, i) => i === 0 || ids[i - 1] < id) && ids.length < 12)
        ids.push(await createPublished(ctx, 'also in subtitle', { subtitle: `${word}!` }));
      return ids;
    });
    await ctx.control.advanceClock(1_000);
    const newer = await createPublished(ctx, 'newer in subtitle', { subtitle: word });
    const draft = await createDraft(ctx, `${word} draft`);
    const offline = await createPublished(ctx, `${word} offline`, { publishOnline: false });

    const found = await searchPosts(ctx, word.toUpperCase());
    const ids = found.map((r) => r.post.postId);
    for (const [id, what] of [[draft, 'a draft'], [offline, 'a post not published online']] as const)
      if (ids.includes(id)) fail(`search found ${what} (${id})`);
    // Subtitle and categories weigh the same: newest first, then the smaller id.
    const tied = await Promise.all([newer, ...atOneInstant].map((id) => readOwnPost(ctx, id)));
    const byRecency = tied.sort((x, y) => Number(y.publishedAt ?? 0) - Number(x.publishedAt ?? 0) || (x.id < y.id ? -1 : 1)).map((p) => p.id);
    const expected = [inTitle, ...byRecency, inPreview];
    if (JSON.stringify(ids) !== JSON.stringify(expected))
      fail(`searching "${word}" answered ${JSON.stringify(ids)}; expected title, then subtitle and category newest first, then preview: ${JSON.stringify(expected)}`);

    const both = await searchPosts(ctx, `${word}, Alpha!`);
    if (both.length !== 1 || both[0].post.postId !== inTitle) fail(`searching "${word}, Alpha!" answered ${JSON.stringify(both.map((r) => r.post.postId))}, expected only ${inTitle}`);
    const missing = await searchPosts(ctx, `${word} zqnowhere`);
    if (missing.length !== 0) fail(`a query with a word no post holds found ${missing.length} post(s)`);
    // A word must appear within one category: two categories side by side hold neither word.
    for (const q of [`${word}zqtail`, `zqhead${word}`])
      if ((await searchPosts(ctx, q)).length !== 0) fail(`the query ${q}, a word across two categories, found posts`);
    for (const q of [undefined, '', '  ', '!?'])
      for (const [path, schema] of WORDLESS_SEARCHES)
        if (expectOk(await ctx.api.anonymous.get(path, { query: { q } }), schema).length !== 0)
          fail(`GET ${path} with q ${JSON.stringify(q)} (no word) found something`);
  },
  { profile: 'reference-choices', needs: ['apiKey', 'control:clock'] },
);

/** Where a word matches a post, as the register weighs it: title 3, subtitle or a category 2, preview 1, else 0. */
function postWeight(post: PostT, word: string): number {
  const holds = (text: string | null | undefined) => (text ?? '').toLowerCase().includes(word);
  if (holds(post.title)) return 3;
  if (holds(post.subtitle) || (post.categories ?? []).some(holds)) return 2;
  return holds(post.postPreview) ? 1 : 0;
}

rule(
  ['discover.posts.ranking'],
  "posts matched the same way rank by views, most first, before publishedAt: the publication's own published posts, read with their views",
  async (ctx) => {
    const publicationId = publicationA(ctx).id;
    const own = (await ownPostsWithStatus(ctx.api, 'published')).filter((p) => p.publishOnline !== false);
    // A word of two titles whose views and publishedAt order them differently (the API sets no views: the target's own posts).
    const discordant = (word: string) => {
      const inTitle = own.filter((p) => postWeight(p, word) === 3);
      return inTitle.some((p) => inTitle.some((q) => (p.views ?? 0) > (q.views ?? 0) && Number(p.publishedAt) < Number(q.publishedAt)));
    };
    const words = [...new Set(own.flatMap((p) => p.title.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []))].sort();
    const word = words.find((w) => own.filter((p) => postWeight(p, w) > 0).length <= 20 && discordant(w));
    if (!word) return ctx.skip('no title word of publication A holds two posts whose views and publishedAt disagree');
    const found = await searchPosts(ctx, word, publicationId);
    const posts = await Promise.all(found.map((r) => readOwnPost(ctx, r.post.postId)));
    const expected = [...posts]
      .sort((x, y) => postWeight(y, word) - postWeight(x, word) || (y.views ?? 0) - (x.views ?? 0) || Number(y.publishedAt) - Number(x.publishedAt) || (x.id < y.id ? -1 : 1))
      .map((p) => p.id);
    const ids = posts.map((p) => p.id);
    if (JSON.stringify(ids) !== JSON.stringify(expected))
      fail(`searching "${word}" in publication A answered ${JSON.stringify(posts.map((p) => [p.id, p.views]))}; expected by where the word matched, then views, most first: ${JSON.stringify(expected)}`);
    for (const p of own) if (postWeight(p, word) > 0 && !ids.includes(p.id)) fail(`searching "${word}" did not find post ${p.id}, which holds it`);
  },
  { profile: 'reference-choices', needs: ['apiKey', 'publicationIds'] },
);

rule(
  ['discover.posts.values'],
  "a post search hit carries the post's own values, its publication's and its first author's",
  async (ctx) => {
    const publicationId = publicationA(ctx).id;
    const word = uniqueWord(ctx, 'values');
    const id = await createPublished(ctx, `${word} values`, { subtitle: 'sub', postPreview: 'preview' });
    const post = await readOwnPost(ctx, id);
    const [hit] = await searchPosts(ctx, word, publicationId);
    if (hit?.post.postId !== id) fail(`searching "${word}" in its publication did not find post ${id}`);
    const publication = expectOk(await ctx.api.anonymous.get(`/v1/publications/${encodeURIComponent(publicationId)}`), Publication);
    const authorId = post.authorIds?.[0] ?? fail(`post ${id} names no author`);
    // The user is the first author's public profile, the one GET /v1/users/{id} answers.
    const author = expectOk(await ctx.api.anonymous.get(`/v1/users/${encodeURIComponent(authorId)}`), Author);
    const expected = {
      post: { postId: id, blogId: publicationId, publishedAt: post.publishedAt, title: post.title, subtitle: 'sub', postPreview: 'preview', slug: post.slug },
      blog: {
        blogId: publication.id, userId: publication.ownerUserId, name: publication.name, slug: publication.slug, summary: publication.summary ?? null,
        logoUrl: publication.logoUrl ?? null, customDomain: publication.customDomain ?? null,
      },
      user: { userId: authorId, name: author.name, bio: author.bio, avatarUrl: author.avatarUrl, walletAddress: author.walletAddress },
    };
    for (const part of ['post', 'blog', 'user'] as const)
      for (const [key, value] of Object.entries(expected[part])) {
        const got = (hit[part] as Record<string, unknown>)[key];
        if (got !== value) fail(`${part}.${key} is ${JSON.stringify(got)}, expected ${JSON.stringify(value)}`);
      }
    if (!hit.blog.url?.endsWith(`/@${publication.slug}`)) fail(`blog.url ${hit.blog.url} is not the publication's page /@${publication.slug}`);
    if (await searchPosts(ctx, word, `${publicationId}x`).then((r) => r.length !== 0)) fail('blogId of another publication found the post');
  },
  { profile: 'reference-choices', needs: ['apiKey', 'publicationIds'] },
);

rule(
  ['discover.search.at-most-20'],
  'a search answers at most 20 results',
  async (ctx) => {
    const word = uniqueWord(ctx, 'many');
    for (let i = 0; i < 21; i++) await createPublished(ctx, `${word} ${i}`);
    const found = await searchPosts(ctx, word);
    if (found.length !== 20) fail(`21 posts match "${word}"; search answered ${found.length}, expected the best 20`);
  },
  { profile: 'reference-choices', needs: ['apiKey'] },
);

rule(
  ['discover.blogs.ranking'],
  'publication search finds by name, slug and summary, names before summaries, then more active subscribers first',
  async (ctx) => {
    const a = ctx.target.publications.a?.id;
    const b = ctx.target.publications.b?.id;
    if (!a || !b) return ctx.skip('capability missing: publicationIds');
    const read = async (id: string, who: 'a' | 'b') => expectOk(await ctx.api.as(who).get(`/v1/publications/${encodeURIComponent(id)}`), Publication);
    const [pa, pb] = await Promise.all([read(a, 'a'), read(b, 'b')]);
    const word = uniqueWord(ctx, 'blog');
    ctx.created.add('restore the summary of publication A', () => ctx.api.as('a').patch(`/v1/publications/${encodeURIComponent(a)}`, { summary: pa.summary ?? '' }));
    ctx.created.add('restore the name of publication B', () => ctx.api.as('b').patch(`/v1/publications/${encodeURIComponent(b)}`, { name: pb.name }));
    ctx.created.add('restore the summary of publication B', () => ctx.api.as('b').patch(`/v1/publications/${encodeURIComponent(b)}`, { summary: pb.summary ?? '' }));
    const both = `${word}both`;
    expectStatus(await ctx.api.as('a').patch(`/v1/publications/${encodeURIComponent(a)}`, { summary: `All about ${word} ${both}` }), 200);
    expectStatus(await ctx.api.as('b').patch(`/v1/publications/${encodeURIComponent(b)}`, { name: `${word} weekly`, summary: both }), 200);
    const found = expectOk(await ctx.api.anonymous.get('/v1/discover/blogs/search', { query: { q: word.toUpperCase() } }), BlogSearchResults);
    const ids = found.map((r) => r.blog.blogId);
    if (JSON.stringify(ids) !== JSON.stringify([b, a])) fail(`searching "${word}" answered ${JSON.stringify(ids)}; expected B (by its name) before A (by its summary)`);
    const [hit] = found;
    if (hit.user.userId !== pb.ownerUserId) fail(`the hit's user is ${hit.user.userId}, not B's owner ${pb.ownerUserId}`);
    // B's name and summary no longer hold its slug: found by the slug alone.
    const bySlug = expectOk(await ctx.api.anonymous.get('/v1/discover/blogs/search', { query: { q: pb.slug } }), BlogSearchResults);
    if (!bySlug.some((r) => r.blog.blogId === b && r.blog.slug === pb.slug)) fail(`searching B's slug "${pb.slug}" (no longer in its name) did not find it`);
    // Found the same way (both by summary): more active subscribers first, then the smaller id.
    const tied = expectOk(await ctx.api.anonymous.get('/v1/discover/blogs/search', { query: { q: both } }), BlogSearchResults);
    const expected = [...tied].sort((x, y) => y.activeSubscriberCount - x.activeSubscriberCount || (x.blog.blogId < y.blog.blogId ? -1 : 1)).map((r) => r.blog.blogId);
    if (tied.length !== 2 || JSON.stringify(tied.map((r) => r.blog.blogId)) !== JSON.stringify(expected))
      fail(`searching "${both}" answered ${JSON.stringify(tied.map((r) => [r.blog.blogId, r.activeSubscriberCount]))}; expected both, more active subscribers first`);
    const none = expectOk(await ctx.api.anonymous.get('/v1/discover/blogs/search', { query: { q: `${word} zqnowhere` } }), BlogSearchResults);
    if (none.length !== 0) fail('a query with a word no publication holds found publications');
  },
  { profile: 'reference-choices', needs: ['publicationIds'] },
);

rule(
  ['discover.blogs.ranking', 'discover.coins.matching'],
  'publications found the same way, and their writer coins, rank more active subscribers first; a coin is found by its ticker alone',
  async (ctx) => {
    const a = ctx.target.publications.a?.id;
    const b = ctx.target.publications.b?.id;
    if (!a || !b) return ctx.skip('capability missing: publicationIds');
    const coins = await popular(ctx);
    const writerOf = (id: string) => coins.find((c) => c.metadata.extensions.coinType === 'writer' && c.metadata.extensions.paragraph.blogId === id);
    const [coinA, coinB] = [writerOf(a), writerOf(b)];
    if (!coinA || !coinB) return ctx.skip('publications A and B do not both have a writer coin');
    const word = uniqueWord(ctx, 'tie');
    for (const [id, who, suffix] of [[a, 'a', 'one'], [b, 'b', 'two']] as const) {
      const before = expectOk(await ctx.api.as(who).get(`/v1/publications/${encodeURIComponent(id)}`), Publication);
      ctx.created.add(`restore the name of publication ${who.toUpperCase()}`, () => ctx.api.as(who).patch(`/v1/publications/${encodeURIComponent(id)}`, { name: before.name }));
      expectStatus(await ctx.api.as(who).patch(`/v1/publications/${encodeURIComponent(id)}`, { name: `${word} ${suffix}` }), 200);
    }
    // Neither name holds A's ticker now.
    if (!(await searchCoins(ctx, coinA.metadata.symbol)).some((r) => r.coin.coinId === coinA.id)) fail(`searching the ticker ${coinA.metadata.symbol} did not find coin ${coinA.id}`);

    // Both names hold the word (publications weigh the same, and so do their coins, found by publication name).
    const ranked = async () => {
      const blogs = expectOk(await ctx.api.anonymous.get('/v1/discover/blogs/search', { query: { q: word } }), BlogSearchResults);
      const counts = new Map(blogs.map((r) => [r.blog.blogId, r.activeSubscriberCount]));
      const expected = [a, b].sort((x, y) => (counts.get(y) ?? 0) - (counts.get(x) ?? 0) || (x < y ? -1 : 1));
      const foundBlogs = blogs.map((r) => r.blog.blogId);
      const foundCoins = (await searchCoins(ctx, word)).map((r) => r.coin.blogId);
      for (const [what, found] of [['publication', foundBlogs], ['coin', foundCoins]] as const)
        if (JSON.stringify(found) !== JSON.stringify(expected))
          fail(`${what} search for "${word}" answered ${JSON.stringify(found)}; expected ${JSON.stringify(expected)}, more active subscribers first (${JSON.stringify([...counts])})`);
      return { expected, counts };
    };
    const { expected: [leader, trailer], counts } = await ranked();
    // Subscribers imported into the other publication until it has one more: the order turns.
    const needed = (counts.get(leader) ?? 0) - (counts.get(trailer) ?? 0) + 1;
    if (needed > 1000) return ctx.skip(`publication ${leader} leads by ${needed - 1} active subscribers, too many to import for this test`);
    const api = ctx.api.as(trailer === a ? 'a' : 'b');
    const rows = Array.from({ length: needed }, () => ({ email: ctx.names.email('tie') }));
    registerImported(ctx, rows, api);
    expectStatus(await uploadCsv(ctx, ['email', ...rows.map((r) => r.email)].join('\n'), {}, api), 200);
    const after = await ranked();
    if (after.expected[0] !== trailer) fail(`after importing ${needed} subscribers into ${trailer} it does not lead: ${JSON.stringify([...after.counts])}`);
  },
  { profile: 'reference-choices', needs: ['apiKey', 'secondKey', 'publicationIds'] },
);

rule(
  ['discover.coins.matching'],
  'coin search finds a writer coin by the start of its contract address (first) and by its publication name, and never a post coin',
  async (ctx) => {
    const coins = expectOk(await ctx.api.anonymous.get('/v1/coins/list/popular'), PopularCoins).coins;
    const writer = coins.find((c) => c.metadata.extensions.coinType === 'writer' && c.contractAddress);
    if (!writer?.contractAddress) return ctx.skip('the target lists no writer coin with a contract address');
    const search = async (q: string) => expectOk(await ctx.api.anonymous.get('/v1/discover/coins/search', { query: { q } }), CoinSearchResults);
    const prefix = writer.contractAddress.slice(0, 6).toUpperCase().replace(/^0X/, '0x');
    const [first] = await search(prefix);
    if (first?.coin.coinId !== writer.id) fail(`searching the start of its contract address ${prefix} did not answer coin ${writer.id} first`);
    if (first.coin.contractAddress !== writer.contractAddress || first.coin.ticker !== writer.metadata.symbol)
      fail(`the hit's address and ticker are ${first.coin.contractAddress} ${first.coin.ticker}, the coin's ${writer.contractAddress} ${writer.metadata.symbol}`);
    const blogId = writer.metadata.extensions.paragraph.blogId;
    const publication = expectOk(await ctx.api.anonymous.get(`/v1/publications/${encodeURIComponent(blogId)}`), Publication);
    if (first.blog.blogId !== blogId || first.blog.name !== publication.name || first.blog.slug !== publication.slug || first.blog.logoUrl !== (publication.logoUrl ?? null))
      fail(`the hit's blog is ${JSON.stringify(first.blog)}, not publication ${blogId} (${publication.slug})`);
    if (!(await search(publication.name)).some((r) => r.coin.coinId === writer.id)) fail(`searching the publication name "${publication.name}" did not find its coin`);
    // The shortest start that counts (0x and two characters) finds it; a shorter one, or the start with another word, is no address.
    const address = writer.contractAddress.toLowerCase();
    if (!(await search(address.slice(0, 4))).some((r) => r.coin.coinId === writer.id)) fail(`searching ${address.slice(0, 4)} did not find coin ${writer.id}`);
    for (const q of [address.slice(0, 3), `${address.slice(0, 6)} ${writer.metadata.symbol}`])
      if ((await search(q)).some((r) => r.coin.coinId === writer.id)) fail(`searching "${q}" found coin ${writer.id} by its address`);
    const postCoin = coins.find((c) => c.metadata.extensions.coinType === 'post' && c.contractAddress);
    if (postCoin?.contractAddress && (await search(postCoin.contractAddress)).some((r) => r.coin.coinId === postCoin.id)) fail(`search found the post coin ${postCoin.id}`);
  },
  { profile: 'reference-choices' },
);
