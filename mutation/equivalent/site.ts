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

const ROOT_PATH = "the router splits '' and '/' into the same no segments, so the route of '' is the route of '/'";
const SLUG_LOOKUP_404 = "bySlugOrAt throws only the 404 ApiError of an unknown slug, so catching every error (or none, the catch then answering undefined all the same) is the same";
const POST_LOOKUP_404 = "publishedBySlug throws only the 404 ApiError of a post that is not there or not published, so catching every error (or ignoring what was caught) is the same";
const SUBSCRIBE_REFUSALS_400 = "the form's email check (parseOr400) and the store's add (an email alone, no createdAt) throw only 400 ApiErrors, so every refusal takes this branch with or without the checks";
const FEATURED_ALWAYS_SET = "a publication's featuredPost is always a string (the fixtures give 'latest', a PATCH takes only a non-empty one, a saved state must have it): the fallback is never read";
const DISABLED_NAMES_NO_POST = "without the 'disabled' check the setting is looked up as a post id, and no post has the id 'disabled' (ids are generated): no featured post either way, the check only saves the lookup";
const FORM_HAS_NO_WALLET = "strict turns an email-and-wallet conflict into a 400; the form gives an email alone, and an email alone is never a conflict (planAdd: it is created or unchanged)";

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
  {
    file: "reference/src/site/routes.ts", code: "} catch (err) {",
    original: "{ \u2026 } #bc13b11d", mutator: "BlockStatement", replacement: "{}",
    why: SLUG_LOOKUP_404,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (err instanceof ApiError && err.status === 404) return undefined;",
    original: "err instanceof ApiError && err.status === 404", mutator: "ConditionalExpression", replacement: "true",
    why: SLUG_LOOKUP_404,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (err instanceof ApiError && err.status === 404) return undefined;",
    original: "err instanceof ApiError && err.status === 404", mutator: "LogicalOperator", replacement: "err instanceof ApiError || err.status === 404",
    why: SLUG_LOOKUP_404,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (err instanceof ApiError && err.status === 404) return undefined;",
    original: "err.status === 404", mutator: "ConditionalExpression", replacement: "true",
    why: SLUG_LOOKUP_404,
  },
  {
    file: "reference/src/site/routes.ts", code: "} catch (err) {",
    original: "{ \u2026 } #bff061ac", mutator: "BlockStatement", replacement: "{}",
    why: POST_LOOKUP_404,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (!(err instanceof ApiError && err.status === 404)) throw err;",
    original: "!(err instanceof ApiError && err.status === 404)", mutator: "ConditionalExpression", replacement: "false",
    why: POST_LOOKUP_404,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (!(err instanceof ApiError && err.status === 404)) throw err;",
    original: "err instanceof ApiError && err.status === 404", mutator: "ConditionalExpression", replacement: "true",
    why: POST_LOOKUP_404,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (!(err instanceof ApiError && err.status === 404)) throw err;",
    original: "err instanceof ApiError && err.status === 404", mutator: "LogicalOperator", replacement: "err instanceof ApiError || err.status === 404",
    why: POST_LOOKUP_404,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (!(err instanceof ApiError && err.status === 404)) throw err;",
    original: "err.status === 404", mutator: "ConditionalExpression", replacement: "true",
    why: POST_LOOKUP_404,
  },
  {
    file: "reference/src/site/routes.ts", code: "const featured = featuredPost(publication.featuredPost ?? 'latest', feed, everyPublic, own);",
    original: "'latest'", mutator: "StringLiteral", replacement: "\"\"",
    why: FEATURED_ALWAYS_SET,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (setting === 'disabled') return undefined;",
    original: "setting === 'disabled'", mutator: "ConditionalExpression", replacement: "false",
    why: DISABLED_NAMES_NO_POST,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (setting === 'disabled') return undefined;",
    original: "'disabled'", mutator: "StringLiteral", replacement: "\"\"",
    why: DISABLED_NAMES_NO_POST,
  },
  {
    file: "reference/src/site/routes.ts", code: "ctx.state.subscribers.add(publication.id, { email: email ?? null, wallet: null }, { source: 'site', strict: true });",
    original: "true", mutator: "BooleanLiteral", replacement: "false",
    why: FORM_HAS_NO_WALLET,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (err instanceof ApiError && err.status < 500) return home(ctx, publication, err.status, { ok: false, text: `Not subscribed: ${err.message}` });",
    original: "err instanceof ApiError && err.status < 500", mutator: "ConditionalExpression", replacement: "true",
    why: SUBSCRIBE_REFUSALS_400,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (err instanceof ApiError && err.status < 500) return home(ctx, publication, err.status, { ok: false, text: `Not subscribed: ${err.message}` });",
    original: "err instanceof ApiError && err.status < 500", mutator: "LogicalOperator", replacement: "err instanceof ApiError || err.status < 500",
    why: SUBSCRIBE_REFUSALS_400,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (err instanceof ApiError && err.status < 500) return home(ctx, publication, err.status, { ok: false, text: `Not subscribed: ${err.message}` });",
    original: "err.status < 500", mutator: "ConditionalExpression", replacement: "true",
    why: SUBSCRIBE_REFUSALS_400,
  },
  {
    file: "reference/src/site/routes.ts", code: "if (err instanceof ApiError && err.status < 500) return home(ctx, publication, err.status, { ok: false, text: `Not subscribed: ${err.message}` });",
    original: "err.status < 500", mutator: "EqualityOperator", replacement: "err.status <= 500",
    why: SUBSCRIBE_REFUSALS_400,
  },
  {
    file: "reference/src/site/routes.ts", code: "{ method: 'GET', path: '/', auth: 'none', handler: showDomainHome },",
    original: "'/'", mutator: "StringLiteral", replacement: "\"\"",
    why: ROOT_PATH,
  },
];
