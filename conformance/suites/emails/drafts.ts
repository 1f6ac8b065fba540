/**
 * Drafts made through the API, for "drafts created through the API are never
 * sent, posted or scheduled by the API itself" (SPEC.md, What the service
 * does): post drafts and short-form content drafts, made and edited in ways
 * that keep them drafts. Each carries a marker of its own in its title and
 * body, so an email made from it is found in the outbox whatever the email
 * says it came from.
 */
import { CONTENT_KINDS, ContentPieceSummary, type ContentKind } from '../../../schemas/content.js';
import { fail, fc, type RuleContext } from '../../src/authoring/index.js';
import { CONTENT, createPiece, expectOkStatus, getPiece, patchPiece } from '../content/support/content-api.js';
import { walkItems } from '../posts/support/lists.js';
import { createDraft, ownPostsWithStatus, readOwnPost, updatePost } from '../posts/support/posts-api.js';
import { markedTitle } from '../posts/support/titles.js';
import { publicationA, type OutboxEmail } from './emails.js';

/** The forms of sendNewsletter SILENT.md lists; the truthy ones only in the side-effects profile. */
type NewsletterValue = boolean | 'true' | 'false' | '1' | '0';
type PostEdit = { field: 'title' | 'markdown' | 'subtitle' | 'status'; sendNewsletter: NewsletterValue | null };

export type DraftPlan =
  | { kind: 'post'; sendNewsletter: NewsletterValue | null; edits: PostEdit[] }
  | { kind: 'content'; contentKind: ContentKind; thread: boolean; rename: boolean; replaceBody: boolean };

export interface MadeDraft {
  kind: 'post' | 'content';
  id: string;
  marker: string;
  /** How it was made, for failure messages. */
  story: string;
}

function postPlan(newsletter: fc.Arbitrary<NewsletterValue>): fc.Arbitrary<DraftPlan> {
  const edit = fc.record({
    field: fc.constantFrom<PostEdit['field']>('title', 'markdown', 'subtitle', 'status'),
    sendNewsletter: fc.option(newsletter, { nil: null }),
  });
  return fc.record({ kind: fc.constant('post' as const), sendNewsletter: fc.option(newsletter, { nil: null }), edits: fc.array(edit, { maxLength: 3 }) });
}

const contentPlan: fc.Arbitrary<DraftPlan> = fc.record({
  kind: fc.constant('content' as const),
  contentKind: fc.constantFrom(...CONTENT_KINDS),
  thread: fc.boolean(),
  rename: fc.boolean(),
  replaceBody: fc.boolean(),
});

/**
 * At least one post draft and one content draft, in any order. With
 * `askNewsletter` every post draft asks for a newsletter on create (true,
 * "true" or "1"), and edits may ask again; without it only the falsy forms
 * are sent, so the plan is safe outside the side-effects profile.
 */
export function draftPlans(askNewsletter: boolean): fc.Arbitrary<DraftPlan[]> {
  const post = askNewsletter
    ? postPlan(fc.constantFrom<NewsletterValue>(true, 'true', '1')).map((p) => (p.kind === 'post' && p.sendNewsletter === null ? { ...p, sendNewsletter: true } : p))
    : postPlan(fc.constantFrom<NewsletterValue>(false, 'false', '0'));
  return fc
    .tuple(post, contentPlan, fc.array(fc.oneof(post, contentPlan), { maxLength: 3 }))
    .chain(([p, c, rest]) => fc.shuffledSubarray([p, c, ...rest], { minLength: rest.length + 2 }));
}

function contentBody(kind: ContentKind, marker: string, thread: boolean, edited: boolean): Record<string, unknown> {
  const text = `${edited ? 'Edited draft' : 'Draft'} ${marker}, never sent by the API`;
  switch (kind) {
    case 'tweet':
      return thread ? { tweets: [text, `More of ${marker}`] } : { text };
    case 'linkedin':
      return { text };
    case 'newsletter':
      return { subject: `Newsletter ${marker}`, body: `Hello **readers** of ${marker}` };
    case 'x_article':
      return { title: `Article ${marker}`, body: `Some *CommonMark* of ${marker}` };
  }
}

const shown = (v: NewsletterValue | null) => (v === null ? '' : `, sendNewsletter: ${JSON.stringify(v)}`);

