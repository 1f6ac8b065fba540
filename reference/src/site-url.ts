/**
 * Where publications and posts live on the platform's public site
 * ({site_url} in SPEC.md): the URLs the fixtures, search results, coins and
 * content groups show. The reference's site is made up; its own pages are
 * served at its base URL instead (site/).
 */
const SITE_URL = 'https://paragraph.example.com';

export function publicationSiteUrl(publicationSlug: string): string {
  return `${SITE_URL}/@${publicationSlug}`;
}

export function postSiteUrl(publicationSlug: string, postSlug: string): string {
  return `${publicationSiteUrl(publicationSlug)}/${postSlug}`;
}
