/** Equivalent mutants of reference/src/http/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';

const PLAIN_TARGET_SHORTCUT =
  'the plain-target shortcut only saves building a URL: a target it no longer takes goes to the WHATWG URL parser, which answers the same path and query for it (url.test.ts checks the two agree on every target)';
const REQUIRED_HAS_A_CALLER =
  "authenticate() answers 401 before the handler of an 'required' route when no valid key was sent, so requireCaller always finds a caller: its check never fires";

const PLAIN_TARGET_CODE = "const PLAIN_TARGET = /^(?!\\/\\/)(\\/[A-Za-z0-9_~!$&'()*+,;=:@-]*)+(\\?[\\x21-\\x22\\x24-\\x7e]*)?$/;";
const PLAIN_TARGET_ORIGINAL = "/^(?!\\/\\/)(\\/[A-Za-z0-9_~!$&'()*+,;=:@-]*)+(\\?[\\x21-\\x22\\x24-\\x7e]*)?$/";
const narrowerPlainTarget = (replacement: string): EquivalentMutant => ({
  file: 'reference/src/http/url.ts', code: PLAIN_TARGET_CODE, original: PLAIN_TARGET_ORIGINAL, mutator: 'Regex', replacement,
  why: `the pattern then takes fewer targets: ${PLAIN_TARGET_SHORTCUT}`,
});

export const http: readonly EquivalentMutant[] = [
  narrowerPlainTarget("/^(?!\\/\\/)(\\/[A-Za-z0-9_~!$&'()*+,;=:@-]*)(\\?[\\x21-\\x22\\x24-\\x7e]*)?$/"),
  narrowerPlainTarget("/^(?!\\/\\/)(\\/[A-Za-z0-9_~!$&'()*+,;=:@-])+(\\?[\\x21-\\x22\\x24-\\x7e]*)?$/"),
  narrowerPlainTarget("/^(?!\\/\\/)(\\/[A-Za-z0-9_~!$&'()*+,;=:@-]*)+(\\?[\\x21-\\x22\\x24-\\x7e]*)$/"),
  narrowerPlainTarget("/^(?!\\/\\/)(\\/[A-Za-z0-9_~!$&'()*+,;=:@-]*)+(\\?[\\x21-\\x22\\x24-\\x7e])?$/"),
  { file: 'reference/src/http/url.ts', code: 'if (PLAIN_TARGET.test(raw)) {', original: 'PLAIN_TARGET.test(raw)', mutator: 'ConditionalExpression', replacement: 'false', why: `every target then: ${PLAIN_TARGET_SHORTCUT}` },
  { file: 'reference/src/http/url.ts', code: 'if (PLAIN_TARGET.test(raw)) {', original: '{ … } #25ad25a5', mutator: 'BlockStatement', replacement: '{}', why: `a plain target then falls through: ${PLAIN_TARGET_SHORTCUT}` },
  {
    file: 'reference/src/http/url.ts', code: 'return q < 0', original: 'q < 0', mutator: 'EqualityOperator', replacement: 'q <= 0',
    why: 'a plain target starts with "/", so its "?" is never at 0: the two differ for no target that reaches this line',
  },
  {
    file: 'reference/src/http/auth.ts', code: 'const match = /^Bearer\\s+(\\S+)\\s*$/i.exec(header);', original: '/^Bearer\\s+(\\S+)\\s*$/i', mutator: 'Regex', replacement: '/^Bearer\\s+(\\S+)\\S*$/i',
    why: "the greedy \\S+ before it leaves no non-space to match, and node's HTTP parser strips the white space that ends a header's value: both patterns end the key at the header's end",
  },
  { file: 'reference/src/http/types.ts', code: "if (!ctx.caller) throw new Error('route declared auth \"required\" but has no caller');", original: '!ctx.caller', mutator: 'ConditionalExpression', replacement: 'false', why: REQUIRED_HAS_A_CALLER },
  {
    file: 'reference/src/http/types.ts', code: "if (!ctx.caller) throw new Error('route declared auth \"required\" but has no caller');", original: "'route declared auth \"required\" but has no caller'", mutator: 'StringLiteral', replacement: '""',
    why: REQUIRED_HAS_A_CALLER,
  },
];
