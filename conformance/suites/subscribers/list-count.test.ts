/**
 * The extended subscriber endpoints: the list (newest first, item shape,
 * paging) and the count, and how unsubscribing shows in both.
 */
import { SuccessBody } from '../../../schemas/common.js';
import { SubscriberCount, SubscriberPage } from '../../../schemas/subscribers.js';
import { expectError, expectOk, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { addSubscriber, findByEmail, findByWallet, listAll, removeSubscriber } from './subscribers.js';

const countPath = (id: string) => `/v1/publications/${encodeURIComponent(id)}/subscribers/count`;

async function count(ctx: RuleContext): Promise<number> {
  return expectOk(await ctx.api.get(countPath(ctx.target.publications.a!.id)), SubscriberCount).count;
}

rule(['subscribers.list.page'], 'GET /v1/subscribers lists newest first in pages of 1..100, items {email?, walletAddress?, createdAt}', async (ctx) => {
  const base = 1_500_000_000_000;
  const added = [0, 1, 2].map((i) => ({ email: ctx.names.email(`list${i}`), createdAt: base + i * 1000 }));
  const wallet = ctx.names.wallet();
  for (const a of added) expectStatus(await addSubscriber(ctx, a), 200);
  expectStatus(await addSubscriber(ctx, { wallet, createdAt: base + 500 }), 200);

  const first = expectOk(await ctx.api.get('/v1/subscribers'), SubscriberPage);
  if (first.items.length > 10) fail(`the default page has ${first.items.length} items, more than 10`);
  const items = await listAll(ctx);
  for (let i = 1; i < items.length; i++)
    if (items[i - 1].createdAt < items[i].createdAt) fail(`item ${i} (createdAt ${items[i].createdAt}) comes after an older one`);
  const positions = [...added.map((a) => items.findIndex((s) => s.email === a.email)), items.findIndex((s) => s.walletAddress === wallet)];
  if (positions.some((p) => p < 0)) fail('not every added subscriber is listed');
  const [p0, p1, p2, pw] = positions;
  if (!(p2 < p1 && p1 < pw && pw < p0)) fail(`the added subscribers are not newest first (positions ${positions.join(', ')})`);
  const walletOnly = items[pw];
  if (walletOnly.email !== undefined) fail(`a wallet-only subscriber is listed with email ${JSON.stringify(walletOnly.email)}`);

  expectError(await ctx.api.get('/v1/subscribers', { query: { limit: 0 } }), 400);
  expectError(await ctx.api.get('/v1/subscribers', { query: { limit: 101 } }), 400);
  const one = expectOk(await ctx.api.get('/v1/subscribers', { query: { limit: 1 } }), SubscriberPage);
  if (one.items.length !== 1) fail(`limit=1 gave ${one.items.length} items`);
  for (const a of added) await removeSubscriber(ctx, { email: a.email });
  await removeSubscriber(ctx, { wallet });
}, { profile: 'extended', needs: ['apiKey'] });

rule(['subscribers.list.ties'], 'subscribers with the same createdAt are listed the one added last first', async (ctx) => {
  const createdAt = 1_400_000_000_000;
  const added = [0, 1, 2].map((i) => ctx.names.email(`tie${i}`));
  for (const email of added) expectStatus(await addSubscriber(ctx, { email, createdAt }), 200);
  const items = await listAll(ctx);
  const positions = added.map((email) => items.findIndex((s) => s.email === email));
  if (positions.some((p) => p < 0)) fail('not every added subscriber is listed');
  if (!(positions[2] < positions[1] && positions[1] < positions[0])) fail(`subscribers of the same createdAt are not listed the last added first (positions ${positions.join(', ')})`);
  for (const email of added) await removeSubscriber(ctx, { email });
}, { profile: 'extended' });

rule(['pagination.cursor.tampered-400', 'subscribers.list.page'], "a cursor of publication A's subscriber list answers 400 on publication B's", async (ctx) => {
  const first = expectOk(await ctx.api.get('/v1/subscribers', { query: { limit: 1 } }), SubscriberPage);
  if (!first.pagination.hasMore) return ctx.skip('precondition: publication A has fewer than two subscribers');
  expectError(await ctx.api.b.get('/v1/subscribers', { query: { limit: 1, cursor: first.pagination.cursor } }), 400);
}, { profile: 'reference-choices', needs: ['apiKey', 'secondKey'] });

rule(['subscribers.count.get'], 'the count answers {count} and follows adds and deletes', async (ctx) => {
  const before = await count(ctx);
  const email = ctx.names.email('count');
  expectStatus(await addSubscriber(ctx, { email }), 200);
  if ((await count(ctx)) !== before + 1) fail('the count did not grow by one after adding a subscriber');
  expectStatus(await addSubscriber(ctx, { email }), 200);
  if ((await count(ctx)) !== before + 1) fail('adding an existing subscriber changed the count');
  expectStatus(await removeSubscriber(ctx, { email }), 200);
  if ((await count(ctx)) !== before) fail('the count did not come back after deleting the subscriber');
}, { needs: ['publicationIds'] });

rule(['subscribers.count.public'], 'the count answers without a key, for any publication, and 404 for an unknown one', async (ctx) => {
  const own = await count(ctx);
  const anonymous = expectOk(await ctx.api.anonymous.get(countPath(ctx.target.publications.a!.id)), SubscriberCount).count;
  if (anonymous !== own) fail(`without a key the count is ${anonymous}, with the key ${own}`);
  expectOk(await ctx.api.get(countPath(ctx.target.publications.b!.id)), SubscriberCount);
  expectError(await ctx.api.anonymous.get(countPath(`${ctx.runId}-no-such-publication`)), 404);
}, { needs: ['publicationIds'] });

rule(['subscribers.suppressed.inactive'], 'an unsubscribed address leaves the list and the count, and adding it again does not bring it back', async (ctx) => {
  const publicationId = ctx.target.publications.a!.id;
  const email = ctx.names.email('unsub');
  expectStatus(await addSubscriber(ctx, { email }), 200);
  const before = await count(ctx);
  await ctx.control.call('POST', '/_control/unsubscribe', { publicationId, email });
  ctx.created.add(`lift suppression of ${email}`, () => ctx.control.call('DELETE', '/_control/suppressions', { publicationId, email }));
  if ((await count(ctx)) !== before - 1) fail('the count still includes the unsubscribed address');
  if (findByEmail(await listAll(ctx), email)) fail('the unsubscribed address is still listed');
  expectStatus(await addSubscriber(ctx, { email }), 200);
  if (findByEmail(await listAll(ctx), email)) fail('adding the unsubscribed address again re-subscribed it');
  expectStatus(await removeSubscriber(ctx, { email }), 200);
}, { needs: ['publicationIds', 'control:unsubscribe'], profile: 'extended' });

/** Unsubscribes an address of publication A through the control API, lifted again at the end of the file. */
async function unsubscribe(ctx: RuleContext, email: string): Promise<void> {
  const publicationId = ctx.target.publications.a!.id;
  await ctx.control.call('POST', '/_control/unsubscribe', { publicationId, email });
  ctx.created.add(`lift suppression of ${email}`, () => ctx.control.call('DELETE', '/_control/suppressions', { publicationId, email }));
}

rule(['subscribers.suppressed.whole-subscriber'], 'attaching an unsubscribed email to a wallet-only subscriber takes it out of the list and the count', async (ctx) => {
  const email = ctx.names.email('unsub-attach');
  const wallet = ctx.names.wallet();
  await unsubscribe(ctx, email);
  expectStatus(await addSubscriber(ctx, { wallet }), 200);
  const before = await count(ctx);
  expectStatus(await addSubscriber(ctx, { email, wallet }), 200);
  if ((await count(ctx)) !== before - 1) fail('the count still includes the subscriber whose attached email is unsubscribed');
  const items = await listAll(ctx);
  if (findByWallet(items, wallet) || findByEmail(items, email)) fail('the subscriber whose attached email is unsubscribed is still listed');
  expectStatus(await removeSubscriber(ctx, { wallet }), 200);
}, { needs: ['publicationIds', 'control:unsubscribe'], profile: 'extended' });

rule(['subscribers.suppressed.lift'], 'lifting a suppression brings its subscriber back into the list and the count; an unknown one answers 404', async (ctx) => {
  const publicationId = ctx.target.publications.a!.id;
  const email = ctx.names.email('unsub-lift');
  expectStatus(await addSubscriber(ctx, { email, createdAt: 1_500_000_000_000 }), 200);
  const listed = await count(ctx);
  await unsubscribe(ctx, email);
  if ((await count(ctx)) !== listed - 1) fail('the count still includes the unsubscribed address');
  expectOk(await ctx.api.anonymous.delete('/_control/suppressions', { publicationId, email: email.toUpperCase() }), SuccessBody);
  if ((await count(ctx)) !== listed) fail('the count did not come back after the suppression was lifted');
  const back = findByEmail(await listAll(ctx), email);
  if (back?.createdAt !== 1_500_000_000_000) fail(`the subscriber is not listed again as it was after the suppression was lifted: ${JSON.stringify(back)}`);
  expectError(await ctx.api.anonymous.delete('/_control/suppressions', { publicationId, email }), 404);
  expectError(await ctx.api.anonymous.delete('/_control/suppressions', { publicationId: `${ctx.runId}-no-such-publication`, email }), 404);
  expectStatus(await removeSubscriber(ctx, { email }), 200);
}, { needs: ['publicationIds', 'control:unsubscribe', 'control:suppressions'] });

rule(['subscribers.suppressed.once'], 'unsubscribing an address again changes nothing: changed is false, the first time stays', async (ctx) => {
  const publicationId = ctx.target.publications.a!.id;
  const email = ctx.names.email('unsub-twice');
  const unsubscribeOnce = () => ctx.control.call<{ changed?: unknown }>('POST', '/_control/unsubscribe', { publicationId, email });
  ctx.created.add(`lift suppression of ${email}`, () => ctx.control.call('DELETE', '/_control/suppressions', { publicationId, email }));
  const first = await unsubscribeOnce();
  const suppressedAt = async () => {
    const listed = await ctx.control.call<{ items: { email: string; suppressedAt: number }[] }>('GET', `/_control/suppressions?publicationId=${encodeURIComponent(publicationId)}`);
    return listed.items.find((s) => s.email === email)?.suppressedAt;
  };
  const at = await suppressedAt();
  if (first.changed !== true) fail(`the first unsubscribe answered changed ${JSON.stringify(first.changed)}, not true`);
  await ctx.control.advanceClock(60_000);
  const again = await unsubscribeOnce();
  if (again.changed !== false) fail(`unsubscribing again answered changed ${JSON.stringify(again.changed)}, not false`);
  if (at === undefined || (await suppressedAt()) !== at) fail(`the suppression's time moved from ${at} to ${await suppressedAt()} when the address was unsubscribed again`);
  // The list without a publication holds every publication's, newest first.
  const later = ctx.names.email('unsub-later');
  await unsubscribe(ctx, later);
  const all = (await ctx.control.call<{ items: { email: string }[] }>('GET', '/_control/suppressions')).items.map((s) => s.email);
  if (!(all.includes(email) && all.indexOf(later) < all.indexOf(email))) fail(`GET /_control/suppressions does not list ${later} before the older ${email}`);
}, { needs: ['publicationIds', 'control:unsubscribe', 'control:suppressions', 'control:clock'] });
