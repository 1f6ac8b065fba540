/**
 * What a post must look like after a field was accepted: each field's
 * value read back as SPEC.md describes it (re-hosted covers, "null clears",
 * comma-separated categories, publishedAt as an epoch string).
 */
import { fail, SuiteError } from '../../../src/authoring/index.js';
import type { PostT } from '../../../../schemas/posts.js';
import { isTiptapDoc, normalise, textOfDoc } from './documents.js';

/** Fails unless `after` holds `value` of `field` (given in `sent`, the whole body; `before` is the post before an update). */
export function expectFieldStored(field: string, value: unknown, sent: Record<string, unknown>, after: PostT, before?: PostT): void {
  const shown = (v: unknown) => (JSON.stringify(v) ?? 'absent').slice(0, 120);
  const mismatch = (expected: unknown, actual: unknown): never =>
    fail(`${field} ${shown(value)} was accepted, but the post reads back ${field} ${shown(actual)} (expected ${shown(expected)})`);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

  switch (field) {
    case 'title':
    case 'slug':
    case 'publishOnline':
      if (after[field] !== value) mismatch(value, after[field]);
      return;
    case 'subtitle':
      if (value === '' ? (after.subtitle ?? '') !== '' : after.subtitle !== value) mismatch(value, after.subtitle);
      return;
    case 'postPreview':
      // Not a field of SPEC.md's Post: checked only where the target returns it.
      if (after.postPreview !== undefined && after.postPreview !== value) mismatch(value, after.postPreview);
      return;
    case 'categories': {
      const expected = Array.isArray(value) ? value : String(value).split(',').map((c) => c.trim()).filter(Boolean);
      if (!same(after.categories, expected)) mismatch(expected, after.categories);
      return;
    }
    case 'authorIds':
      if (!same(after.authorIds, value)) mismatch(value, after.authorIds);
      if (after.authors && !same(after.authors.map((a) => a.id), value)) mismatch(value, after.authors.map((a) => a.id));
      return;
    case 'canonicalUrl':
    case 'communityId':
      if (after[field] !== (value ?? undefined)) mismatch(value ?? 'absent', after[field]);
      return;
    case 'publishedAt':
      if (after.publishedAt !== String(value)) mismatch(String(value), after.publishedAt);
      return;
    case 'imageUrl':
      // The cover is re-hosted: any URL will do, but there must be one.
      if (typeof after.imageUrl !== 'string' || !/^https?:\/\//.test(after.imageUrl)) mismatch('a re-hosted cover URL', after.imageUrl);
      return;
    case 'clearImage':
      if (sent.imageUrl !== undefined) return; // ignored when imageUrl is given
      if (value === true && after.imageUrl !== undefined) mismatch('no cover', after.imageUrl);
      if (value === false && before && after.imageUrl === undefined && before.imageUrl !== undefined) mismatch('the cover kept', after.imageUrl);
      return;
    case 'imageAlt': {
      const cleared = 'clearImage' in sent && sent.clearImage === true && sent.imageUrl === undefined;
      const hasCover = after.imageUrl !== undefined && !cleared;
      if (!hasCover) {
        // Ignored when the post has no cover.
        if (before && before.imageUrl === undefined && after.imageAlt !== before.imageAlt) mismatch(before.imageAlt ?? 'absent', after.imageAlt);
        return;
      }
      const expected = value === null || value === '' ? undefined : value;
      if ((after.imageAlt || undefined) !== expected) mismatch(expected ?? 'absent', after.imageAlt);
      return;
    }
    case 'markdown':
    case 'bodyJson': {
      if (!isTiptapDoc(after.json)) mismatch('a TipTap document in json', after.json);
      const expected = field === 'markdown' ? normalise(String(value)) : textOfDoc(String(value));
      const actual = textOfDoc(after.json);
      if (actual !== expected) mismatch(expected, actual);
      return;
    }
    case 'sendNewsletter':
      return; // nothing to read back; the post is still a draft (checked by the caller)
    default:
      throw new SuiteError(`the suite has no read-back check for ${field}`);
  }
}
