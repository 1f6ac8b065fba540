/**
 * What a custom email says and carries, as the register writes it
 * (docs/spec-gaps-subscribers-emails.md): its subject on one line, the
 * Markdown as its text, its footer, the unsubscribe headers, the ids of the
 * outbox and of a request, who it is from (the publication's name quoted)
 * and replies to; and the test newsletter's body, which must be a JSON
 * object. Real sends to example.com addresses, read back from the outbox.
 */
import { CustomEmailResult } from '../../../schemas/emails.js';
import { Publication } from '../../../schemas/publications.js';
import { expectError, expectOk, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { createDraft } from '../posts/support/posts-api.js';
import { addSubscriber } from '../subscribers/subscribers.js';
import { outboxTo, publicationA, realSend, type OutboxEmail } from './emails.js';

interface Letter extends OutboxEmail {
  from: string;
  replyTo: string | null;
  requestId: string | null;
  subscriberId: string | null;
}

const SIDE_EFFECTS = { profile: ['side-effects' as const], needs: ['publicationIds' as const, 'control:outbox' as const] };

async function sentTo(ctx: RuleContext, to: string): Promise<Letter> {
  const [letter, ...more] = (await outboxTo(ctx, to, 'custom')) as Letter[];
  if (!letter || more.length > 0) fail(`${more.length + (letter ? 1 : 0)} custom emails to ${to} in the outbox, expected 1`);
  return letter;
}

rule(
  ['emails.send.content', 'emails.send.headers', 'emails.outbox.ids'],
  "a custom email's subject is on one line, its text is the Markdown sent, its footer names the publication; it carries its unsubscribe link in List-Unsubscribe and its id in Message-ID; its ids are em_ and ce_ numbers",
  async (ctx) => {
    const publicationId = publicationA(ctx);
    const { name } = expectOk(await ctx.api.get(`/v1/publications/${publicationId}`), Publication);
    const [reader, stranger, later] = [ctx.names.email('cc-reader'), ctx.names.email('cc-stranger'), ctx.names.email('cc-later')];
    expectStatus(await addSubscriber(ctx, { email: reader }), 200);
    const body = 'Some *Markdown* here.';
    const subject = `${ctx.names.title('custom')}\r\n\u2028Bcc:\tsomeone\n`;
    expectOk(await realSend(ctx, { subject, body, emails: [reader, stranger] }), CustomEmailResult);
    expectOk(await realSend(ctx, { subject: 'second request', body, emails: [later] }), CustomEmailResult);
    const [toReader, toStranger, toLater] = [await sentTo(ctx, reader), await sentTo(ctx, stranger), await sentTo(ctx, later)];

    const oneLine = `${ctx.names.title('custom')} Bcc: someone`;
    if (toReader.subject !== oneLine) fail(`the subject is ${JSON.stringify(toReader.subject)}, expected ${JSON.stringify(oneLine)} (line breaks and tabs one space, none at the end)`);
    if (!toReader.text.startsWith(`${body}\n`)) fail(`the text does not start with the Markdown sent: ${JSON.stringify(toReader.text.slice(0, 100))}`);
    const reason = `You are receiving this email from ${name}.`;
    if (!toReader.text.includes(reason) || !toReader.html.includes(reason.replace(/&/g, '&amp;'))) fail(`the footer does not say ${JSON.stringify(reason)}`);
    const link = toReader.unsubscribeUrl;
    if (!link) fail('the email records no unsubscribeUrl');
    if (toReader.headers?.['List-Unsubscribe'] !== `<${link}>`) fail(`List-Unsubscribe is ${toReader.headers?.['List-Unsubscribe']}, expected <${link}>`);
    if (!toReader.text.endsWith(`Unsubscribe: ${link}\n`)) fail('the text does not end with the unsubscribe link');
    if (!toReader.html.includes(`href="${link}"`)) fail('the HTML does not link to the unsubscribe link');
    if (toStranger.unsubscribeUrl === link) fail('two recipients share one unsubscribe link');
    if (toReader.headers?.['Message-ID'] !== `<${toReader.id}@newsletter.example.com>`) fail(`Message-ID is ${toReader.headers?.['Message-ID']}, expected <${toReader.id}@newsletter.example.com>`);

    for (const letter of [toReader, toStranger, toLater]) if (!/^em_\d{8}$/.test(letter.id)) fail(`the email id ${letter.id} is not em_ and 8 digits`);
    if (new Set([toReader.id, toStranger.id, toLater.id]).size !== 3) fail('two emails share an id');
    if (!/^ce_\d{6}$/.test(toReader.requestId ?? '')) fail(`the requestId ${toReader.requestId} is not ce_ and 6 digits`);
    if (toStranger.requestId !== toReader.requestId) fail('the emails of one request have different requestIds');
    if (!/^ce_\d{6}$/.test(toLater.requestId ?? '') || toLater.requestId === toReader.requestId) fail(`a second request has the requestId ${toLater.requestId}`);

    if (typeof toReader.subscriberId !== 'string') fail('a custom email to a subscriber does not record the subscriberId');
    if ((toStranger.subscriberId ?? null) !== null) fail('a custom email to an address that is no subscriber records a subscriberId');
  },
  SIDE_EFFECTS,
);

rule(
  ['emails.sender.from-reply-to'],
  'a custom email is from the publication by its name quoted (line breaks one space, quotes and backslashes escaped) and replies to the owner',
  async (ctx) => {
    const publicationId = publicationA(ctx);
    const { name, slug } = expectOk(await ctx.api.get(`/v1/publications/${publicationId}`), Publication);
    const listed = await ctx.control.call<{ publications: { id: string; ownerEmail?: string | null }[] }>('GET', '/_control/publications');
    const ownerEmail = listed.publications.find((p) => p.id === publicationId)?.ownerEmail ?? null;
    const odd = 'The "Odd" \\ Name\r\n\nPress';
    expectStatus(await ctx.api.patch(`/v1/publications/${publicationId}`, { name: odd }), 200);
    try {
      const to = ctx.names.email('cc-from');
      expectOk(await realSend(ctx, { subject: 'from', body: 'from', emails: [to] }), CustomEmailResult);
      const letter = await sentTo(ctx, to);
      const expected = `"The \\"Odd\\" \\\\ Name Press" <${slug}@newsletter.example.com>`;
      if (letter.from !== expected) fail(`the email is from ${letter.from}, expected ${expected}`);
      if ((letter.replyTo ?? null)?.toLowerCase() !== ownerEmail?.toLowerCase()) fail(`the email replies to ${letter.replyTo}, expected ${ownerEmail}`);
    } finally {
      await ctx.api.patch(`/v1/publications/${publicationId}`, { name });
    }
  },
  SIDE_EFFECTS,
);

rule(
  ['test-newsletter.send.body-object'],
  'a test newsletter whose body is not a JSON object (null, an array, a string) answers 400 and sends nothing; an object with properties is taken',
  async (ctx) => {
    const draftId = await createDraft(ctx, 'test newsletter body');
    const path = `/v1/posts/${draftId}/test-email`;
    for (const body of ['null', '[]', '"x"']) expectError(await ctx.api.post(path, undefined, { body, contentType: 'application/json' }), 400);
    const sent = await ctx.control.outbox({ postId: draftId, limit: 'all' });
    if (sent.length > 0) fail(`${sent.length} test newsletter(s) went out for a body that is not an object`);
    expectStatus(await ctx.api.post(path, { ignored: true }), 200);
  },
  SIDE_EFFECTS,
);

rule(
  ['emails.send.body-too-deep-400'],
  'a body that nests quotes and lists too deeply to render is refused with 400 and queues nothing; a dry run renders nothing and takes it',
  async (ctx) => {
    const to = ctx.names.email('cc-deep');
    const body = '> - '.repeat(24_000);
    expectError(await realSend(ctx, { subject: 'deep', body, emails: [to] }), 400);
    const sent = await outboxTo(ctx, to);
    if (sent.length > 0) fail(`${sent.length} email(s) were queued for a body refused as too deep`);
    const dry = expectOk(await ctx.api.post('/v1/emails/send', { subject: 'deep', body, emails: [to], dryRun: true }), CustomEmailResult);
    if (dry.accepted !== 1) fail(`the dry run accepted ${dry.accepted}, expected 1`);
  },
  SIDE_EFFECTS,
);

rule(
  ['emails.send.markdown-safe', 'emails.send.layout'],
  "a custom email's Markdown shows raw HTML as text, keeps only absolute links and images the URL policy allows, and sits in the email layout: a document with the message, a rule, the footer and, in text, the same after '-- '",
  async (ctx) => {
    const publicationId = publicationA(ctx);
    const { name } = expectOk(await ctx.api.get(`/v1/publications/${publicationId}`), Publication);
    const to = ctx.names.email('cc-safe');
    const body = [
      "Raw <b>bold</b>, Fish &amp; chips &copy;, a < b. Before <script>alert('x') & <i>y</i></script> done",
      '[ok](https://example.com/a "T") [js](javascript:alert(1)) [rel](/relative) [mail](mailto:x@example.com) [spaced]( https://example.com/b )',
      '![alt text](https://example.com/i.png "IT") ![data alt](data:image/png;base64,AAAA) ![plain](https://example.com/j.png)',
      '- item with *em* & more\n\n~~gone~~ ![mail alt](mailto:x@example.com)',
      '',
      '',
    ].join('\n\n');
    expectOk(await realSend(ctx, { subject: 'safe', body, emails: [to] }), CustomEmailResult);
    const { html, text, unsubscribeUrl } = await sentTo(ctx, to);
    const expected = [
      'Raw &lt;b&gt;bold&lt;/b&gt;, Fish &amp; chips &copy;, a &lt; b.',
      'Before &lt;script&gt;alert(&#39;x&#39;) &amp; &lt;i&gt;y&lt;/i&gt;&lt;/script&gt; done',
      '<a href="https://example.com/a" title="T">ok</a> js rel <a href="mailto:x@example.com">mail</a> <a href="https://example.com/b">spaced</a>',
      '<img src="https://example.com/i.png" alt="alt text" title="IT"> data alt <img src="https://example.com/j.png" alt="plain">',
      // GFM (strikethrough); Markdown inside a list item; an image URL only a link may have.
      '<li>item with <em>em</em> &amp; more</li>',
      '<p><del>gone</del> mail alt</p>',
    ];
    for (const part of expected) if (!html.includes(part)) fail(`the HTML does not hold ${JSON.stringify(part)}: ${JSON.stringify(html.slice(0, 1_200))}`);

    const reason = `You are receiving this email from ${name}.`;
    const layout = new RegExp(
      '^<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>' +
        '<body[^>]*><div class="content"><p>Raw [^]*</p>\\s*</div><hr[^>]*><footer[^>]*>' +
        `<p>${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</p><p><a href="${(unsubscribeUrl ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}">Unsubscribe</a></p></footer></body></html>$`,
    );
    if (!layout.test(html)) fail(`the HTML is not the email layout (document, message, rule, footer without a preheader): ${JSON.stringify(html.slice(0, 400))} ... ${JSON.stringify(html.slice(-300))}`);
    const plain = `${body.trimEnd()}\n\n-- \n${reason}\nUnsubscribe: ${unsubscribeUrl}\n`;
    if (text !== plain) fail(`the text is ${JSON.stringify(text)}, expected ${JSON.stringify(plain)}`);
  },
  SIDE_EFFECTS,
);
