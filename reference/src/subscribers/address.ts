/**
 * Email address rules shared by subscribers, the CSV import and custom email:
 * one notion of "valid", one of "the same address", one of "disposable".
 */
import { createRequire } from 'node:module';
import { z } from 'zod';
import { SUBSCRIBER_LIMITS, WALLET_PATTERN } from '../../../schemas/subscribers.js';

// The same pattern zod's z.email() uses, so a body that passes the schema and
// an address checked here agree.
const EMAIL_PATTERN = z.regexes.email;

export function isValidEmail(value: string): boolean {
  return value.length <= SUBSCRIBER_LIMITS.emailMax && EMAIL_PATTERN.test(value);
}

export function isValidWallet(value: string): boolean {
  return WALLET_PATTERN.test(value);
}

/**
 * Addresses compare case-insensitively (in practice mailbox parts are too),
 * in the letters A to Z, the only ones a valid address has: folding Unicode
 * case would take a malformed address (a Kelvin sign for a k) for a valid one.
 */
export const emailKey = (email: string) => email.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
/** Wallets compare case-insensitively (EIP-55 mixed case is a checksum, not identity). */
export const walletKey = (wallet: string) => wallet.toLowerCase();

/** As written: isDisposableDomain compares it in lower case. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

let disposable: { exact: Set<string>; wildcard: Set<string> } | null = null;

// Loaded on first use: the list has >100k domains and most runs never need it.
function lists() {
  if (!disposable) {
    const require = createRequire(import.meta.url);
    disposable = {
      exact: new Set<string>(require('disposable-email-domains') as string[]),
      wildcard: new Set<string>(require('disposable-email-domains/wildcard.json') as string[]),
    };
  }
  return disposable;
}

/** A known disposable domain, or a subdomain of a domain listed as wildcard. */
export function isDisposableDomain(domain: string): boolean {
  const { exact, wildcard } = lists();
  const d = domain.toLowerCase();
  if (exact.has(d)) return true;
  for (let i = d.indexOf('.'); i >= 0; i = d.indexOf('.', i + 1)) {
    if (wildcard.has(d.slice(i + 1))) return true;
  }
  return wildcard.has(d);
}
