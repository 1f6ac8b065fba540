/**
 * POST /v1/emails/send: filter the addresses (SPEC.md › Custom email), then
 * queue one email per accepted recipient, each with its own unsubscribe link.
 *
 * Per address, first match wins: malformed or a known disposable domain ->
 * invalid; unsubscribed from this publication -> suppressed; queuing failed
 * (fault switch) -> scheduling_failed; else accepted. A repeated address
 * (case-insensitive, after trimming) counts once: its first occurrence gets
 * the outcome, later ones are neither accepted nor reported.
 *
 * The emails are built and queued in slices of the event loop's time
 * (../slices.ts): a send to 10,000 addresses does not hold up other requests.
 */
import { forbidden, serviceUnavailable } from '../errors.js';
import type { State } from '../state.js';
import type { CustomEmailResultT, CustomEmailSendT, SkipReason } from '../../../schemas/emails.js';
import { domainOf, emailKey, isDisposableDomain, isValidEmail } from '../subscribers/address.js';
import { fromAddress } from './store.js';
import type { OutboxDraft } from './outbox.js';
import { markdownToSafeHtml, oneLine, renderLayout } from './render.js';

export function requireApproved(state: Pick<State, 'publications'>, publicationId: string): void {
  const publication = state.publications.require(publicationId);
  if (!publication.customEmailApproved)
    throw forbidden('this publication is not approved for custom emails; ask for approval in the web app');
}

interface Split {
  accepted: string[];
  skipped: { email: string; reason: SkipReason }[];
}

/** The filtering alone: no state changes. */
export function splitRecipients(
  emails: readonly string[],
  isSuppressed: (email: string) => boolean,
  schedulingFails: (email: string) => boolean = () => false,
): Split {
  const seen = new Set<string>();
  const split: Split = { accepted: [], skipped: [] };
  for (const given of emails) {
    const address = given.trim();
    const key = emailKey(address);
    if (seen.has(key)) continue;
    seen.add(key);
    let reason: SkipReason | null = null;
    if (!isValidEmail(address) || isDisposableDomain(domainOf(address))) reason = 'invalid';
    else if (isSuppressed(address)) reason = 'suppressed';
    else if (schedulingFails(address)) reason = 'scheduling_failed';
    if (reason) split.skipped.push({ email: given, reason });
    else split.accepted.push(address);
  }
  return split;
}

/** `contentHtml`: the body rendered already (requests render it in a worker: renderEmailMarkdown); rendered here when not given. */
export async function sendCustomEmail(state: Pick<State, 'publications' | 'users' | 'subscribers' | 'emails' | 'work'>, publicationId: string, body: CustomEmailSendT, contentHtml?: string): Promise<CustomEmailResultT> {
  const publication = state.publications.require(publicationId);
  const isSuppressed = (email: string) => state.subscribers.suppressions.isSuppressed(publicationId, email);
  if (body.dryRun) {
    // A dry run queues nothing, so neither fault applies to it.
    const split = splitRecipients(body.emails, isSuppressed);
    return { accepted: split.accepted.length, skipped: split.skipped };
  }
  const fault = state.emails.faults.take();
  if (fault?.mode === 'unavailable')
    throw serviceUnavailable('this publication cannot send email right now; retry later', );
  const split = splitRecipients(body.emails, isSuppressed, fault ? fault.failsFor : undefined);

  const requestId = state.emails.nextRequestId();
  const owner = state.users.get(publication.ownerUserId);
  const layout = renderLayout({
    publicationName: publication.name,
    contentHtml: contentHtml ?? markdownToSafeHtml(body.body),
    contentText: body.body,
    reason: `You are receiving this email from ${publication.name}.`,
  });
  const subject = oneLine(body.subject);
  const from = fromAddress(publication.name, publication.slug);
  const draftFor = (to: string): OutboxDraft => ({
    kind: 'custom',
    publicationId,
    postId: null,
    requestId,
    subscriberId: state.subscribers.findByEmail(publicationId, to)?.id ?? null,
    communityId: null,
    to,
    from,
    replyTo: owner?.email ?? null,
    subject,
    ...state.emails.addressed('subscriber', publicationId, to, layout),
  });
  await state.emails.outbox.queueInSlices(state.work, split.accepted, draftFor);
  return { accepted: split.accepted.length, skipped: split.skipped };
}
