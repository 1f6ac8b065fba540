/**
 * Posts: the resource, the create and update bodies, the list queries and the
 * limits of SPEC.md and SILENT.md, written once.
 *
 * Request schemas normalise what the spec lets clients send in several forms
 * (sendNewsletter as a boolean or a string, categories as an array or a
 * comma-separated string, scheduledAt 0 meaning "not given"), so the store
 * sees one form of each.
 */
import { z } from 'zod';
import { Publication } from './publications.js';
import { Author } from './users.js';
import { boolParam, cursorParam, limitParam, pageOf, UnixMs } from './common.js';

export const POST_STATUSES = ['published', 'draft', 'scheduled', 'archived'] as const;
export type PostStatusT = (typeof POST_STATUSES)[number];

export const POST_LIMITS = {
  titleMax: 200,
  subtitleMax: 300,
  slugMax: 256,
  postPreviewMax: 500,
  canonicalUrlMax: 2048,
  communityIdMax: 128,
  authorIdsMax: 20,
  imageAltMax: 1000,
  scheduleMaxDays: 30,
  // Ours (SPEC.md is silent): bounds on categories and on cover URLs.
  categoriesMax: 50,
  categoryMax: 100,
  imageUrlMax: 2048,
  authorIdMax: 128,
} as const;

export const DAY_MS = 86_400_000;
export const SCHEDULE_MAX_MS = POST_LIMITS.scheduleMaxDays * DAY_MS;

/** Epoch timestamps in responses are strings of Unix milliseconds ("1732233600000"). */
export const EpochMsString = z.string().regex(/^\d+$/).describe('Unix ms as a string');

export const Post = z
  .object({
    id: z.string(),
    title: z.string().max(POST_LIMITS.titleMax),
    slug: z.string().min(1).max(POST_LIMITS.slugMax),
    subtitle: z.string().max(POST_LIMITS.subtitleMax).optional(),
    // Ours: the preview is returned too, so a client can see what it set.
    postPreview: z.string().max(POST_LIMITS.postPreviewMax).optional(),
    imageUrl: z.string().optional().describe('cover image (re-hosted by the service)'),
    imageAlt: z.string().max(POST_LIMITS.imageAltMax).optional(),
    publishedAt: EpochMsString.optional().describe('kept across unpublishing'),
    updatedAt: EpochMsString.optional(),
    staticHtml: z.string().optional().describe('only with includeContent'),
    json: z.string().optional().describe('TipTap JSON as a string; only with includeContent'),
    markdown: z.string().optional().describe('only with includeContent'),
    coinId: z.string().optional(),
    categories: z.array(z.string()).optional(),
    canonicalUrl: z.string().optional(),
    publishOnline: z.boolean().optional(),
    communityId: z.string().optional(),
    authors: z.array(Author).optional(),
    authorIds: z.array(z.string()).optional(),
    views: z.number().optional().describe('only for own posts'),
    status: z.enum(POST_STATUSES).optional().describe('only for own posts'),
  })
  .meta({ id: 'Post' });

// ---- request field types -------------------------------------------------

/** sendNewsletter: true/false or the strings "true", "false", "1", "0" (SILENT.md, public). */
export const SendNewsletterInput = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], {
    error: 'must be true or false (the strings "true", "false", "1" and "0" are also accepted)',
  })
  .transform((v) => v === true || v === 'true' || v === '1');

/** categories: an array of strings or one comma-separated string; trimmed, empties dropped, duplicates removed. */
export const CategoriesInput = z
  .union([z.array(z.string()), z.string()], { error: 'must be an array of strings or a comma-separated string' })
  .transform((raw, ctx) => {
    const parts = Array.isArray(raw) ? raw : raw.split(',');
    const seen = new Set<string>();
    const out: string[] = [];
    for (const part of parts) {
      const category = part.trim();
      // Duplicates compare case-insensitively, as tag lookups do; the first spelling wins.
      if (!category || seen.has(category.toLowerCase())) continue;
      if (category.length > POST_LIMITS.categoryMax) {
        ctx.issues.push({
          code: 'custom',
          input: part,
          message: `must each be at most ${POST_LIMITS.categoryMax} characters; "${category.slice(0, 40)}..." is longer`,
        });
        return z.NEVER;
      }
      seen.add(category.toLowerCase());
      out.push(category);
    }
    if (out.length > POST_LIMITS.categoriesMax) {
      ctx.issues.push({ code: 'custom', input: raw, message: `must have at most ${POST_LIMITS.categoriesMax} distinct entries` });
      return z.NEVER;
    }
    return out;
  });

/** scheduledAt: Unix ms (or null on update, which cancels). 0 is treated as omitted (SPEC.md). */
const ScheduledAtInput = UnixMs.nullable()
  .optional()
  .transform((v) => (v === 0 ? undefined : v));

/** http(s) URLs only: a cover is fetched and a canonical URL is put in page metadata. */
const httpUrl = (max: number) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    // The url() error would otherwise apply to this check too.
    .max(max, { error: `must be at most ${max} characters` });

