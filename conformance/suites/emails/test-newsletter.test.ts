/**
 * The test newsletter: POST /v1/posts/{postId}/test-email, for drafts only,
 * to the owner's address. Sending one emails the writer, so the tests that
 * succeed are in the side-effects profile; refusals send nothing.
 */
import { pageOf, SuccessBody } from '../../../schemas/common.js';
import { Post, PostCreated } from '../../../schemas/posts.js';
import { expectError, expectOk, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { createDraft } from '../posts/support/posts-api.js';
import type { OutboxEmail } from './emails.js';

const testEmail = (ctx: RuleContext, postId: string, api = ctx.api) => api.post(`/v1/posts/${encodeURIComponent(postId)}/test-email`, {});

/** A published post of publication A (from its list), or a skip. */
async function publishedPostId(ctx: RuleContext): Promise<string> {
  const page = expectOk(await ctx.api.get('/v1/posts', { query: { status: 'published', limit: 1 } }), pageOf(Post));
  const id = page.items[0]?.id;
  if (!id) return ctx.skip('publication A has no published post to try a test newsletter on');
  return id;
}

rule(['test-newsletter.send.draft-only'], 'a test newsletter for a published post is refused', async (ctx) => {
  expectError(await testEmail(ctx, await publishedPostId(ctx)));
});

rule(['test-newsletter.send.non-draft-400'], 'a test newsletter for a post that is not a draft answers 400', async (ctx) => {
  expectError(await testEmail(ctx, await publishedPostId(ctx)), 400);
});

rule(['test-newsletter.send.no-owner-email-400'], 'a test newsletter when the owner has no email address answers 400', async (ctx) => {
  const publications = await ctx.control.call<{ publications: { id: string; ownerEmail?: string | null; apiKeys?: string[] }[] }>('GET', '/_control/publications');
  const quiet = publications.publications.find((p) => p.ownerEmail === null && (p.apiKeys?.length ?? 0) > 0);
  if (!quiet) return ctx.skip('the control API lists no publication whose owner has no email address (with a key)');
  const api = ctx.api.withAuthorization(`Bearer ${quiet.apiKeys![0]}`);
  const created = expectOk(await api.post('/v1/posts', { title: ctx.names.title('test email, no owner address'), markdown: 'x', status: 'draft' }), PostCreated);
  ctx.created.add(`archive post ${created.id}`, () => api.put(`/v1/posts/${created.id}`, { status: 'archived' }));
  expectError(await testEmail(ctx, created.id, api), 400);
}, { needs: ['control'] });

rule(
  ['test-newsletter.send.response', 'test-newsletter.send.to-owner'],
  "a test newsletter for a draft answers 200 {success: true} and goes to the owner's address only",
  async (ctx) => {
    const publications = await ctx.control.call<{ publications: { id: string; ownerEmail?: string | null }[] }>('GET', '/_control/publications');
    const ownerEmail = publications.publications.find((p) => p.id === ctx.target.publications.a?.id)?.ownerEmail;
    if (!ownerEmail) return ctx.skip("the control API does not give the owner's address of publication A");
    const draftId = await createDraft(ctx, 'test newsletter');
    expectOk(await testEmail(ctx, draftId), SuccessBody);
    const sent = await ctx.control.outbox<OutboxEmail>({ postId: draftId, limit: 'all' });
    if (sent.length !== 1) fail(`${sent.length} emails went out for the test newsletter, expected 1`);
    if (sent[0].to.toLowerCase() !== ownerEmail.toLowerCase()) fail(`the test newsletter went to ${sent[0].to}, not the owner (${ownerEmail})`);
    expectStatus(await ctx.api.get(`/v1/posts/${draftId}`), 200);
  },
  { profile: 'side-effects', needs: ['publicationIds', 'control:outbox'] },
);
