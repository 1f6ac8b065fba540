/**
 * Unsubscribe tokens: opaque (they reveal neither the address nor the
 * publication), stable (one token per publication, address and purpose) and
 * not guessable without the server's secret (an HMAC). The secret comes from
 * the OS CSPRNG, not from the seed: the seed is public, and a secret derived
 * from it would let anyone forge the one-click unsubscribe of any address.
 * So two runs with the same seed hand out different tokens (and nothing
 * else differs). The secret is part of the snapshot, so links in emails sent
 * before a restart keep working after it.
 */
import { createHmac } from 'node:crypto';
import { emailKey } from '../subscribers/address.js';
import { secretHex } from '../random.js';
import type { z } from 'zod';
import type { TokensSnapshot as TokensSchema } from './snapshot-schema.js';

/** `subscriber`: stop emails of a publication. `owner`: stop new-subscriber notifications. */
export type TokenPurpose = 'subscriber' | 'owner';

export interface TokenEntry {
  purpose: TokenPurpose;
  publicationId: string;
  email: string;
}

/** The HMAC key (hex) and the tokens handed out so far. */
export type TokensSnapshot = z.output<typeof TokensSchema>;

export class UnsubscribeTokens {
  private secret = secretHex(32);
  private readonly entries = new Map<string, TokenEntry>();

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

  /** persistence/: the secret and the tokens handed out so far. */
  snapshot(): TokensSnapshot {
    return { secret: this.secret, issued: [...this.entries].map(([token, entry]) => ({ token, ...entry })) };
  }

  /** Into an empty token list: the saved secret replaces this one, so saved links keep their tokens. */
  restoreSnapshot(data: TokensSnapshot): void {
    this.secret = data.secret;
    for (const { token, ...entry } of data.issued) this.entries.set(token, entry);
  }
}
