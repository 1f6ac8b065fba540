/**
 * Slugs: generated from titles, unique within a publication.
 */
export const SLUG_MAX = 256;

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/g, '');
  return slug || 'post';
}

/** `base`, or `base-2`, `base-3`... whichever no other post has. */
export function uniqueSlug(base: string, posts: { slugTakenByOther(slug: string): boolean }): string {
  if (!posts.slugTakenByOther(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = base.slice(0, SLUG_MAX - suffix.length) + suffix;
    if (!posts.slugTakenByOther(candidate)) return candidate;
  }
}
