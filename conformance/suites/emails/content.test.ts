/**
 * What each email says, as the register writes it
 * (docs/spec-gaps-subscribers-emails.md): the newsletter (subject, title,
 * subtitle, body, "Read online" link, preheader, footer, order of sending),
 * the test newsletter's subject and refusals, the owner notification's
 * subject and who it names, and who every email is from and replies to.
 * Read back from the outbox of the control API.
 */
import { SuccessBody } from '../../../schemas/common.js';
import { Post } from '../../../schemas/posts.js';
import { Publication } from '../../../schemas/publications.js';
import { expectError, expectOk, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { createDraft, createPublished } from '../posts/support/posts-api.js';
import { addSubscriber } from '../subscribers/subscribers.js';
import { publicationA, type OutboxEmail } from './emails.js';

/** The outbox record's fields these tests read beyond OutboxEmail's. */
interface Letter extends OutboxEmail {
  from: string;
  replyTo: string | null;
  communityId: string | null;
}

interface Sender {
  id: string;
  name: string;
  slug: string;
  ownerEmail: string;
}

const SIDE_EFFECTS = { profile: ['side-effects' as const], needs: ['publicationIds' as const, 'control:outbox' as const] };

/** Publication A's name and slug, and its owner's address (from /_control/publications). */
async function sender(ctx: RuleContext): Promise<Sender> {
  const id = publicationA(ctx);
  const { name, slug } = expectOk(await ctx.api.get(`/v1/publications/${id}`), Publication);
  const listed = await ctx.control.call<{ publications: { id: string; ownerEmail?: string | null }[] }>('GET', '/_control/publications');
  const ownerEmail = listed.publications.find((p) => p.id === id)?.ownerEmail;
  if (!ownerEmail) return ctx.skip("the control API does not give the owner's address of publication A");
  return { id, name, slug, ownerEmail };
}

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function expectFrom(letter: Letter, from: Sender, replyTo: string | null): void {
  const expected = `"${from.name}" <${from.slug}@newsletter.example.com>`;
  if (letter.from !== expected) fail(`the ${letter.kind} email is from ${letter.from}, expected ${expected}`);
  if ((letter.replyTo ?? null)?.toLowerCase() !== replyTo?.toLowerCase()) fail(`the ${letter.kind} email replies to ${letter.replyTo}, expected ${replyTo}`);
}

async function only(ctx: RuleContext, query: Record<string, string>): Promise<Letter> {
  const found = await ctx.control.outbox<Letter>({ ...query, limit: 'all' });
  if (found.length !== 1) fail(`${found.length} emails in the outbox for ${JSON.stringify(query)}, expected 1`);
  return found[0];
}

rule(
  ['emails.newsletter.content', 'emails.newsletter.order', 'emails.sender.from-reply-to'],
  'a newsletter is the post (title as subject and heading, subtitle, body, a "Read online" link to its page), sent oldest subscriber first, from the publication, replying to its owner',
  async (ctx) => {
    const from = await sender(ctx);
    const [older, newer] = [ctx.names.email('nl-older'), ctx.names.email('nl-newer')];
    expectStatus(await addSubscriber(ctx, { email: older }), 200);
    // A second apart: the subscribers' order is their time of subscribing.
    await ctx.control.advanceClock(1_000);
    expectStatus(await addSubscriber(ctx, { email: newer }), 200);
    const subtitle = 'A subtitle & more';
    const communityId = ctx.target.publications.a?.communityIds?.[0];
    const postId = await createPublished(ctx, 'newsletter content', { subtitle, sendNewsletter: true, ...(communityId ? { communityId } : {}) });
    const post = expectOk(await ctx.api.get(`/v1/posts/${postId}`), Post);
    const letter = await only(ctx, { kind: 'newsletter', postId, to: older });

    if (letter.subject !== post.title) fail(`the subject is ${JSON.stringify(letter.subject)}, not the post title ${JSON.stringify(post.title)}`);
    const html = letter.html;
    const heading = html.indexOf(`<h1>${escaped(post.title)}</h1>`);
    if (heading < 0) fail('the HTML does not head the email with the post title');
    if (html.indexOf(escaped(subtitle), heading) < 0) fail('the HTML does not give the subtitle after the title');
    if (html.indexOf(escaped(subtitle)) > heading) fail('the preheader (before the title) is not the subtitle');
    if (html.indexOf('Conformance probe: newsletter content.', heading) < 0) fail("the HTML does not hold the post's body");
    const link = /<a href="([^"]+)">Read online<\/a>/.exec(html)?.[1];
    if (!link) fail('the HTML has no "Read online" link');
    const path = `/@${encodeURIComponent(from.slug)}/${encodeURIComponent(post.slug)}`;
    if (new URL(link.replace(/&amp;/g, '&')).pathname !== path) fail(`"Read online" links to ${link}, expected a URL of ${path}`);
    expectStatus(await ctx.api.anonymous.get(path, { headers: { accept: 'text/html' } }), 200);
    const text = letter.text;
    const opening = `${post.title}\n\n${subtitle}\n\nConformance probe: newsletter content.`;
    if (!text.startsWith(opening)) fail(`the text does not open with the title, subtitle and body: ${JSON.stringify(text.slice(0, 200))}`);
    if (!text.includes(`Read online: ${link.replace(/&amp;/g, '&')}`)) fail('the text has no "Read online" line');
    const reason = `You are receiving this email because you subscribed to ${from.name}.`;
    if (!text.includes(reason) || !html.includes(escaped(reason))) fail(`the footer does not say ${JSON.stringify(reason)}`);
    expectFrom(letter, from, from.ownerEmail);
    if ((letter.communityId ?? null) !== (communityId ?? null)) fail(`the email records communityId ${letter.communityId}, expected ${communityId ?? null}`);

    const sent = await ctx.control.outbox<Letter>({ kind: 'newsletter', postId, limit: 'all' });
    const [iOlder, iNewer] = [older, newer].map((to) => sent.findIndex((e) => e.to.toLowerCase() === to));
    // The outbox lists newest first: the email queued first comes later in the list.
    if (iOlder < 0 || iNewer < 0) fail('a new subscriber got no newsletter');
    if (iOlder < iNewer) fail('the newsletter was queued to the newer subscriber before the older one');
  },
  { ...SIDE_EFFECTS, needs: [...SIDE_EFFECTS.needs, 'control:clock' as const] },
);

