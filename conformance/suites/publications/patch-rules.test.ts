/**
 * The rules of PATCH /v1/publications/{publicationId} beyond single fields:
 * only the provided fields change, emailNotifications merge, pinnedPostIds
 * replaces the list in order (at most 50), unknown properties and the
 * removed disableHighlights are refused, and pinned posts leave the regular
 * feed (and come back when unpinned). A's settings are put back when each
 * test ends.
 */
import { expectError, expectOk, fail, fc, rule } from '../../src/authoring/index.js';
import { Post } from '../../../schemas/posts.js';
import { Publication, PublicationPatch } from '../../../schemas/publications.js';
import { walkPages } from '../posts/support/lists.js';
import { createDraft, createPublished } from '../posts/support/posts-api.js';
import { SuccessBody } from '../../../schemas/common.js';
import { scalar } from '../analytics/support.js';
import { changedFields } from '../posts/support/refusals.js';
import { expectedAfterPatch, PATCH_FIELDS } from './patch-fields.js';
import { expectPublicationUnchanged, patchEnv, readPublication, withRestoredSettings } from './support.js';

const KNOWN_KEYS = new Set([...Object.keys(PublicationPatch.shape), 'disableHighlights', 'id', 'slug', 'ownerUserId', 'customDomain', 'logoUrl']);

rule(
  ['publications.patch.only-provided-change', 'publications.patch.response', 'publications.patch.pinned-replaces', 'publications.patch.email-notifications-merge'],
  'PATCH with any combination of valid fields changes those fields and nothing else',
  async (ctx) => {
    const env = await patchEnv(ctx);
    const entries = Object.fromEntries(PATCH_FIELDS.map((f) => [f.name, f.valid(env)])) as Record<string, fc.Arbitrary<unknown>>;
    await withRestoredSettings(ctx, async (_before, id) => {
      await ctx.check(fc.record(entries, { requiredKeys: [] }), async (patch) => {
        const before = await readPublication(ctx, id);
        const updated = expectOk(await ctx.api.patch(`/v1/publications/${id}`, patch), Publication);
        for (const [name, value] of Object.entries(patch)) {
          const expected = expectedAfterPatch(name, value, before);
          const actual = (updated as Record<string, unknown>)[name];
          if (JSON.stringify(actual) !== JSON.stringify(expected)) fail(`PATCH ${name} ${JSON.stringify(value)} left ${JSON.stringify(actual)}`);
        }
        const unexpected = changedFields(before, updated).filter((key) => !(key in patch));
        if (unexpected.length > 0) fail(`PATCH of ${Object.keys(patch).join(', ') || 'nothing'} also changed ${unexpected.join(', ')}`);
      });
    });
  },
  { needs: ['apiKey', 'publicationIds'] },
);

rule(
  ['publications.patch.unknown-property-400'],
  'PATCH with a property the body does not have answers 400 and changes nothing',
  async (ctx) => {
    const unknownKey = fc.stringMatching(/^[a-z][a-zA-Z]{2,15}$/).filter((key) => !KNOWN_KEYS.has(key));
    await withRestoredSettings(ctx, async (before, id) => {
      await ctx.check(fc.tuple(unknownKey, fc.boolean()), async ([key, withKnown]) => {
        const body: Record<string, unknown> = { [key]: 'x' };
        // Next to a valid field too: the whole request is refused, the valid field is not applied.
        if (withKnown) body.hideStats = !before.hideStats;
        expectError(await ctx.api.patch(`/v1/publications/${id}`, body), 400);
        await expectPublicationUnchanged(ctx, id, before, `PATCH ${JSON.stringify(body)}`);
      });
    });
  },
  { needs: ['apiKey', 'publicationIds'] },
);

rule(
  ['errors.400.invalid-request'],
  'PATCH /v1/publications/{publicationId} with a JSON body that is not an object (null, an array, a number, a string, a boolean) answers 400 and changes nothing',
  async (ctx) => {
    await withRestoredSettings(ctx, async (before, id) => {
      for (const body of ['null', '[]', `[{"hideStats":${!before.hideStats}}]`, '42', '"hideStats"', 'true']) {
        expectError(await ctx.api.request('PATCH', `/v1/publications/${id}`, { body, contentType: 'application/json' }), 400);
        await expectPublicationUnchanged(ctx, id, before, `PATCH ${body}`);
      }
    });
  },
  { needs: ['apiKey', 'publicationIds'] },
);

