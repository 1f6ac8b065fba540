/**
 * The reference checks bodies by hand (for messages a writer understands);
 * the contract (schemas/content.ts) states the same rules as zod schemas.
 * Property: both accept exactly the same bodies, for every kind.
 *
 * One rule is the reference's only: canonicalUrl must also be linked in the
 * article body. The generator therefore always links the URL it gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTENT_BODY_SCHEMAS, CONTENT_KINDS, ContentCreate, type ContentKind } from '../../../schemas/content.js';
import { ApiError } from '../errors.js';
import { parseContentBody } from './body-rules.js';
import { parseCreateRequest } from './request.js';

const accepts = (fn: () => unknown): boolean => {
  try {
    fn();
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return false;
    throw err;
  }
};

const boundary = (n: number) => fc.constantFrom('a'.repeat(n), 'a'.repeat(n + 1), '👍🏽'.repeat(n), '👍🏽'.repeat(n + 1));
const text = fc.oneof(
  fc.constantFrom('', '   ', '\n', 'x', 'two\nlines', 'CR\r\nLF'),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  boundary(200),
  boundary(280),
  boundary(500),
  boundary(998),
  boundary(3000),
);
const wrongType = fc.constantFrom<unknown>(null, 0, true, {}, ['x']);
/** Mostly the right type, sometimes not. */
const field = (right: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 9, arbitrary: right }, { weight: 1, arbitrary: wrongType });
const thread = fc.oneof(
  fc.array(text, { minLength: 1, maxLength: 4 }),
  fc.constantFrom(0, 1, 25, 26).map((n) => Array<string>(n).fill('entry')),
);
const URLS = ['https://blog.example.com/a', 'http://x.example/', 'ftp://files.example/a', 'not a url', 'https://', 'mailto:a@b.c'];

const OWN: Record<ContentKind, Record<string, fc.Arbitrary<unknown>>> = {
  tweet: { text: field(text), tweets: field(thread) },
  linkedin: { text: field(text) },
  newsletter: { subject: field(text), body: field(text), preheader: field(text) },
  x_article: { title: field(text), body: field(text), canonicalUrl: field(fc.constantFrom(...URLS)) },
};
const STRAY = ['media', 'extra', 'text', 'tweets', 'subject', 'body', 'preheader', 'title', 'canonicalUrl'];

/** A body of roughly the kind's shape: its own fields (each maybe missing), now and then a stray one. */
function bodyOf(kind: ContentKind): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.record(OWN[kind], { requiredKeys: [] }),
      fc.option(fc.tuple(fc.constantFrom(...STRAY), text), { freq: 6 }),
    )
    .map(([own, stray]) => {
      const out: Record<string, unknown> = { ...own };
      if (stray && !(stray[0] in out)) out[stray[0]] = stray[1];
      // Keep the canonical URL linked (see above).
      if (kind === 'x_article' && typeof out.canonicalUrl === 'string' && typeof out.body === 'string')
        out.body = `${out.body}\n\n[source](<${out.canonicalUrl}>)`;
      return out;
    });
}

describe('the reference and the contract agree on bodies', () => {
  it.each(CONTENT_KINDS)('%s', (kind) => {
    const seen = new Set<boolean>();
    fc.assert(
      fc.property(bodyOf(kind), (b) => {
        const ours = accepts(() => parseContentBody(kind, b));
        const contract = CONTENT_BODY_SCHEMAS[kind].safeParse(b).success;
        expect({ kind, body: b, ours }).toEqual({ kind, body: b, ours: contract });
        seen.add(ours);
      }),
      { numRuns: 400 },
    );
    // The property means something only if both answers occurred.
    expect(seen).toEqual(new Set([true, false]));
  });

  it('and on whole create requests', () => {
    const request = fc.record(
      {
        kind: fc.constantFrom(...CONTENT_KINDS, 'other'),
        title: text,
        body: fc.constantFrom(...CONTENT_KINDS).chain(bodyOf),
        bucketId: fc.constantFrom('b1', '', null),
        status: fc.constant('draft'),
      },
      { requiredKeys: ['kind', 'title', 'body'] },
    );
    fc.assert(
      fc.property(request, (r) => {
        expect(accepts(() => parseCreateRequest(r))).toBe(ContentCreate.safeParse(r).success);
      }),
      { numRuns: 400 },
    );
  });
});
