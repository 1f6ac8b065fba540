/**
 * Reading publications: by id and by slug (with or without @), without a
 * key; the Publication of the contract with SPEC.md's field rules; 404 for
 * what does not exist.
 */
import { expectError, expectOk, fail, fc, rule } from '../../src/authoring/index.js';
import { FEATURED_POST_KEYWORDS, Publication, PUBLICATION_LIMITS, type PublicationT } from '../../../schemas/publications.js';
import { publicationA, readPublication } from './support.js';

function knownPublications(ctx: Parameters<typeof publicationA>[0]): Array<{ id: string; slug: string }> {
  return [ctx.target.publications.a, ctx.target.publications.b].filter((p): p is { id: string; slug: string } => p !== undefined);
}

function isUri(value: string): boolean {
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
}

rule(
  ['publications.get.by-id', 'publications.get.no-auth', 'publications.shape.required-fields'],
  'GET /v1/publications/{publicationId} without a key answers the Publication',
  async (ctx) => {
    const known = knownPublications(ctx);
    if (known.length === 0) return ctx.skip('capability missing: publicationIds (no publication id is known)');
    for (const { id, slug } of known) {
      const publication = await readPublication(ctx, id);
      if (publication.id !== id || publication.slug !== slug) fail(`GET /v1/publications/${id} answered ${publication.id} (slug ${publication.slug})`);
    }
  },
);

rule(
  ['publications.shape.slug-length', 'publications.shape.summary-max-500', 'publications.shape.enums', 'publications.shape.email-notifications'],
  'publications have slugs of 1..256 characters, summaries of at most 500, enum values and the emailNotifications toggles',
  async (ctx) => {
    const known = knownPublications(ctx);
    if (known.length === 0) return ctx.skip('capability missing: publicationIds (no publication id is known)');
    for (const { id } of known) {
      // The schema checks the enums, the emailNotifications object and the lengths; the slug again here for the message.
      const publication: PublicationT = await readPublication(ctx, id);
      if (publication.slug.length < 1 || publication.slug.length > PUBLICATION_LIMITS.slugMax) fail(`slug of ${id} has ${publication.slug.length} characters`);
    }
  },
);

rule(
  ['publications.shape.field-types'],
  'customDomain and logoUrl are URIs; the toggles are booleans; pinnedPostIds is an array of strings',
  async (ctx) => {
    const known = knownPublications(ctx);
    if (known.length === 0) return ctx.skip('capability missing: publicationIds (no publication id is known)');
    for (const { id } of known) {
      // Booleans and pinnedPostIds are checked by the schema; "string (uri)" needs a scheme (RFC 3986).
      const publication = await readPublication(ctx, id);
      for (const field of ['customDomain', 'logoUrl'] as const) {
        const value = publication[field];
        if (value !== undefined && !isUri(value)) fail(`${field} of ${id} is ${JSON.stringify(value)}, not a URI (SPEC.md: string (uri))`);
      }
    }
  },
);

rule(
  ['publications.shape.featured-post'],
  'featuredPost is latest, popular, disabled, or the id of a post of the publication',
  async (ctx) => {
    const { id } = publicationA(ctx);
    const { featuredPost } = await readPublication(ctx, id);
    if (featuredPost === undefined || (FEATURED_POST_KEYWORDS as readonly string[]).includes(featuredPost)) return;
    const res = await ctx.api.get(`/v1/posts/${encodeURIComponent(featuredPost)}`);
    if (res.status !== 200) fail(`featuredPost ${featuredPost} is neither a keyword nor a post of the publication (GET answered ${res.status})`);
  },
  { needs: ['apiKey', 'publicationIds'] },
);

rule(
  ['publications.slug.get', 'publications.slug.leading-at'],
  'GET /v1/publications/slug/{slug} answers the publication of that slug, with or without a leading @',
  async (ctx) => {
    const known = knownPublications(ctx);
    if (known.length === 0) return ctx.skip('capability missing: publicationIds (no publication slug is known)');
    for (const { id, slug } of known) {
      for (const form of [slug, `@${slug}`]) {
        const publication = expectOk(await ctx.api.anonymous.get(`/v1/publications/slug/${encodeURIComponent(form)}`), Publication);
        if (publication.id !== id) fail(`GET /v1/publications/slug/${form} answered ${publication.id}, expected ${id}`);
      }
    }
  },
);

rule(
  ['publications.slug.case-insensitive'],
  'GET /v1/publications/slug/{slug} finds the publication whatever the letter case of the slug',
  async (ctx) => {
    const known = knownPublications(ctx);
    if (known.length === 0) return ctx.skip('capability missing: publicationIds (no publication slug is known)');
    const swapCase = (text: string) => [...text].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join('');
    for (const { id, slug } of known) {
      for (const form of [slug.toUpperCase(), `@${swapCase(slug)}`]) {
        const publication = expectOk(await ctx.api.anonymous.get(`/v1/publications/slug/${encodeURIComponent(form)}`), Publication);
        if (publication.id !== id) fail(`GET /v1/publications/slug/${form} answered ${publication.id}, expected ${id} (slug ${slug})`);
      }
    }
  },
);

rule(
  ['publications.slug.unknown-404', 'publications.get.unknown-404'],
  'a publication id or slug that does not exist answers 404 with the error body',
  async (ctx) => {
    await ctx.check(fc.stringMatching(/^cfx-[a-z0-9]{6,30}$/), async (value) => {
      expectError(await ctx.api.anonymous.get(`/v1/publications/slug/${value}`), 404);
      expectError(await ctx.api.anonymous.get(`/v1/publications/slug/@${value}`), 404);
      expectError(await ctx.api.anonymous.get(`/v1/publications/${value}`), 404);
    });
  },
);
