/**
 * Publications: the resource, the PATCH body and the limits of SPEC.md.
 */
import { z } from 'zod';

export const POST_LIST_TYPES = ['feed', 'grid', 'full-post'] as const;
export const THEME_COLORS = [
  'default', 'orange-500', 'rose-600', 'pink-500', 'fuchsia-600', 'purple-600', 'violet-600', 'indigo-600',
  'blue-600', 'sky-600', 'cyan-600', 'teal-600', 'emerald-600', 'green-600', 'lime-600', 'yellow-700',
  'amber-600', 'orange-600', 'stone-800', 'rose-900', 'indigo-950', 'teal-950', 'lime-950', 'orange-950',
] as const;
export const FONTS = ['default', 'serif', 'mono'] as const;
export const FEATURED_POST_KEYWORDS = ['latest', 'popular', 'disabled'] as const;

export const PUBLICATION_LIMITS = {
  nameMax: 100,
  summaryMax: 500,
  slugMax: 256,
  pinnedMax: 50,
  pinnedIdMax: 64,
} as const;

export const EmailNotifications = z.object({ newSubscriber: z.boolean() }).meta({ id: 'EmailNotifications' });

export const Publication = z
  .object({
    id: z.string(),
    name: z.string(),
    ownerUserId: z.string(),
    slug: z.string().min(1).max(PUBLICATION_LIMITS.slugMax),
    customDomain: z.string().optional(),
    summary: z.string().max(PUBLICATION_LIMITS.summaryMax).optional(),
    logoUrl: z.url().optional(),
    postListType: z.enum(POST_LIST_TYPES).optional(),
    themeColor: z.enum(THEME_COLORS).optional(),
    headerFont: z.enum(FONTS).optional(),
    bodyFont: z.enum(FONTS).optional(),
    showMostPopular: z.boolean().optional(),
    hideStats: z.boolean().optional(),
    featuredPost: z.string().min(1).optional(),
    enableTableOfContents: z.boolean().optional(),
    enableSubscribePopup: z.boolean().optional(),
    enableSubscribeScroll: z.boolean().optional(),
    pinnedPostIds: z.array(z.string()).optional(),
    emailNotifications: EmailNotifications.optional(),
  })
  .meta({ id: 'Publication' });

/** GET /v1/me: the key's publication with its plan (beyond SPEC.md). */
export const Me = Publication.extend({ plan: z.enum(['free', 'starter', 'growth', 'scale']) }).meta({ id: 'Me' });

export const PublicationPatch = z
  .strictObject({
    name: z.string().min(1).max(PUBLICATION_LIMITS.nameMax),
    summary: z.string().max(PUBLICATION_LIMITS.summaryMax),
    postListType: z.enum(POST_LIST_TYPES),
    themeColor: z.enum(THEME_COLORS),
    headerFont: z.enum(FONTS),
    bodyFont: z.enum(FONTS),
    showMostPopular: z.boolean(),
    hideStats: z.boolean(),
    featuredPost: z.string().min(1).describe('latest | popular | disabled | the id of a post of this publication'),
    enableTableOfContents: z.boolean(),
    enableSubscribePopup: z.boolean(),
    enableSubscribeScroll: z.boolean(),
    pinnedPostIds: z
      .array(z.string().min(1).max(PUBLICATION_LIMITS.pinnedIdMax))
      .max(PUBLICATION_LIMITS.pinnedMax)
      .describe('replaces the whole pinned list; each must be a post of this publication'),
    emailNotifications: z.strictObject({ newSubscriber: z.boolean() }).partial(),
  })
  .partial()
  .meta({ id: 'PublicationPatch' });

export type PublicationT = z.infer<typeof Publication>;
export type PublicationPatchT = z.infer<typeof PublicationPatch>;

/** Removed settings: refused with a message that says they were removed. */
export const REMOVED_PUBLICATION_SETTINGS = ['disableHighlights'] as const;