const Title = z
  .string()
  .max(POST_LIMITS.titleMax)
  .refine((t) => t.trim().length > 0, 'must not be empty');

/** Given slugs are checked, not rewritten: they are part of a permalink. */
const Slug = z
  .string()
  .min(1)
  .max(POST_LIMITS.slugMax)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'may contain only letters, digits, hyphens and underscores, and must start with a letter or digit');

const AuthorIds = z.array(z.string().min(1).max(POST_LIMITS.authorIdMax)).min(1).max(POST_LIMITS.authorIdsMax);

/** Optional fields create and update share, with the same limits. */
const commonFields = {
  markdown: z.string().optional().describe('converted to TipTap JSON; give markdown or bodyJson, not both'),
  bodyJson: z.string().optional().describe('JSON-stringified TipTap document'),
  subtitle: z.string().max(POST_LIMITS.subtitleMax).optional().describe('empty clears'),
  slug: Slug.optional().describe('generated from the title when absent; unique in the publication'),
  postPreview: z.string().max(POST_LIMITS.postPreviewMax).optional().describe('generated from the content when absent or empty'),
  categories: CategoriesInput.optional(),
  authorIds: AuthorIds.optional().describe('byline order; each the owner or an active team member'),
  scheduledAt: ScheduledAtInput,
  sendNewsletter: SendNewsletterInput.optional(),
  canonicalUrl: httpUrl(POST_LIMITS.canonicalUrlMax).nullable().optional().describe('null clears'),
  publishOnline: z.boolean().optional(),
  communityId: z.string().min(1).max(POST_LIMITS.communityIdMax).nullable().optional().describe('null = general audience'),
  publishedAt: UnixMs.optional().describe('Unix ms; not in the future (use scheduledAt to publish later)'),
  imageUrl: httpUrl(POST_LIMITS.imageUrlMax).optional(),
  imageAlt: z.string().max(POST_LIMITS.imageAltMax).nullable().optional().describe('null or empty clears'),
};

const oneBodyAtMost = (v: { markdown?: string; bodyJson?: string }) => !(v.markdown !== undefined && v.bodyJson !== undefined);

export const PostCreate = z
  .object({
    title: Title,
    ...commonFields,
    // Only draft or published (the default) on create; scheduled comes from scheduledAt.
    status: z.enum(['draft', 'published']).optional(),
  })
  .refine(oneBodyAtMost, 'must have exactly one of markdown or bodyJson, not both')
  .refine((v) => v.markdown !== undefined || v.bodyJson !== undefined, 'must have exactly one of markdown or bodyJson; neither was given')
  .meta({ id: 'PostCreate' });

export const PostUpdate = z
  .object({
    title: Title.optional(),
    ...commonFields,
    status: z.enum(['draft', 'published', 'archived']).optional(),
    clearImage: z.boolean().optional().describe('true removes the cover; ignored when imageUrl is given'),
  })
  .refine(oneBodyAtMost, 'may have markdown or bodyJson, not both')
  .meta({ id: 'PostUpdate' });

export type PostCreateT = z.output<typeof PostCreate>;
export type PostUpdateT = z.output<typeof PostUpdate>;
export type PostT = z.infer<typeof Post>;
export type AuthorT = z.infer<typeof Author>;
export { Author };

export const PostCreated = z
  .object({ id: z.string(), status: z.enum(['published', 'draft', 'scheduled']) })
  .meta({ id: 'PostCreated' });

export const FeedItem = z.object({ post: Post, publication: Publication, user: Author }).meta({ id: 'FeedItem' });

export const PostPage = pageOf(Post).meta({ id: 'PostPage' });
export const FeedPage = pageOf(FeedItem).meta({ id: 'FeedPage' });

// ---- queries ---------------------------------------------------------------
// Plain objects (the OpenAPI builder lists their fields as query parameters).
// limitParam and boolParam fill their defaults at parse time.

export const POSTS_PAGE = { min: 1, max: 100, default: 10 } as const;
export const FEED_PAGE = { min: 1, max: 60, default: 20 } as const;

const includeContent = boolParam(false).describe('adds markdown, json and staticHtml (default false)');

export const PostGetQuery = z.object({ includeContent });

/** GET /v1/publications/:id/posts and GET /v1/posts/tag/:tag. */
export const PublicationPostsQuery = z.object({
  cursor: cursorParam,
  limit: limitParam(POSTS_PAGE.min, POSTS_PAGE.max, POSTS_PAGE.default),
  includeContent,
});
export const TagPostsQuery = PublicationPostsQuery;

export const FeedQuery = z.object({
  cursor: cursorParam,
  limit: limitParam(FEED_PAGE.min, FEED_PAGE.max, FEED_PAGE.default),
  includeContent,
});

/** GET /v1/posts: also a status filter. */
export const OwnPostsQuery = z.object({
  cursor: cursorParam,
  limit: limitParam(POSTS_PAGE.min, POSTS_PAGE.max, POSTS_PAGE.default),
  includeContent,
  status: z.enum(POST_STATUSES).optional().describe('default published'),
});