rule(
  ['emails.newsletter.content'],
  'a newsletter-only post (publishOnline false) has no "Read online" link; without a subtitle the preheader is the preview and the text goes from title to body',
  async (ctx) => {
    const to = ctx.names.email('nl-only');
    expectStatus(await addSubscriber(ctx, { email: to }), 200);
    const postId = await createPublished(ctx, 'newsletter only', { sendNewsletter: true, publishOnline: false, postPreview: 'The preview line' });
    const post = expectOk(await ctx.api.get(`/v1/posts/${postId}`), Post);
    const letter = await only(ctx, { kind: 'newsletter', postId, to });
    if (/Read online/i.test(letter.html) || /Read online/i.test(letter.text)) fail('a post not published online links to be read online');
    // Nothing but the title and the body: no subtitle, no link, not even an empty line in the text.
    const content = `<div class="content"><h1>${escaped(post.title)}</h1><p>Conformance probe: newsletter only.</p></div>`;
    if (!letter.html.includes(content)) fail(`the HTML holds more than the title and the body: ${JSON.stringify(letter.html.slice(0, 600))}`);
    const heading = letter.html.indexOf(`<h1>${escaped(post.title)}</h1>`);
    const preheader = letter.html.indexOf('The preview line');
    if (preheader < 0 || preheader > heading) fail('the preheader (before the title) of a post without a subtitle is not its preview');
    const opening = `${post.title}\n\nConformance probe: newsletter only.\n\n-- \n`;
    if (!letter.text.startsWith(opening)) fail(`the text holds more than the title and the body before its footer: ${JSON.stringify(letter.text.slice(0, 200))}`);
  },
  SIDE_EFFECTS,
);

