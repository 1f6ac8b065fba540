/**
 * Unsubscribe tokens: opaque (they reveal neither the address nor the
 * publication), stable (one token per publication, address and purpose) and
 * not guessable without the server's secret (an HMAC). The secret derives
 * from the seed so the same seed gives the same emails, as every other
 * response of the reference; this is a mock, not a vault.
 */
import { createHash, createHmac } from 'node:crypto';
import { emailKey } from '../emails/address.js';

/** `subscriber`: stop emails of a publication. `owner`: stop new-subscriber notifications. */
export type TokenPurpose = 'subscriber' | 'owner';

export interface TokenEntry {
  purpose: TokenPurpose;
  publicationId: string;
  email: string;
}

export class UnsubscribeTokens {
  private readonly secret: string;
  private readonly entries = new Map<string, TokenEntry>();

  constructor(seed: number) {
    this.secret = createHash('sha256').update(`unsubscribe-secret:${seed}`).digest('hex');
  }

  tokenFor(purpose: TokenPurpose, publicationId: string, email: string): string {
    const token = createHmac('sha256', this.secret)
      .update(`${purpose}\n${publicationId}\n${emailKey(email)}`)
      .digest('base64url')
      .slice(0, 32);
    if (!this.entries.has(token)) this.entries.set(token, { purpose, publicationId, email });
    return token;
  }

  resolve(token: string): TokenEntry | undefined {
    return this.entries.get(token);
  }

  /** persistence/: the tokens handed out so far (the secret derives from the seed and is not saved). */
  snapshot(): (TokenEntry & { token: string })[] {
    return [...this.entries].map(([token, entry]) => ({ token, ...entry }));
  }

  /** Into an empty token list. */
  restoreSnapshot(entries: (TokenEntry & { token: string })[]): void {
    for (const { token, ...entry } of entries) this.entries.set(token, entry);
  }
}
