/**
 * Slugs in a publication (the register's choices): the form of a generated
 * slug, unique ignoring letter case, a generated slug that is taken gets the
 * first free suffix, and a title change keeps the slug.
 */
import { expectError, expectOk, fail, rule } from '../../src/authoring/index.js';
import { PostCreated } from '../../../schemas/posts.js';
import { createDraft, postCreate, draftBody, readOwnPost, updatePost } from './support/posts-api.js';

rule(
  ['posts.slug.unique'],
  "a slug another post of the publication has, in any letter case, is refused on create and on update; a post's own slug is not",
  async (ctx) => {
    const slug = ctx.names.slug('unique');
    const first = await createDraft(ctx, 'slug owner', { slug });
    const shouted = slug.toUpperCase();
    expectError(await postCreate(ctx, draftBody(ctx, 'slug taken on create', { slug: shouted })), 400);
    const second = await createDraft(ctx, 'slug taken on update');
    const before = (await readOwnPost(ctx, second)).slug;
    expectError(await ctx.api.put(`/v1/posts/${second}`, { slug }), 400);
    expectError(await ctx.api.put(`/v1/posts/${second}`, { slug: shouted }), 400);
    if ((await readOwnPost(ctx, second)).slug !== before) fail('a refused slug changed the post');
    // Its own slug, in another case, is the post's to keep.
    await updatePost(ctx, first, { slug: shouted });
    const after = (await readOwnPost(ctx, first)).slug;
    if (after !== shouted) fail(`the post's own slug in upper case read back as ${after}`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.slug.generated-suffix', 'posts.slug.title-change-keeps'],
  'a taken generated slug gets the first free suffix of -2, -3..., a suffix let go is given again, and a new title keeps the slug',
  async (ctx) => {
    const label = `same title ${ctx.names.slug('suffix')}`;
    const base = (await readOwnPost(ctx, await createDraft(ctx, label))).slug;
    const second = await createDraft(ctx, label);
    const third = await createDraft(ctx, label);
    const slugs = [(await readOwnPost(ctx, second)).slug, (await readOwnPost(ctx, third)).slug];
    if (slugs[0] !== `${base}-2` || slugs[1] !== `${base}-3`) fail(`the slugs of the same title read ${base}, ${slugs.join(', ')}; expected ${base}, ${base}-2, ${base}-3`);

    await updatePost(ctx, second, { slug: ctx.names.slug('moved') });
    const fourth = await createDraft(ctx, label);
    const reused = (await readOwnPost(ctx, fourth)).slug;
    if (reused !== `${base}-2`) fail(`after ${base}-2 was let go the next post of the title got ${reused}, expected ${base}-2`);

    await updatePost(ctx, third, { title: `${label} renamed` });
    const renamed = (await readOwnPost(ctx, third)).slug;
    if (renamed !== `${base}-3`) fail(`a new title changed the slug ${base}-3 to ${renamed}`);

    // A suffix taken by a given slug is passed over too.
    await createDraft(ctx, 'given suffix', { slug: `${base}-4` });
    const fifth = (await readOwnPost(ctx, await createDraft(ctx, label))).slug;
    if (fifth !== `${base}-5`) fail(`with ${base} to ${base}-4 taken (${base}-4 given), the next post of the title got ${fifth}, expected ${base}-5`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.slug.generated-suffix'],
  "a slug of the form base-N that was given, never generated, and is let go leaves the first free suffix of its base at -2",
  async (ctx) => {
    // Another title's suffixes first: a publication where generated suffixes were handed out already.
    const other = `other title ${ctx.names.slug('suffix')}`;
    await createDraft(ctx, other);
    await createDraft(ctx, other);
    const label = `given suffix ${ctx.names.slug('suffix')}`;
    const probe = await createDraft(ctx, label);
    const base = (await readOwnPost(ctx, probe)).slug;
    await updatePost(ctx, probe, { slug: ctx.names.slug('probe moved') });
    const given = await createDraft(ctx, 'given base-3', { slug: `${base}-3` });
    await updatePost(ctx, given, { slug: ctx.names.slug('given moved') });
    const slugs = [];
    for (let i = 0; i < 2; i++) slugs.push((await readOwnPost(ctx, await createDraft(ctx, label))).slug);
    if (slugs[0] !== base || slugs[1] !== `${base}-2`)
      fail(`after the given slug ${base}-3 was let go, two posts of the title got ${slugs.join(', ')}; expected ${base}, ${base}-2`);
  },
  { needs: ['apiKey'] },
);

rule(
  ['posts.slug.generated-form'],
  'a generated slug is the title in lower case without accents, other characters one "-", none at the ends, cut at 200; "post" when nothing is left',
  async (ctx) => {
    const slugOf = async (title: string) => {
      const { id } = expectOk(await postCreate(ctx, { ...draftBody(ctx, 'slug form'), title }), PostCreated);
      return (await readOwnPost(ctx, id)).slug;
    };
    const unique = ctx.names.slug('form');
    const plain = await slugOf(`¡Crème Brûlée:  Ça_Va?! ${unique}`);
    if (plain !== `creme-brulee-ca-va-${unique}`) fail(`the title "¡Crème Brûlée:  Ça_Va?! ${unique}" gave the slug ${plain}`);
    const empty = await slugOf('¿?! … !?');
    if (!/^post(-[0-9]+)?$/.test(empty)) fail(`a title without letters or digits gave the slug ${empty}, expected post (or post-N when taken)`);
    // "ﬁ" is "fi" once accents are split off: the title stays short while its slug passes 200, the cut falling on a "-".
    const cut = ctx.names.slug('cut');
    const pad = (198 - cut.length) % 2 === 1 ? 'a' : '';
    const ligatures = (198 - cut.length - pad.length) / 2;
    const long = await slugOf(`${cut} ${pad}${'ﬁ'.repeat(ligatures)} tail`);
    const expected = `${cut}-${pad}${'fi'.repeat(ligatures)}`;
    if (long !== expected) fail(`a title whose slug is cut at 200 characters on a "-" gave ${long.length} characters ending ${JSON.stringify(long.slice(-12))}, expected ${expected.length} ending ${JSON.stringify(expected.slice(-12))}`);
  },
  { needs: ['apiKey'] },
);
