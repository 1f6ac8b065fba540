/**
 * Every field of the PATCH /v1/publications/{publicationId} body: valid
 * values (limits included), invalid ones (past a limit, outside an enum,
 * wrong JSON type), and values outside the publication, with the catalogue
 * rule each belongs to.
 */
import { fc } from '../../src/authoring/index.js';
import { FEATURED_POST_KEYWORDS, FONTS, POST_LIST_TYPES, PUBLICATION_LIMITS, THEME_COLORS } from '../../../schemas/publications.js';
import { notABoolean, notAString, notAStringArray, textBeyond, textWithin } from '../posts/arbitraries/values.js';

/** Ids the field values may name: drafts of A the test made, posts of B, ids that exist nowhere. */
export interface PatchEnv {
  ownPostIds: readonly string[];
  foreignPostIds: readonly string[];
}

export interface PatchField {
  name: string;
  rule: string;
  valid(env: PatchEnv): fc.Arbitrary<unknown>;
  invalid(env: PatchEnv): fc.Arbitrary<unknown>;
  /** Posts outside the publication: refused with a 4xx (400 is the reference's choice). */
  refused?: { rule: string; values(env: PatchEnv): fc.Arbitrary<unknown> | undefined };
}

/** A string of an enum's shape that is not one of its values. */
function notIn(values: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.stringMatching(/^[a-z][a-z0-9-]{0,14}$/).filter((s) => !values.includes(s)),
    fc.constantFrom(...values).map((v) => v.toUpperCase()).filter((s) => !values.includes(s)),
    fc.constant(''),
    notAString,
  );
}

const unknownPostId = fc.stringMatching(/^cfx[A-Za-z0-9]{17}$/);

const enumField = (name: string, rule: string, values: readonly string[]): PatchField => ({
  name,
  rule,
  valid: () => fc.constantFrom(...values),
  invalid: () => notIn(values),
});

const booleanField = (name: string): PatchField => ({
  name,
  rule: 'publications.patch.boolean-values',
  valid: () => fc.boolean(),
  invalid: () => notABoolean,
});

export const PATCH_FIELDS: readonly PatchField[] = [
  {
    name: 'name',
    rule: 'publications.patch.name-length',
    valid: () => textWithin(1, PUBLICATION_LIMITS.nameMax).filter((s) => s.trim().length > 0),
    invalid: () => fc.oneof(fc.constant(''), textBeyond(PUBLICATION_LIMITS.nameMax), notAString),
  },
  {
    name: 'summary',
    rule: 'publications.patch.summary-max-500',
    valid: () => textWithin(0, PUBLICATION_LIMITS.summaryMax),
    invalid: () => fc.oneof(textBeyond(PUBLICATION_LIMITS.summaryMax), notAString),
  },
  enumField('postListType', 'publications.patch.enum-values', POST_LIST_TYPES),
  enumField('themeColor', 'publications.patch.enum-values', THEME_COLORS),
  enumField('headerFont', 'publications.patch.enum-values', FONTS),
  enumField('bodyFont', 'publications.patch.enum-values', FONTS),
  booleanField('showMostPopular'),
  booleanField('hideStats'),
  booleanField('enableTableOfContents'),
  booleanField('enableSubscribePopup'),
  booleanField('enableSubscribeScroll'),
  {
    name: 'featuredPost',
    rule: 'publications.patch.featured-post-min-1',
    valid: (env) => fc.constantFrom(...FEATURED_POST_KEYWORDS, ...env.ownPostIds),
    invalid: () => fc.oneof(fc.constant(''), notAString),
    refused: {
      rule: 'publications.patch.featured-post-own',
      values: (env) => fc.oneof(unknownPostId, ...(env.foreignPostIds.length > 0 ? [fc.constantFrom(...env.foreignPostIds)] : [])),
    },
  },
  {
    name: 'pinnedPostIds',
    rule: 'publications.patch.pinned-id-length',
    valid: (env) => fc.shuffledSubarray([...env.ownPostIds]),
    invalid: () =>
      fc.oneof(
        fc.constant(['']),
        fc.constant(['p'.repeat(PUBLICATION_LIMITS.pinnedIdMax + 1)]),
        fc.integer({ min: PUBLICATION_LIMITS.pinnedIdMax + 1, max: 300 }).map((n) => ['q'.repeat(n)]),
        notAStringArray,
        fc.constant('not-an-array'),
      ),
    refused: {
      rule: 'publications.patch.pinned-own',
      values: (env) =>
        fc.oneof(
          unknownPostId.map((id) => [id]),
          ...(env.foreignPostIds.length > 0 ? [fc.constantFrom(...env.foreignPostIds).map((id) => [...env.ownPostIds.slice(0, 1), id])] : []),
        ),
    },
  },
  {
    name: 'emailNotifications',
    rule: 'publications.patch.email-notifications-merge',
    valid: () => fc.oneof(fc.boolean().map((newSubscriber) => ({ newSubscriber })), fc.constant({})),
    invalid: () =>
      fc.oneof(
        fc.constantFrom<unknown>(null, 42, 'on', true, [], [{ newSubscriber: true }]),
        notABoolean.map((newSubscriber) => ({ newSubscriber })),
      ),
  },
];

/** The value a PATCH of `value` as `field` must leave in the publication (emailNotifications merge onto `before`). */
export function expectedAfterPatch(field: string, value: unknown, before: Record<string, unknown>): unknown {
  if (field === 'emailNotifications') return { ...(before.emailNotifications as object), ...(value as object) };
  return value;
}
