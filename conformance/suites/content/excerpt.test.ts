/**
 * The excerpt as the register words it (docs/spec-gaps-content.md, "The
 * piece as shown"): the first non-empty line of the readable text, white
 * space runs made one space, at most 280 characters (a longer line cut to 279
 * and ended with "…"); tweets and LinkedIn posts are plain text, newsletter
 * and article bodies markdown stripped; the subject or headline stands in
 * when the body has no readable line. And where "a link in the body" is for
 * an article's canonicalUrl (the same register, "Bodies per kind").
 */
import { expectError, expectStatus, fail, rule, type RuleContext } from '../../src/authoring/index.js';
import { createPiece, draftOf, tryCreate } from './support/content-api.js';

type Kind = Parameters<typeof draftOf>[1];

const FAMILY = '👨‍👩‍👧';
/** One character the writer sees, 21 UTF-16 units long: a letter with twenty accents. */
const ACCENTED = `e${'\u0301'.repeat(20)}`;

/** [kind, body, the excerpt expected exactly, what the case shows]. */
const EXCERPTS: readonly [Kind, Record<string, unknown>, string, string][] = [
  ['tweet', { text: 'a'.repeat(280) }, 'a'.repeat(280), 'a line of exactly 280 characters, kept whole'],
  ['linkedin', { text: 'b'.repeat(3000) }, `${'b'.repeat(279)}…`, 'a longer line, cut to 279 and ended with …'],
  ['linkedin', { text: FAMILY.repeat(300) }, `${FAMILY.repeat(279)}…`, 'emoji sequences, cut as characters the writer sees'],
  ['linkedin', { text: ACCENTED.repeat(300) }, `${ACCENTED.repeat(279)}…`, 'letters with many accents, cut as characters the writer sees'],
  ['linkedin', { text: `${'x'.repeat(278)} ${'y'.repeat(40)}` }, `${'x'.repeat(278)}…`, 'a cut after a space, the space dropped'],
  ['tweet', { text: 'One\rTwo' }, 'One', 'a line ended by a lone CR'],
  ['tweet', { text: ' \r\n \t Two \t  words\nthree' }, 'Two words', 'a blank first line skipped, white space runs made one space'],
  ['tweet', { tweets: ['\n\n  Opening \t entry \r\nmore', 'second'] }, 'Opening entry', "a thread's first entry"],
  [
    'linkedin',
    { text: '*stays* [as](https://written.example) &amp; `as is`' },
    '*stays* [as](https://written.example) &amp; `as is`',
    'plain text kept as written',
  ],
  ['newsletter', { subject: 'S', body: 'Hard break  \nsecond line' }, 'Hard break', 'a hard line break ends the line'],
  ['newsletter', { subject: 'S', body: 'Backslash break\\\nsecond line' }, 'Backslash break', 'a backslash line break ends the line'],
  ['newsletter', { subject: 'S', body: 'Soft\nbreak' }, 'Soft', 'a soft line break ends the line'],
  ['newsletter', { subject: 'S', body: 'a <b>bold</b> `code  span` c' }, 'a bold code span c', 'inline HTML dropped, a code span as text'],
  ['newsletter', { subject: 'S', body: '```\nfenced line\n```\n\nafter' }, 'fenced line', 'a fenced code block read'],
  ['x_article', { title: 'H', body: '    indented code\n\nafter' }, 'indented code', 'an indented code block read'],
  ['x_article', { title: 'H', body: '> quoted *text*\n\nafter' }, 'quoted text', 'a quote read'],
  [
    'x_article',
    { title: 'H', body: '*one **two** [three *four*](https://l.example)*\n\nafter' },
    'one two three four',
    'marks inside marks and inside a link stripped',
  ],
  ['x_article', { title: 'H', body: '- *item* one\n- item two' }, 'item one', 'a tight list item, emphasis stripped'],
  ['x_article', { title: 'H', body: '1. **first**\n\n2. second' }, 'first', 'a loose list item'],
  ['newsletter', { subject: 'S', body: '> - > deep *one*' }, 'deep one', 'a quote in a list in a quote'],
  [
    'newsletter',
    { subject: 'S', body: '<div>html block</div>\n\n---\n\n[ref]: https://r.example\n\nReal text' },
    'Real text',
    'HTML blocks, rules and link definitions dropped',
  ],
  [
    'newsletter',
    { subject: 'S', body: '![Alt &amp; &#65;&#x42;&#X43;](https://img.example/x.png) after' },
    'Alt & ABC after',
    "an image as its alt text, entities decoded",
  ],
  ['newsletter', { subject: 'S', body: '![Alt *em* **strong**](https://img.example/x.png) after' }, 'Alt em strong after', "an image's alt text, its markup stripped (CommonMark's alt text)"],
  ['newsletter', { subject: 'S', body: '`&amp; &#65;` and &amp;' }, '&amp; &#65; and &', 'references in a code span stay as written'],
  ['x_article', { title: 'H', body: '    &lt;b&gt; &#65;\n\nafter' }, '&lt;b&gt; &#65;', 'references in a code block stay as written'],
  ['newsletter', { subject: 'S', body: '\\&amp; is how to write &amp;' }, '&amp; is how to write &', 'an escaped ampersand starts no reference'],
  ['newsletter', { subject: 'S', body: 'Setext\n===\n\nafter' }, 'Setext', 'a setext heading'],
  ['newsletter', { subject: 'S', body: '# Heading\n\nafter' }, 'Heading', 'an ATX heading'],
  [
    'newsletter',
    { subject: 'S', body: 'Fish &amp; chips &lt;3 &gt; &quot;q&quot; &apos;a&#39; &AMP; a&nbsp;&nbsp;b' },
    `Fish & chips <3 > "q" 'a' & a b`,
    'entities decoded (a no-break space is white space)',
  ],
  ['newsletter', { subject: 'The  subject', body: '---' }, 'The subject', 'no readable line: the subject'],
  ['x_article', { title: '  The   headline ', body: '<div></div>' }, 'The headline', 'no readable line: the headline'],
  ['newsletter', { subject: 'Only an image', body: '![](https://img.example/x.png)' }, 'Only an image', 'an image without alt text is no readable line'],
];

