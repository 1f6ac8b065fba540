import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDisposableDomain, isValidEmail } from '../subscribers/address.js';
import { splitRecipients } from './custom.js';
import { EmailFaults } from './faults.js';

describe('addresses', () => {
  it('knows disposable domains, including wildcard subdomains, and not example.com', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('MAILINATOR.COM')).toBe(true);
    expect(isDisposableDomain('example.com')).toBe(false);
    expect(isDisposableDomain('anything.33m.co')).toBe(true);
  });
  it('validates like z.email()', () => {
    expect(isValidEmail('a.b+c@example.co.uk')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a..b@example.com')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });
});

describe('splitRecipients', () => {
  // Every distinct address (case-insensitive, trimmed) gets exactly one
  // outcome, in input order; the reason follows the first rule that applies.
  it('partitions any list of addresses', () => {
    const address = fc.oneof(
      fc.constantFrom('a@example.com', 'A@Example.com', ' b@example.org ', 'c@example.net', 'gone@example.com'),
      fc.constantFrom('x@mailinator.com', 'bad', '', '@example.com', 'a@b'),
      fc.emailAddress(),
    );
    fc.assert(
      fc.property(fc.array(address, { minLength: 1, maxLength: 50 }), (emails) => {
        const suppressed = (e: string) => e.toLowerCase() === 'gone@example.com';
        const split = splitRecipients(emails, suppressed);
        const distinct = [...new Map(emails.map((e) => [e.trim().toLowerCase(), e])).values()];
        expect(split.accepted.length + split.skipped.length).toBe(distinct.length);
        for (const { email, reason } of split.skipped) {
          const t = email.trim();
          const expected = !isValidEmail(t) || isDisposableDomain(t.slice(t.lastIndexOf('@') + 1)) ? 'invalid' : 'suppressed';
          expect(reason).toBe(expected);
        }
        for (const a of split.accepted) {
          expect(isValidEmail(a)).toBe(true);
          expect(suppressed(a)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('EmailFaults', () => {
  it('clears itself after `remaining` requests', () => {
    const faults = new EmailFaults(1);
    faults.set({ emailSend: 'unavailable', remaining: 2 });
    expect(faults.take()?.mode).toBe('unavailable');
    expect(faults.take()?.mode).toBe('unavailable');
    expect(faults.take()).toBeNull();
  });
  it('fails a seeded fraction of addresses for a rate', () => {
    const faults = new EmailFaults(1);
    faults.set({ emailSend: 'scheduling_failed', schedulingFailedRate: 0.25 });
    const fault = faults.take()!;
    const failed = Array.from({ length: 4000 }, (_, i) => fault.failsFor(`r${i}@example.com`)).filter(Boolean).length;
    expect(failed).toBeGreaterThan(800);
    expect(failed).toBeLessThan(1200);
  });
});
