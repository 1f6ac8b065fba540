/**
 * Where a delivered piece went live. The reference makes up plausible URLs
 * of each channel from the seeded random source; a newsletter (custom email)
 * has no page, so its url is null by design.
 */
import type { Random } from '../random.js';
import type { ContentKind } from './record.js';

/** A 19-digit id like X's and LinkedIn's activity ids. */
function snowflake(random: Random): string {
  let out = String(random.int(1, 9));
  for (let i = 0; i < 18; i++) out += String(random.int(0, 9));
  return out;
}

export function deliveryUrl(kind: ContentKind, random: Random): string | null {
  switch (kind) {
    case 'tweet':
      return `https://x.com/i/status/${snowflake(random)}`;
    case 'x_article':
      return `https://x.com/i/article/${snowflake(random)}`;
    case 'linkedin':
      return `https://www.linkedin.com/feed/update/urn:li:activity:${snowflake(random)}/`;
    case 'newsletter':
      return null;
  }
}