rule(
  ['test-newsletter.send.subject', 'emails.sender.from-reply-to'],
  'a test newsletter is the post with the subject "[Test] <title>", from the publication, replying to its owner',
  async (ctx) => {
    const from = await sender(ctx);
    const communityId = ctx.target.publications.a?.communityIds?.[0];
    const draftId = await createDraft(ctx, 'test newsletter content', communityId ? { communityId } : {});
    const post = expectOk(await ctx.api.get(`/v1/posts/${draftId}`), Post);
    expectOk(await ctx.api.post(`/v1/posts/${draftId}/test-email`, {}), SuccessBody);
    const letter = await only(ctx, { kind: 'test', postId: draftId });
    if (letter.subject !== `[Test] ${post.title}`) fail(`the subject is ${JSON.stringify(letter.subject)}, expected "[Test] ${post.title}"`);
    if (!letter.html.includes(`<h1>${escaped(post.title)}</h1>`)) fail('the test newsletter does not head the email with the post title');
    expectFrom(letter, from, from.ownerEmail);
    if ((letter.communityId ?? null) !== (communityId ?? null)) fail(`the email records communityId ${letter.communityId}, expected ${communityId ?? null}`);
  },
  SIDE_EFFECTS,
);

rule(
  ['test-newsletter.send.unknown-post-404'],
  "a test newsletter for an unknown post or another publication's draft answers 404 and sends nothing",
  async (ctx) => {
    expectError(await ctx.api.post(`/v1/posts/${ctx.names.slug('no-such-post')}/test-email`, {}), 404);
    const theirs = await createDraft(ctx, 'test newsletter of B', {}, 'b');
    expectError(await ctx.api.post(`/v1/posts/${theirs}/test-email`, {}), 404);
    const sent = await ctx.control.outbox({ postId: theirs, limit: 'all' });
    if (sent.length > 0) fail(`${sent.length} email(s) went out for another publication's draft`);
  },
  { needs: ['secondKey', 'control:outbox'] },
);

/** Runs `fn` with publication `id`'s new-subscriber notifications on (through `api`), then restores the setting. */
async function notifying(ctx: RuleContext, id: string, fn: () => Promise<void>, api = ctx.api): Promise<void> {
  const before = expectOk(await api.get(`/v1/publications/${id}`), Publication).emailNotifications?.newSubscriber ?? true;
  expectStatus(await api.patch(`/v1/publications/${id}`, { emailNotifications: { newSubscriber: true } }), 200);
  try {
    await fn();
  } finally {
    await api.patch(`/v1/publications/${id}`, { emailNotifications: { newSubscriber: before } });
  }
}

rule(
  ['events.new-subscriber.content', 'emails.sender.from-reply-to'],
  'the owner notification is "New subscriber to <publication>", names the address (or the wallet), says why it came and offers to turn the notifications off',
  async (ctx) => {
    const from = await sender(ctx);
    await notifying(ctx, from.id, async () => {
      const since = (await ctx.control.clock()).now;
      const email = ctx.names.email('notify-content');
      const wallet = ctx.names.wallet();
      expectStatus(await addSubscriber(ctx, { email }), 200);
      expectStatus(await addSubscriber(ctx, { wallet }), 200);
      const recent = await ctx.control.outboxSince<Letter>(since, { kind: 'owner_notification' });
      for (const who of [email, wallet]) {
        const letter = recent.find((e) => e.text.includes(who));
        if (!letter) fail(`no owner notification names ${who}`);
        if (letter.subject !== `New subscriber to ${from.name}`) fail(`the subject is ${JSON.stringify(letter.subject)}, expected "New subscriber to ${from.name}"`);
        if (!letter.html.includes(`<strong>${escaped(who)}</strong> subscribed to ${escaped(from.name)} (free).`)) fail(`the HTML does not say that ${who} subscribed`);
        if (!letter.text.startsWith(`${who} subscribed to ${from.name} (free).`)) fail(`the text does not say that ${who} subscribed`);
        const reason = `You are receiving this because new-subscriber notifications are on for ${from.name}.`;
        if (!letter.text.includes(reason) || !letter.html.includes(escaped(reason))) fail(`the footer does not say ${JSON.stringify(reason)}`);
        if (!letter.text.includes('Turn off new-subscriber notifications: ') || !letter.html.includes('>Turn off new-subscriber notifications</a>'))
          fail('the unsubscribe link is not labelled "Turn off new-subscriber notifications"');
        expectFrom(letter, from, null);
      }
    });
  },
  { ...SIDE_EFFECTS, needs: [...SIDE_EFFECTS.needs, 'control:clock' as const] },
);

