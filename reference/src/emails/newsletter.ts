/**
 * Newsletters: a post rendered as an email (also the test newsletter), and
 * the fan-out when a post publishes with sendNewsletter: one email per
 * active subscriber with an email address, not suppressed, sent at most
 * once per post.
 *
 * A post's communityId (subscriber segment) is recorded on each email but
 * does not narrow the audience: the reference does not model segment
 * membership, so every eligible subscriber of the publication gets it.
 */
import { docToHtml, docToPlainText } from '../documents/index.js';
import type { PostRecord } from '../posts/record.js';
import type { PublicationRecord } from '../publications/store.js';
import type { State } from '../state.js';

/** The stores a newsletter reads and queues to. */
export type NewsletterStores = Pick<State, 'baseUrl' | 'posts' | 'publications' | 'users' | 'subscribers' | 'emails' | 'work'>;
import { fromAddress } from './store.js';
import type { OutboxDraft } from './outbox.js';
import { escapeHtml } from '../html.js';
import { oneLine, renderLayout, type RenderedLayout } from './render.js';

/** Where the post is read online (the reference's own base URL; see the spec-gaps register). */
export function postUrl(state: Pick<State, 'baseUrl'>, publication: PublicationRecord, post: PostRecord): string {
  return `${state.baseUrl()}/@${encodeURIComponent(publication.slug)}/${encodeURIComponent(post.slug)}`;
}

export interface RenderedNewsletter {
  subject: string;
  layout: RenderedLayout;
}

export function renderNewsletter(state: Pick<State, 'baseUrl'>, publication: PublicationRecord, post: PostRecord): RenderedNewsletter {
  const online = post.publishOnline ? postUrl(state, publication, post) : null;
  const title = `<h1>${escapeHtml(post.title)}</h1>`;
  const subtitle = post.subtitle ? `<p class="subtitle">${escapeHtml(post.subtitle)}</p>` : '';
  const readOnline = online ? `<p><a href="${escapeHtml(online)}">Read online</a></p>` : '';
  const doc = post.doc;
  const textParts = [post.title, post.subtitle ?? '', docToPlainText(doc), online ? `Read online: ${online}` : ''];
  return {
    subject: oneLine(post.title),
    layout: renderLayout({
      publicationName: publication.name,
      // docToHtml builds HTML from the document schema, never from user HTML.
      contentHtml: title + subtitle + docToHtml(doc) + readOnline,
      contentText: textParts.filter((p) => p !== '').join('\n\n'),
      preheader: post.subtitle ?? post.postPreview,
      reason: `You are receiving this email because you subscribed to ${publication.name}.`,
    }),
  };
}

/** post.published: send the newsletter if asked for, once. */
export function fanOutNewsletter(state: NewsletterStores, event: { publicationId: string; postId: string; sendNewsletter: boolean }): number {
  if (!event.sendNewsletter) return 0;
  const post = state.posts.get(event.postId);
  if (!post || post.publicationId !== event.publicationId || post.status !== 'published') return 0;
  if (state.emails.newsletterSent.has(post.id)) return 0;
  state.emails.newsletterSent.add(post.id);
  const publication = state.publications.require(post.publicationId);
  const owner = state.users.get(publication.ownerUserId);
  const { subject, layout } = renderNewsletter(state, publication, post);
  const from = fromAddress(publication.name, publication.slug);
  // Oldest subscriber first: the order a real send would walk the list.
  const recipients = state.subscribers.newsletterRecipients(publication.id).reverse();
  // In slices: a publication of a million subscribers must not stop the server while they are queued.
  const queued = state.emails.outbox.queueInSlices(state.work, recipients, (subscriber): OutboxDraft => {
    const to = subscriber.email as string;
    return {
      kind: 'newsletter',
      publicationId: publication.id,
      postId: post.id,
      requestId: null,
      subscriberId: subscriber.id,
      communityId: post.communityId ?? null,
      to,
      from,
      replyTo: owner?.email ?? null,
      subject,
      ...state.emails.addressed('subscriber', publication.id, to, layout),
    };
  });
  state.work.effect(queued);
  return recipients.length;
}
