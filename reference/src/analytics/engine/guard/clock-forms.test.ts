/**
 * The clock rewrite's own checks: a form whose position or shape does not fit
 * the text is refused with an error naming what did not fit, never spliced at
 * the wrong bytes. The parser's trees never hold such a form (sql-guard.test.ts
 * rewrites real queries); these are hand-made to reach each check.
 */
import { describe, expect, it } from 'vitest';
import { clockKeyword, rewriteClockForms, type ClockForm } from './clock-forms.js';

/** A call form at a byte offset, replaced by X. */
const call = (location: number): ClockForm => ({ location, end: 'call', precision: false, text: 'X' });

describe('the clock forms of a parse tree', () => {
  it('refuse a position that is not an integer', () => {
    expect(() => clockKeyword({ op: 'SVFOP_CURRENT_DATE', location: 1.5 })).toThrow('clock rewrite: 1.5 is not an integer');
  });

  it('refuse a keyword with a precision whose precision is missing', () => {
    expect(() => clockKeyword({ op: 'SVFOP_CURRENT_TIME_N', location: 7, typmod: -1 })).toThrow(
      'clock rewrite: SVFOP_CURRENT_TIME_N without a precision',
    );
  });
});

describe('splicing forms into the text', () => {
  it('splices forms that touch, and refuses forms that overlap', async () => {
    expect(await rewriteClockForms('SELECT now()now()', [call(12), call(7)])).toBe('SELECT XX');
    await expect(rewriteClockForms('SELECT now()', [call(7), call(7)])).rejects.toThrow('clock rewrite: overlapping forms');
  });

  it('refuses a form that starts inside a token', async () => {
    await expect(rewriteClockForms('SELECT now()', [call(8)])).rejects.toThrow('clock rewrite: no token at byte 8');
  });

  it('refuses a call without its parentheses, naming the token found or the end of the text', async () => {
    await expect(rewriteClockForms('SELECT now x', [call(7)])).rejects.toThrow('clock rewrite: expected ( at token 2, found x');
    await expect(rewriteClockForms('SELECT now', [call(7)])).rejects.toThrow('clock rewrite: expected ( at token 2, found the end');
    await expect(rewriteClockForms('SELECT now(', [call(7)])).rejects.toThrow('clock rewrite: expected ) at token 3, found the end');
  });
});