rule(
  ['events.new-subscriber.content'],
  'a new subscriber of a publication whose owner has no address is added, and emails nobody',
  async (ctx) => {
    const listed = await ctx.control.call<{ publications: { id: string; ownerEmail?: string | null; apiKeys?: string[] }[] }>('GET', '/_control/publications');
    const quiet = listed.publications.find((p) => p.ownerEmail === null && (p.apiKeys?.length ?? 0) > 0);
    if (!quiet) return ctx.skip('the control API lists no publication whose owner has no email address (with a key)');
    const api = ctx.api.withAuthorization(`Bearer ${quiet.apiKeys![0]}`);
    await notifying(ctx, quiet.id, async () => {
      const since = (await ctx.control.clock()).now;
      const email = ctx.names.email('notify-nobody');
      expectStatus(await api.post('/v1/subscribers', { email }), 200);
      ctx.created.add(`remove subscriber ${email}`, () => api.delete('/v1/subscribers', { email }));
      const recent = await ctx.control.outboxSince<Letter>(since, { kind: 'owner_notification' });
      if (recent.some((e) => e.text.includes(email))) fail(`a notification about ${email} went out though the owner has no address`);
    }, api);
  },
  { needs: ['control:outbox', 'control:clock'] },
);

rule(
  ['emails.unsubscribe.control'],
  "the unsubscribe links of a newsletter and of a test newsletter stop the publication's emails to the address (purpose subscriber)",
  async (ctx) => {
    const from = await sender(ctx);
    const reader = ctx.names.email('nl-link');
    expectStatus(await addSubscriber(ctx, { email: reader }), 200);
    const postId = await createPublished(ctx, 'newsletter link', { sendNewsletter: true });
    const draftId = await createDraft(ctx, 'test newsletter link');
    expectOk(await ctx.api.post(`/v1/posts/${draftId}/test-email`, {}), SuccessBody);
    const letters = [await only(ctx, { kind: 'newsletter', postId, to: reader }), await only(ctx, { kind: 'test', postId: draftId })];
    for (const letter of letters) {
      const link = letter.unsubscribeUrl;
      if (!link) fail(`the ${letter.kind} email records no unsubscribeUrl`);
      try {
        const followed = await ctx.control.call<{ success: boolean; purpose: string; changed: boolean }>('POST', '/_control/unsubscribe', { token: link.slice(link.lastIndexOf('/') + 1) });
        if (followed.success !== true || followed.purpose !== 'subscriber' || followed.changed !== true)
          fail(`following the ${letter.kind} email's link answered ${JSON.stringify(followed)}, expected purpose subscriber, changed true`);
      } finally {
        // The test newsletter's address is the owner's: unsuppressed at once, before any other test sends.
        await ctx.control.call('DELETE', '/_control/suppressions', { publicationId: from.id, email: letter.to }).catch(() => undefined);
      }
    }
  },
  { ...SIDE_EFFECTS, needs: [...SIDE_EFFECTS.needs, 'control:unsubscribe' as const] },
);
