/**
 * URL policy for everything that ends up in an href or src.
 *
 * Policy (one rule, applied in three places):
 *  - parseBodyJson refuses a document carrying a disallowed URL with 400, so a
 *    client learns about it instead of silently losing a link;
 *  - markdownToDoc drops the offending link/image (the text stays), because
 *    markdown has no notion of "invalid" and refusing a whole post for one bad
 *    link would be hostile;
 *  - docToHtml drops any disallowed href/src it still meets, so a document
 *    that never went through the two doors above still cannot carry script.
 *
 * Links and buttons may use http, https, mailto, tel or be relative. Images
 * may use http, https or be relative; data: images are refused outright (they
 * bloat stored bodies and data:image/svg+xml can carry script in some viewers).
 */
import { LIMITS } from './types.js';

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
const IMAGE_SCHEMES = ['http', 'https'] as const;

// Browsers ignore ASCII tab/LF/CR anywhere in a URL and trim C0 controls and
// spaces around it before reading the scheme, so "java\tscript:" runs as
// javascript:. Invisible format characters are removed too, so what we judge
// is at least as permissive as what any browser sees.
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/g;

function schemeOf(url: string): string | null {
  const compact = url.replace(IGNORED_BY_BROWSERS, '');
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return match ? match[1].toLowerCase() : null;
}

/** Why the URL is not acceptable, phrased to follow the attribute's name; null when it is. */
function problemWith(url: unknown, allowed: readonly string[]): string | null {
  if (typeof url !== 'string') return 'must be a string';
  if (url.trim() === '') return 'must not be empty';
  if (url.length > LIMITS.maxUrlChars) return `is longer than ${LIMITS.maxUrlChars} characters`;
  const scheme = schemeOf(url);
  if (scheme !== null && !allowed.includes(scheme)) {
    return `uses the disallowed scheme "${scheme}:" (allowed: ${allowed.join(', ')} or a relative URL)`;
  }
  return null;
}

/** Why this link/button target is not acceptable, or null when it is. */
export const linkUrlProblem = (url: unknown): string | null => problemWith(url, LINK_SCHEMES);

/** Why this image source is not acceptable, or null when it is. */
export const imageUrlProblem = (url: unknown): string | null => problemWith(url, IMAGE_SCHEMES);

export const isSafeLinkUrl = (url: unknown): url is string => linkUrlProblem(url) === null;
export const isSafeImageUrl = (url: unknown): url is string => imageUrlProblem(url) === null;