rule(
  ['publications.patch.disable-highlights-400'],
  'PATCH with the removed setting disableHighlights answers 400 and changes nothing',
  async (ctx) => {
    await withRestoredSettings(ctx, async (before, id) => {
      for (const body of [{ disableHighlights: true }, { disableHighlights: false }, { disableHighlights: true, showMostPopular: !before.showMostPopular }]) {
        expectError(await ctx.api.patch(`/v1/publications/${id}`, body), 400);
        await expectPublicationUnchanged(ctx, id, before, `PATCH ${JSON.stringify(body)}`);
      }
    });
  },
  { needs: ['apiKey', 'publicationIds'] },
);

rule(
  ['publications.patch.pinned-max-50', 'publications.patch.pinned-replaces'],
  'PATCH pinnedPostIds takes 50 posts of the publication, in order, and refuses 51',
  async (ctx) => {
    const drafts: string[] = [];
    for (let i = 0; i < 51; i++) drafts.push(await createDraft(ctx, `pinned ${i + 1} of 51`));
    await withRestoredSettings(ctx, async (before, id) => {
      expectError(await ctx.api.patch(`/v1/publications/${id}`, { pinnedPostIds: drafts }), 400);
      await expectPublicationUnchanged(ctx, id, before, 'PATCH of 51 pinnedPostIds');
      const fifty = drafts.slice(0, 50).reverse();
      const updated = expectOk(await ctx.api.patch(`/v1/publications/${id}`, { pinnedPostIds: fifty }), Publication);
      if (JSON.stringify(updated.pinnedPostIds) !== JSON.stringify(fifty)) fail('PATCH of 50 pinnedPostIds did not store them in the order given');
    });
  },
  { needs: ['apiKey', 'publicationIds'] },
);

rule(
  ['publications.shape.pinned-hidden-from-feed', 'publications.patch.pinned-unpinned-return', 'pagination.total.count'],
  'a pinned post is left out of the regular feed, which keeps its other posts and counts only what it lists, and returns to it when unpinned',
  async (ctx) => {
    const post = await createPublished(ctx, 'pinned out of the feed');
    const other = await createPublished(ctx, 'not pinned, stays in the feed');
    // A draft can be pinned too; it was never in the public list, so it is not taken out of its count.
    const draft = await createDraft(ctx, 'pinned draft');
    await withRestoredSettings(ctx, async (before, id) => {
      const feed = async () => {
        const pages = await walkPages(ctx.api.anonymous, `/v1/publications/${id}/posts`, Post, { limit: 7 });
        const ids = new Set(pages.flatMap((page) => page.items.map((p) => p.id)));
        const total = pages[0]!.pagination.total;
        if (total !== ids.size) fail(`the regular feed says total ${total} but lists ${ids.size} posts (pinned: ${JSON.stringify(pinnedNow)})`);
        return ids;
      };
      let pinnedNow = before.pinnedPostIds ?? [];
      if (!(await feed()).has(post)) fail(`the published post ${post} is not in the regular feed before pinning`);
      pinnedNow = [post, draft, ...(before.pinnedPostIds ?? [])];
      expectOk(await ctx.api.patch(`/v1/publications/${id}`, { pinnedPostIds: pinnedNow }), Publication);
      const whilePinned = await feed();
      if (whilePinned.has(post)) fail(`the pinned post ${post} is still in the regular feed`);
      if (!whilePinned.has(other)) fail(`the published post ${other}, not pinned, left the regular feed when ${post} was pinned`);
      pinnedNow = before.pinnedPostIds ?? [];
      expectOk(await ctx.api.patch(`/v1/publications/${id}`, { pinnedPostIds: pinnedNow }), Publication);
      if (!(await feed()).has(post)) fail(`the unpinned post ${post} did not return to the regular feed`);
    });
  },
  { needs: ['apiKey', 'publicationIds'] },
);

