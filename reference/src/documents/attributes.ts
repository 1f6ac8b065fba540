/**
 * Value rules for the attributes of our node and mark types. ProseMirror
 * stores attribute values without looking at them, and renderHTML turns some
 * of them into tag names or markup (heading level -> `h${level}`), so every
 * attribute a client can set is checked here before a document is accepted.
 *
 * Each rule returns a problem description, or null when the value is fine.
 */
import { BUTTON_KINDS, LIMITS } from './types.js';
import { imageUrlProblem, linkUrlProblem } from './urls.js';

type Rule = (value: unknown) => string | null;

/** Longest alt text or title accepted on images and links. */
export const MAX_TEXT_ATTRIBUTE = 1000;

const optionalString =
  (max: number): Rule =>
  (value) =>
    value == null || (typeof value === 'string' && value.length <= max)
      ? null
      : `must be a string of at most ${max} characters, or null`;

const integerIn =
  (min: number, max: number): Rule =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max
      ? null
      : `must be an integer from ${min} to ${max}`;

const oneOf =
  (...allowed: Array<string | null>): Rule =>
  (value) =>
    allowed.includes(value as string | null) ? null : `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`;

const optional =
  (rule: Rule): Rule =>
  (value) =>
    value == null ? null : rule(value);

const dimension: Rule = (value) =>
  value == null ||
  (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100_000) ||
  (typeof value === 'string' && /^\d{1,6}(?:\.\d{1,4})?(?:px|%)?$/.test(value))
    ? null
    : 'must be a non-negative number (or a string like "640" or "50%"), or null';

const requiredLabel: Rule = (value) =>
  typeof value === 'string' && value.trim() !== '' && value.length <= LIMITS.maxButtonLabelChars
    ? null
    : `must be a non-empty string of at most ${LIMITS.maxButtonLabelChars} characters`;

// Code-block languages become a CSS class and a markdown info string, so they
// stay within the characters language names actually use (c++, c#, objective-c).
export const isLanguageName = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w+#.-]{0,64}$/.test(value);

const language: Rule = (value) =>
  value == null || isLanguageName(value)
    ? null
    : 'must be a language name (letters, digits, "+", "#", ".", "-", "_"; at most 64), or null';

export const NODE_ATTRIBUTE_RULES: Record<string, Record<string, Rule>> = {
  heading: { level: integerIn(1, 6) },
  codeBlock: { language },
  orderedList: { start: integerIn(0, 999_999_999), type: oneOf(null, '1', 'a', 'A', 'i', 'I') },
  image: {
    src: imageUrlProblem,
    alt: optionalString(MAX_TEXT_ATTRIBUTE),
    title: optionalString(MAX_TEXT_ATTRIBUTE),
    width: dimension,
    height: dimension,
    href: optional(linkUrlProblem),
  },
  button: {
    kind: oneOf(...BUTTON_KINDS),
    label: requiredLabel,
    href: optional(linkUrlProblem),
  },
};

export const MARK_ATTRIBUTE_RULES: Record<string, Record<string, Rule>> = {
  link: {
    href: linkUrlProblem,
    target: oneOf(null, '_blank', '_self', '_parent', '_top'),
    rel: optionalString(200),
    class: optionalString(200),
    title: optionalString(MAX_TEXT_ATTRIBUTE),
  },
};

/**
 * Checks that go across attributes of one node. Returns a problem or null.
 * A custom button has no platform-defined destination, so it needs its own.
 */
export function crossAttributeProblem(type: string, attrs: Record<string, unknown>): string | null {
  if (type === 'button' && (attrs.kind ?? 'custom') === 'custom' && attrs.href == null) {
    return 'a button of kind "custom" needs attrs.href';
  }
  return null;
}
