/**
 * Owner-side emails: the new-subscriber notification (SPEC.md › Events) and
 * the test newsletter (SPEC.md › Test newsletter). Both go to the owner's
 * account address and ignore the publication's suppression list (they are
 * the writer's own mail, not mail to readers).
 */
import { badRequest, notFound } from '../errors.js';
import type { State } from '../state.js';
import type { SubscriberRecord } from '../subscribers/store.js';
import { fromAddress } from './store.js';
import { renderNewsletter, type NewsletterStores } from './newsletter.js';
import { escapeHtml } from '../html.js';
import { renderLayout } from './render.js';

/** A new free subscriber: email the owner when they asked for it and have an address. */
export function notifyOwnerOfSubscriber(state: Pick<State, 'publications' | 'users' | 'emails'>, subscriber: SubscriberRecord): boolean {
  const publication = state.publications.get(subscriber.publicationId);
  if (!publication?.emailNotifications.newSubscriber) return false;
  const owner = state.users.get(publication.ownerUserId);
  if (!owner?.email) return false;
  const who = subscriber.email ?? subscriber.wallet ?? 'someone';
  const layout = renderLayout({
    publicationName: publication.name,
    contentHtml: `<p><strong>${escapeHtml(who)}</strong> subscribed to ${escapeHtml(publication.name)} (free).</p>`,
    contentText: `${who} subscribed to ${publication.name} (free).`,
    reason: `You are receiving this because new-subscriber notifications are on for ${publication.name}.`,
    unsubscribeLabel: 'Turn off new-subscriber notifications',
  });
  state.emails.outbox.queue([
    {
      kind: 'owner_notification',
      publicationId: publication.id,
      postId: null,
      requestId: null,
      subscriberId: subscriber.id,
      communityId: null,
      to: owner.email,
      from: fromAddress(publication.name, publication.slug),
      replyTo: null,
      subject: `New subscriber to ${publication.name}`,
      ...state.emails.addressed('owner', publication.id, owner.email, layout),
    },
  ]);
  return true;
}

/** POST /v1/posts/{postId}/test-email: a draft, to the owner's address. */
export function sendTestNewsletter(state: Omit<NewsletterStores, 'subscribers'>, publicationId: string, postId: string): void {
  const post = state.posts.get(postId);
  if (!post || post.publicationId !== publicationId) throw notFound(`post ${postId} not found`);
  if (post.status !== 'draft')
    throw badRequest(`a test newsletter can be sent only for a draft post; this post is ${post.status}`);
  const publication = state.publications.require(publicationId);
  const owner = state.users.get(publication.ownerUserId);
  if (!owner?.email)
    throw badRequest('the publication owner has no email address to send the test newsletter to; add one to the account first');
  const { subject, layout } = renderNewsletter(state, publication, post);
  state.emails.outbox.queue([
    {
      kind: 'test',
      publicationId,
      postId: post.id,
      requestId: null,
      subscriberId: null,
      communityId: post.communityId ?? null,
      to: owner.email,
      from: fromAddress(publication.name, publication.slug),
      replyTo: owner.email,
      subject: `[Test] ${subject}`,
      ...state.emails.addressed('subscriber', publicationId, owner.email, layout),
    },
  ]);
}