rule(
  'content.shape.excerpt',
  "the excerpt is exactly the register's: the readable text's first line, markdown stripped, white space collapsed, cut to 279 and … past 280",
  async (ctx) => {
    for (const [kind, body, want, what] of EXCERPTS) {
      const piece = await createPiece(ctx, draftOf(ctx, kind, body));
      if (piece.excerpt !== want) {
        const shown = (text: string) => `${JSON.stringify(text.slice(0, 120))} (${[...new Intl.Segmenter().segment(text)].length} characters)`;
        fail(`${what}: the excerpt of ${JSON.stringify(body).slice(0, 100)} is ${shown(piece.excerpt)}, expected ${shown(want)}`);
      }
    }
  },
  { profile: 'reference-choices' },
);

rule(
  'content.shape.excerpt',
  "an image's alt text decodes character references up to U+10FFFF, and none to a NUL (HTML reads &#0; as U+FFFD); one past U+10FFFF is still a valid body",
  async (ctx) => {
    const body = { subject: 'S', body: '![a&#x10FFFF;b &#0;c &#x110000;d &#1114112;](https://img.example/x.png) e' };
    const { excerpt } = await createPiece(ctx, draftOf(ctx, 'newsletter', body));
    if (!excerpt.startsWith('a\u{10FFFF}b ')) fail(`the excerpt of ${body.body} is ${JSON.stringify(excerpt)}, expected it to start with "a\\u{10FFFF}b "`);
    if (excerpt.includes('\u0000')) fail(`the excerpt of ${body.body} is ${JSON.stringify(excerpt)}: &#0; became a NUL`);
  },
  { profile: 'reference-choices' },
);

const ORIGIN = 'https://origin.example/post';

/** Bodies where ORIGIN is the target of a link: every kind of link, at any depth of quotes, lists and emphasis. */
const LINKED: readonly [string, string][] = [
  [`Read [the original][src].\n\n[src]: ${ORIGIN}`, 'a reference link'],
  [`Originally at <${ORIGIN}>.`, 'an autolink'],
  [`- first\n- see [here](${ORIGIN})`, 'a link in a list item'],
  [`1. first\n\n2. see [here](${ORIGIN})`, 'a link in a loose list item'],
  [`> quoted [here](${ORIGIN})`, 'a link in a quote'],
  [`> - nested [here](${ORIGIN})`, 'a link in a list in a quote'],
  [`*emphasised [here](${ORIGIN})*`, 'a link in emphasis'],
  [`# Heading [here](${ORIGIN})`, 'a link in a heading'],
];

/** Bodies where ORIGIN appears, but not as a link's target. */
const NOT_LINKED: readonly [string, string][] = [
  [`Originally at ${ORIGIN}`, 'a bare URL'],
  [`![the original](${ORIGIN})`, 'an image'],
  [`![see [here](${ORIGIN})](https://img.example/x.png)`, "a link inside an image's alt text"],
  [`\`[here](${ORIGIN})\``, 'a code span'],
  [`\`\`\`\n[here](${ORIGIN})\n\`\`\``, 'a code block'],
  [`[src]: ${ORIGIN}\n\nno link uses it`, 'a link definition no link uses'],
  [`[${ORIGIN}](https://other.example/)`, "a link's text"],
];

async function article(ctx: RuleContext, body: string) {
  return tryCreate(ctx, draftOf(ctx, 'x_article', { title: 'H', body, canonicalUrl: ORIGIN }));
}

rule(
  'content.body.article-canonical-in-body',
  'canonicalUrl counts an inline, reference or autolink anywhere in the body, and nothing else',
  async (ctx) => {
    for (const [body, what] of LINKED) {
      const res = await article(ctx, body);
      if (res.status < 200 || res.status >= 300) fail(`canonicalUrl linked by ${what} was refused (${res.status}): ${res.text.slice(0, 200)}`);
      expectStatus(res, '2xx');
    }
    for (const [body, what] of NOT_LINKED) {
      const res = await article(ctx, body);
      if (res.status < 400) fail(`canonicalUrl appearing only in ${what} was accepted (${res.status})`);
      expectError(res, 400);
    }
  },
  { profile: 'reference-choices' },
);
