/**
 * The email area's store, one per State: the outbox, unsubscribe
 * tokens, fault switches, and which posts already had their newsletter.
 */
import type { Clock } from '../clock.js';
import type { Events } from '../events.js';
import type { z } from 'zod';
import { UnsubscribeTokens, type TokenPurpose } from '../unsubscribe/tokens.js';
import { EmailFaults } from './faults.js';
import { MAIL_DOMAIN, OutboxStore, type OutboxDraft } from './outbox.js';
import type { EmailsSnapshot } from './snapshot-schema.js';
import type { RenderedLayout } from './render.js';

export class EmailStore {
  readonly outbox: OutboxStore;
  readonly tokens: UnsubscribeTokens;
  readonly faults: EmailFaults;
  /** Posts whose newsletter has gone out: a newsletter is sent at most once per post. */
  readonly newsletterSent = new Set<string>();
  private requests = 0;

  constructor(
    seed: number,
    readonly clock: Clock,
    events: Events,
    private readonly baseUrl: () => string,
  ) {
    this.outbox = new OutboxStore(clock, events);
    this.tokens = new UnsubscribeTokens();
    this.faults = new EmailFaults(seed);
  }

  /**
   * One recipient's copy of a layout: its own unsubscribe link, in the body
   * and in the RFC 2369 and RFC 8058 headers (the outbox adds Message-ID).
   */
  addressed(purpose: TokenPurpose, publicationId: string, to: string, layout: RenderedLayout): Pick<OutboxDraft, 'html' | 'text' | 'headers' | 'unsubscribeUrl'> {
    const unsubscribeUrl = `${this.baseUrl()}/unsubscribe/${this.tokens.tokenFor(purpose, publicationId, to)}`;
    const headers = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    return { html: layout.html(unsubscribeUrl), text: layout.text(unsubscribeUrl), headers, unsubscribeUrl };
  }

  nextRequestId(): string {
    return `ce_${String(++this.requests).padStart(6, '0')}`;
  }

  /** persistence/: live data, serialise at once. */
  snapshot(): EmailStoreSnapshot {
    return {
      outbox: this.outbox.snapshot(),
      tokens: this.tokens.snapshot(),
      faults: this.faults.snapshot(),
      newsletterSent: [...this.newsletterSent],
      requests: this.requests,
    };
  }

  /** Into a fresh area (queued emails go back on the clock). */
  restoreSnapshot(data: EmailStoreSnapshot): void {
    this.outbox.restoreSnapshot(data.outbox);
    this.tokens.restoreSnapshot(data.tokens);
    this.faults.restoreSnapshot(data.faults);
    for (const postId of data.newsletterSent) this.newsletterSent.add(postId);
    this.requests = data.requests;
  }
}

export type EmailStoreSnapshot = z.output<typeof EmailsSnapshot>;

/** `"Name" <slug@newsletter.example.com>`, with the name quoted safely. */
export function fromAddress(name: string, slug: string): string {
  const quoted = name.replace(/[\r\n]+/g, ' ').replace(/(["\\])/g, '\\$1');
  return `"${quoted}" <${slug}@${MAIL_DOMAIN}>`;
}
