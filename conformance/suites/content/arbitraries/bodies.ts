/**
 * Bodies of each kind, valid and invalid, for property tests.
 *
 * The `public*` arbitraries use only what SPEC.md and SILENT.md's public
 * facts say (280 per tweet; the fields of each kind; never both text and
 * tweets; canonicalUrl linked in the body), in ASCII so that every way of
 * counting characters agrees. The `ours*` ones add SILENT.md's "ours" limits
 * (1..25 entries, 3,000, 998, 100,000; blank text) for the reference-choices
 * profile.
 */
import { fc } from '../../../src/authoring/index.js';
import type { ContentKind } from '../../../../schemas/content.js';

export const KINDS: readonly ContentKind[] = ['tweet', 'linkedin', 'newsletter', 'x_article'];

const FIELDS: Record<ContentKind, readonly string[]> = {
  tweet: ['text', 'tweets'],
  linkedin: ['text'],
  newsletter: ['subject', 'body', 'preheader'],
  x_article: ['title', 'body', 'canonicalUrl'],
};

const WORDS = ['draft', 'thread', 'writer', 'launch', 'notes', 'today', 'why', 'we', 'ship', 'small', 'things', 'often'];

/** ASCII text of exactly `length` characters that is not blank. */
export function textOfLength(length: number, seed = 0): string {
  let out = '';
  for (let i = seed; out.length < length; i++) out += `${WORDS[i % WORDS.length]} `;
  out = out.slice(0, length);
  return out.endsWith(' ') ? `${out.slice(0, -1)}.` : out;
}

/** Non-blank ASCII text of 1..max characters, biased to the boundary. */
export const textUpTo = (max: number): fc.Arbitrary<string> =>
  fc
    .tuple(fc.oneof({ weight: 1, arbitrary: fc.constant(max) }, { weight: 3, arbitrary: fc.integer({ min: 1, max }) }), fc.nat(11))
    .map(([length, seed]) => textOfLength(length, seed));

/** Any character in a path segment, percent-encoded (as fc.webUrl encodes one; one that needs no encoding as its code). */
const percentEncoded = fc
  .integer({ min: 0, max: 0x10ffff })
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => {
    const char = String.fromCodePoint(code);
    const encoded = encodeURIComponent(char);
    return encoded !== char ? encoded : `%${code.toString(16)}`;
  });

/** RFC 3986 path characters, parentheses left out (they would end the Markdown link early). */
const PATH_CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', ...`-._~!$&'*+,;=:@`];

/**
 * https URLs without query or fragment, drawn as fc.webUrl draws them (a
 * domain, then segments of path characters, one in eleven percent-encoded).
 * Composed here because fc.webUrl's first use in a process maps every
 * Unicode code point for its percent-encoded characters, a cost every run
 * of the suite paid before its first test.
 */
const url = fc
  .tuple(fc.domain(), fc.array(fc.string({ unit: fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...PATH_CHARS) }, { weight: 1, arbitrary: percentEncoded }) })))
  .map(([domain, segments]) => `https://${domain}${segments.map((segment) => `/${segment}`).join('')}`);

/** A valid body of `kind`, within the public rules only. */
export function publicValidBody(kind: ContentKind): fc.Arbitrary<Record<string, unknown>> {
  switch (kind) {
    case 'tweet':
      return fc.oneof(
        textUpTo(280).map((text) => ({ text })),
        fc.array(textUpTo(280), { minLength: 1, maxLength: 5 }).map((tweets) => ({ tweets })),
      );
    case 'linkedin':
      return textUpTo(300).map((text) => ({ text }));
    case 'newsletter':
      return fc
        .record({ subject: textUpTo(120), body: textUpTo(600), preheader: textUpTo(100) }, { requiredKeys: ['subject', 'body'] })
        .map((b) => ({ ...b, body: `## ${b.subject}\n\n${b.body}` }));
    case 'x_article':
      return fc
        .record({ title: textUpTo(100), body: textUpTo(600), canonicalUrl: url }, { requiredKeys: ['title', 'body'] })
        .map((b) => (b.canonicalUrl === undefined ? b : { ...b, body: `${b.body}\n\n[Originally published here](${b.canonicalUrl})` }));
  }
}

/** Any kind with a valid body. */
export const publicValidPiece = fc
  .constantFrom(...KINDS)
  .chain((kind) => publicValidBody(kind).map((body) => ({ kind, body })));

export interface InvalidCase {
  kind: ContentKind;
  body: unknown;
  /** What is wrong, for the failure message. */
  problem: string;
}

const foreignFields = (kind: ContentKind) => [...new Set(KINDS.flatMap((k) => FIELDS[k]))].filter((f) => !FIELDS[kind].includes(f));