rule(
  ['publications.patch.pinned-no-repeats'],
  'PATCH pinnedPostIds naming one post twice answers 400 and changes nothing',
  async (ctx) => {
    const post = await createDraft(ctx, 'pinned twice');
    await withRestoredSettings(ctx, async (before, id) => {
      for (const pinned of [[post, post], [post, ...(before.pinnedPostIds ?? []), post]]) {
        expectError(await ctx.api.patch(`/v1/publications/${id}`, { pinnedPostIds: pinned }), 400);
        await expectPublicationUnchanged(ctx, id, before, `PATCH pinnedPostIds ${JSON.stringify(pinned)}`);
      }
    });
  },
  { needs: ['apiKey', 'publicationIds'] },
);

rule(
  ['publications.deleted-post.leaves-settings'],
  'a deleted post leaves pinnedPostIds, and the featuredPost goes back to latest only when the featured post is deleted',
  async (ctx) => {
    const pinned = await createDraft(ctx, 'pinned, then deleted');
    const featured = await createDraft(ctx, 'featured, then deleted');
    const stays = await createDraft(ctx, 'pinned, stays');
    await withRestoredSettings(ctx, async (before, id) => {
      const others = [stays, ...(before.pinnedPostIds ?? [])];
      expectOk(await ctx.api.patch(`/v1/publications/${id}`, { pinnedPostIds: [pinned, ...others], featuredPost: featured }), Publication);
      expectOk(await ctx.api.delete(`/v1/posts/${pinned}`), SuccessBody);
      let after = await readPublication(ctx, id);
      if (JSON.stringify(after.pinnedPostIds ?? []) !== JSON.stringify(others)) fail(`after DELETE of the pinned post ${pinned}, pinnedPostIds is ${JSON.stringify(after.pinnedPostIds)}, expected ${JSON.stringify(others)}`);
      if (after.featuredPost !== featured) fail(`DELETE of another post changed featuredPost from ${featured} to ${after.featuredPost}`);
      expectOk(await ctx.api.delete(`/v1/posts/${featured}`), SuccessBody);
      after = await readPublication(ctx, id);
      if (after.featuredPost !== 'latest') fail(`after DELETE of the featured post ${featured}, featuredPost is ${after.featuredPost}, expected latest`);
    });
  },
  { needs: ['apiKey', 'publicationIds'], profile: 'extended' },
);

rule(
  ['analytics.data.fresh'],
  'PATCH /v1/publications/{publicationId} name shows in the next analytics query of blogs',
  async (ctx) => {
    await withRestoredSettings(ctx, async (before, id) => {
      // Read first: the change must reach analytics that are already running.
      const first = await scalar(ctx.api, 'select name from blogs');
      if (first !== before.name) fail(`blogs.name is ${JSON.stringify(first)}, the publication's name ${JSON.stringify(before.name)}`);
      const name = `${before.name.slice(0, 60)} ${ctx.runId}`;
      expectOk(await ctx.api.patch(`/v1/publications/${id}`, { name }), Publication);
      const seen = await scalar(ctx.api, 'select name from blogs');
      if (seen !== name) fail(`after PATCH name ${JSON.stringify(name)}, blogs.name is ${JSON.stringify(seen)}`);
    });
  },
  { needs: ['apiKey', 'publicationIds'] },
);

rule(
  ['publications.patch.outside-ids-400'],
  'pinned or featured posts outside the publication answer 400',
  async (ctx) => {
    const env = await patchEnv(ctx);
    await withRestoredSettings(ctx, async (_before, id) => {
      for (const foreign of ['cfxNoSuchPost0000000', ...env.foreignPostIds]) {
        expectError(await ctx.api.patch(`/v1/publications/${id}`, { featuredPost: foreign }), 400);
        expectError(await ctx.api.patch(`/v1/publications/${id}`, { pinnedPostIds: [foreign] }), 400);
      }
    });
  },
  { needs: ['apiKey', 'publicationIds'] },
);
