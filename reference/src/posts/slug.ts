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

/**
 * `base`, or `base-2`, `base-3`... whichever no other post has. `from`: the
 * first suffix worth trying, when the caller knows every one below it is
 * taken (PostStore keeps that per base, so the thousandth "Untitled" does not
 * try the 999 before it).
 */
export function uniqueSlug(base: string, posts: { slugTakenByOther(slug: string): boolean }, from = 2): string {
  if (!posts.slugTakenByOther(base)) return base;
  for (let n = Math.max(2, from); ; n++) {
    const suffix = `-${n}`;
    const candidate = base.slice(0, SLUG_MAX - suffix.length) + suffix;
    if (!posts.slugTakenByOther(candidate)) return candidate;
  }
}

/** The base and suffix of a slug that may be `base-N` (N >= 2), else null. */
export function suffixedSlug(slug: string): { base: string; n: number } | null {
  const match = /^(.+)-([0-9]{1,15})$/.exec(slug);
  if (!match) return null;
  const n = Number(match[2]);
  return n >= 2 ? { base: match[1], n } : null;
}
