/** Equivalent mutants of reference/src/site/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const HOME_HREF_GIVEN = "every page with a publication is given its homeHref (the site's pages, and the unsubscribe pages, which give '/' themselves without one): the fallback is never read";
const DEFAULT_FALLBACK =
  "the reference's own pages (no publication) take the default theme: a missing or empty theme color or font falls back to the default one (siteStyle's ?? THEME_HEX.default and ?? FONT_STACKS.default), the same colors and fonts";
const FONT_ALWAYS_SET =
  'a publication always has headerFont and bodyFont (the schema gives them, a PATCH takes only the listed fonts), so the fallback name is never read; and an empty name would fall back to the default stack all the same';
const PUBLIC_HAS_DATE = 'a page shows public posts only, and a published post always has publishedAt: the null branch is never taken';
const HAS_AUTHOR = 'a post has one author at least (authorIds is never empty) and users are never deleted, so the byline always has a name before the date: the empty separator is never used';
const SUMMARY_SET = "a publication's summary is always a string (empty when none was given): the fallback is never read";

export const site: readonly EquivalentMutant[] = [
  {
    file: "reference/src/site/layout.ts", code: "const header = publication ? html`<a class=\"name\" href=\"${parts.homeHref ?? '/'}\">${publication.name}</a>` : '';",
    original: "'/'", mutator: "StringLiteral", replacement: "\"\"",
    why: HOME_HREF_GIVEN,
  },
  {
    file: "reference/src/site/layout.ts", code: "const NO_THEME: Theme = { themeColor: 'default', headerFont: 'default', bodyFont: 'default' };",
    original: "{ themeColor: 'default', headerFont: 'default', bodyFont: 'default' }", mutator: "ObjectLiteral", replacement: "{}",
    why: DEFAULT_FALLBACK,
  },
  {
    file: "reference/src/site/layout.ts", code: "const NO_THEME: Theme = { themeColor: 'default', headerFont: 'default', bodyFont: 'default' };",
    original: "'default'", mutator: "StringLiteral", replacement: "\"\"",
    why: DEFAULT_FALLBACK,
  },
  {
    file: "reference/src/site/layout.ts", code: "const NO_THEME: Theme = { themeColor: 'default', headerFont: 'default', bodyFont: 'default' };",
    original: "'default'", mutator: "StringLiteral", replacement: "\"\"",
    why: DEFAULT_FALLBACK,
  },
  {
    file: "reference/src/site/layout.ts", code: "const NO_THEME: Theme = { themeColor: 'default', headerFont: 'default', bodyFont: 'default' };",
    original: "'default'", mutator: "StringLiteral", replacement: "\"\"",
    why: DEFAULT_FALLBACK,
  },
  {
    file: "reference/src/site/pages.ts", code: "const date = (ms: number | null) => (ms === null ? null : html`<time datetime=\"${new Date(ms).toISOString()}\">${new Date(ms).toISOString().slice(0, 10)}</time>`);",
    original: "ms === null", mutator: "ConditionalExpression", replacement: "false",
    why: PUBLIC_HAS_DATE,
  },
  {
    file: "reference/src/site/pages.ts", code: "const byline = (card: PostCard) => html`<p class=\"muted byline\">${card.authors.map((a, i) => html`${i ? ', ' : ''}<span class=\"author\">${a.name}</span>`)}${card.authors.length ? ' · ' : ''}${date(card.post.publishedAt)}</p>`;",
    original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"",
    why: HAS_AUTHOR,
  },
  {
    file: "reference/src/site/pages.ts", code: "<meta name=\"description\" content=\"${publication.summary ?? ''}\">`;",
    original: "''", mutator: "StringLiteral", replacement: "\"Stryker was here!\"",
    why: SUMMARY_SET,
  },
  {
    file: "reference/src/site/style.ts", code: "const header = FONT_STACKS[publication.headerFont ?? 'default'] ?? FONT_STACKS.default;",
    original: "'default'", mutator: "StringLiteral", replacement: "\"\"",
    why: FONT_ALWAYS_SET,
  },
  {
    file: "reference/src/site/style.ts", code: "const body = FONT_STACKS[publication.bodyFont ?? 'default'] ?? FONT_STACKS.default;",
    original: "'default'", mutator: "StringLiteral", replacement: "\"\"",
    why: FONT_ALWAYS_SET,
  },
];