/** A body that breaks a public rule of its kind, with the rule it breaks. */
export const publicInvalidBody: fc.Arbitrary<InvalidCase> = fc.oneof(
  fc.tuple(textUpTo(40), fc.array(textUpTo(40), { minLength: 1, maxLength: 3 })).map(([text, tweets]) => ({
    kind: 'tweet' as const,
    body: { text, tweets },
    problem: 'a tweet body with both text and tweets',
  })),
  fc.constant({ kind: 'tweet' as const, body: {}, problem: 'a tweet body with neither text nor tweets' }),
  fc.integer({ min: 281, max: 300 }).map((n) => ({ kind: 'tweet' as const, body: { text: textOfLength(n) }, problem: `a tweet of ${n} characters` })),
  fc
    .tuple(fc.array(textUpTo(280), { minLength: 0, maxLength: 3 }), fc.integer({ min: 281, max: 300 }), fc.array(textUpTo(280), { maxLength: 2 }))
    .map(([before, n, after]) => ({
      kind: 'tweet' as const,
      body: { tweets: [...before, textOfLength(n), ...after] },
      problem: `thread entry ${before.length + 1} of ${n} characters`,
    })),
  fc.constant({ kind: 'linkedin' as const, body: {}, problem: 'a linkedin body without text' }),
  textUpTo(200).map((body) => ({ kind: 'newsletter' as const, body: { body }, problem: 'a newsletter without subject' })),
  textUpTo(100).map((subject) => ({ kind: 'newsletter' as const, body: { subject }, problem: 'a newsletter without body' })),
  textUpTo(200).map((body) => ({ kind: 'x_article' as const, body: { body }, problem: 'an article without a headline' })),
  textUpTo(100).map((title) => ({ kind: 'x_article' as const, body: { title }, problem: 'an article without a body' })),
  fc.tuple(textUpTo(100), textUpTo(200), url).map(([title, body, canonicalUrl]) => ({
    kind: 'x_article' as const,
    body: { title, body, canonicalUrl },
    problem: 'an article whose canonicalUrl is not linked in the body',
  })),
  fc
    .constantFrom(...KINDS)
    .chain((kind) =>
      fc.tuple(publicValidBody(kind), fc.constantFrom(...foreignFields(kind)), textUpTo(40)).map(([body, field, value]) => ({
        kind,
        body: { ...body, [field]: value },
        problem: `a ${kind} body with ${field}, a field of another kind`,
      })),
    ),
  fc
    .constantFrom(...KINDS)
    .chain((kind) =>
      fc.tuple(publicValidBody(kind), fc.constantFrom('colour', 'scheduledAt', 'status', 'extra')).map(([body, field]) => ({
        kind,
        body: { ...body, [field]: 'x' },
        problem: `a ${kind} body with the unknown field ${field}`,
      })),
    ),
  fc
    .constantFrom(...KINDS)
    .chain((kind) =>
      publicValidBody(kind).map((body) => ({
        kind,
        body: { ...body, media: [{ url: 'https://images.example.com/a.png' }] },
        problem: `a ${kind} body with media`,
      })),
    ),
);

// ---- SILENT.md "ours" ----

export interface BoundaryCase {
  kind: ContentKind;
  body: Record<string, unknown>;
  valid: boolean;
  problem: string;
}

const entries = (n: number, length = 10) => Array.from({ length: n }, (_, i) => textOfLength(length, i));
/** A family emoji: one grapheme cluster of eight UTF-16 code units. */
export const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';

/** The limits SILENT.md calls ours, each on both sides of its boundary. */
export const OURS_BOUNDARIES: BoundaryCase[] = [
  { kind: 'tweet', body: { tweets: entries(25, 280) }, valid: true, problem: 'a thread of 25 entries of 280' },
  { kind: 'tweet', body: { tweets: entries(26) }, valid: false, problem: 'a thread of 26 entries' },
  { kind: 'tweet', body: { tweets: [] }, valid: false, problem: 'a thread of no entries' },
  { kind: 'linkedin', body: { text: textOfLength(3000) }, valid: true, problem: 'a LinkedIn text of 3,000' },
  { kind: 'linkedin', body: { text: textOfLength(3001) }, valid: false, problem: 'a LinkedIn text of 3,001' },
  { kind: 'newsletter', body: { subject: textOfLength(998), body: 'b' }, valid: true, problem: 'a subject of 998' },
  { kind: 'newsletter', body: { subject: textOfLength(999), body: 'b' }, valid: false, problem: 'a subject of 999' },
  { kind: 'x_article', body: { title: 'H', body: textOfLength(100_000) }, valid: true, problem: 'an article body of 100,000' },
  { kind: 'x_article', body: { title: 'H', body: textOfLength(100_001) }, valid: false, problem: 'an article body of 100,001' },
];

/** Blank texts, in every text field of every kind. */
export const oursBlankText: fc.Arbitrary<BoundaryCase> = fc
  .tuple(fc.constantFrom('', ' ', '   ', '\n', '\t \n'), fc.nat(7))
  .map(([blank, which]) => {
    const cases: BoundaryCase[] = [
      { kind: 'tweet', body: { text: blank }, valid: false, problem: 'a blank tweet' },
      { kind: 'tweet', body: { tweets: ['ok', blank] }, valid: false, problem: 'a blank thread entry' },
      { kind: 'linkedin', body: { text: blank }, valid: false, problem: 'a blank LinkedIn text' },
      { kind: 'newsletter', body: { subject: blank, body: 'b' }, valid: false, problem: 'a blank subject' },
      { kind: 'newsletter', body: { subject: 's', body: blank }, valid: false, problem: 'a blank newsletter body' },
      { kind: 'x_article', body: { title: blank, body: 'b' }, valid: false, problem: 'a blank headline' },
      { kind: 'x_article', body: { title: 'h', body: blank }, valid: false, problem: 'a blank article body' },
      { kind: 'tweet', body: { text: `${blank}x${blank}` }, valid: true, problem: 'a tweet with surrounding whitespace' },
    ];
    return cases[which];
  });

/** Grapheme counting: 280 family emoji fit a tweet (2,240 UTF-16 units), 281 do not. */
export const OURS_GRAPHEMES: BoundaryCase[] = [
  { kind: 'tweet', body: { text: FAMILY.repeat(280) }, valid: true, problem: '280 family emoji' },
  { kind: 'tweet', body: { text: FAMILY.repeat(281) }, valid: false, problem: '281 family emoji' },
  { kind: 'tweet', body: { text: 'e\u0301'.repeat(280) }, valid: true, problem: '280 e + combining accent' },
];