export async function makeDraft(ctx: RuleContext, plan: DraftPlan): Promise<MadeDraft> {
  const marker = ctx.names.slug('draft');
  if (plan.kind === 'post') {
    const id = await createDraft(ctx, `draft ${marker}`, plan.sendNewsletter === null ? {} : { sendNewsletter: plan.sendNewsletter });
    const steps = [`POST /v1/posts {status: draft${shown(plan.sendNewsletter)}}`];
    for (const edit of plan.edits) {
      const change = {
        title: { title: markedTitle(ctx.runId, `draft ${marker} renamed`) },
        markdown: { markdown: `Edited, never sent: ${marker}.` },
        subtitle: { subtitle: `Subtitle of ${marker}` },
        status: { status: 'draft' },
      }[edit.field];
      await updatePost(ctx, id, edit.sendNewsletter === null ? change : { ...change, sendNewsletter: edit.sendNewsletter });
      steps.push(`PUT {${edit.field}${shown(edit.sendNewsletter)}}`);
    }
    return { kind: 'post', id, marker, story: `the draft post made by ${steps.join(', then ')}` };
  }
  const piece = await createPiece(ctx, { kind: plan.contentKind, title: ctx.names.title(`draft ${marker}`), body: contentBody(plan.contentKind, marker, plan.thread, false) });
  const steps = [`POST /v1/content {kind: ${plan.contentKind}${plan.contentKind === 'tweet' && plan.thread ? ' thread' : ''}}`];
  if (plan.rename) {
    expectOkStatus(await patchPiece(ctx, piece.id, { title: ctx.names.title(`draft ${marker} renamed`) }));
    steps.push('PATCH {title}');
  }
  if (plan.replaceBody) {
    expectOkStatus(await patchPiece(ctx, piece.id, { body: contentBody(plan.contentKind, marker, plan.thread, true) }));
    steps.push('PATCH {body}');
  }
  return { kind: 'content', id: piece.id, marker, story: `the content draft made by ${steps.join(', then ')}` };
}

/** The draft as read back by its id: still a draft, nothing queued, never delivered. */
export async function expectStillDraft(ctx: RuleContext, draft: MadeDraft, when: string): Promise<void> {
  const where = `${when}, ${draft.story}`;
  if (draft.kind === 'post') {
    const post = await readOwnPost(ctx, draft.id);
    if (post.status !== 'draft') fail(`${where} is ${post.status}`);
    if (post.publishedAt !== undefined) fail(`${where} has publishedAt ${post.publishedAt}, though it was never published`);
    const letters = await ctx.control.outbox<OutboxEmail>({ postId: draft.id, limit: 'all' });
    if (letters.length > 0) fail(`${where} has ${letters.length} email(s) in the outbox (${letters[0].kind} to ${letters[0].to})`);
    return;
  }
  const piece = await getPiece(ctx, draft.id);
  if (piece.status !== 'draft') fail(`${where} is ${piece.status}`);
  if (piece.scheduled || piece.lockedReason !== null) fail(`${where} has a send queued (scheduled ${piece.scheduled}, lockedReason ${piece.lockedReason})`);
  if (piece.publishedAt !== null || piece.url !== null) fail(`${where} was delivered (publishedAt ${piece.publishedAt}, url ${piece.url})`);
}

/**
 * None of the drafts in the published or scheduled lists, and no email of the
 * publication made from any of them: of the emails queued since `since` (the
 * target's clock before the first draft was made), as none older can be.
 */
export async function expectNowhereSent(ctx: RuleContext, drafts: MadeDraft[], since: number, when: string): Promise<void> {
  const byId = new Map(drafts.map((d) => [d.id, d]));
  for (const status of ['published', 'scheduled']) {
    const listed = (await ownPostsWithStatus(ctx.api, status)).find((p) => byId.get(p.id)?.kind === 'post');
    if (listed) fail(`${when}, ${byId.get(listed.id)?.story} is listed by GET /v1/posts?status=${status}`);
  }
  const delivered = (await walkItems(ctx.api, CONTENT, ContentPieceSummary, { query: { status: 'published' }, limit: 50 })).find(
    (p) => byId.get(p.id)?.kind === 'content',
  );
  if (delivered) fail(`${when}, ${byId.get(delivered.id)?.story} is listed by GET /v1/content?status=published`);
  const emails = await ctx.control.outboxSince<OutboxEmail>(since, { publicationId: publicationA(ctx) });
  for (const email of emails) {
    const from = drafts.find((d) => email.postId === d.id || [email.subject, email.text, email.html].some((t) => t?.includes(d.marker)));
    if (from) fail(`${when}, the outbox holds a ${email.kind} email to ${email.to} made from ${from.story} (subject "${email.subject}")`);
  }
}
