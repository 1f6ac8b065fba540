/** Equivalent mutants of reference/src/search/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';
import { NONE_IS_OPTIONAL_ON_V1 } from './reasons.js';

const NO_WORD_SCORES_NOTHING =
  'without a word every item scores 0 (matchScore adds nothing, and coin search finds by address only for one word) and items scoring 0 are dropped: the early answer only saves the work';

const SAME_WEIGHT_AGAIN = 'a field of the same weight as the best so far sets the best to that same weight; weights are positive, so a first match sets it either way';

const PAST_THE_TIES = 'one step past the last tie-breaker compares undefined with undefined, which are equal, and the loop ends with 0 as before';

const TIES_OF_ONE_TYPE =
  'each tie-breaker position holds one type for every item (views, publishedAt and subscriber counts are numbers, ids strings), so asking whether one or both are numbers, or only the other, decides the same';

const TIES_DIFFER = 'the comparison is reached only when the two ids differ (x !== y): less-or-equal then means less';

const AUTHORS_EXIST =
  "the user is a post's first author or a publication's owner, who always exists: a post has at least one author, each the owner or a team member when set, and users are never deleted";

const PUBLISHED_HAS_TIME = 'search finds published posts only, and publishing sets publishedAt when it has none: it is never null here';

const ADDRESSES_START_0X =
  "every contract address starts with 0x (the fixtures mint every coin, the API never mints): a word of four or more characters that starts an address starts with 0x, with or without the check";

export const search: readonly EquivalentMutant[] = [
  {
    file: 'reference/src/search/routes.ts', code: "auth: 'none',", original: "'none'", mutator: 'StringLiteral',
    replacement: '""', why: NONE_IS_OPTIONAL_ON_V1,
  },
  {
    file: 'reference/src/search/search.ts', code: 'if (words.length === 0) return 0;', original: 'words.length === 0', mutator: 'ConditionalExpression',
    replacement: 'false', why: NO_WORD_SCORES_NOTHING,
  },
  {
    file: 'reference/src/search/search.ts', code: 'for (const [text, weight] of lowered) if (weight > best && text.includes(word)) best = weight;', original: 'weight > best', mutator: 'EqualityOperator',
    replacement: 'weight >= best', why: SAME_WEIGHT_AGAIN,
  },
  {
    file: 'reference/src/search/search.ts', code: 'for (let i = 0; i < a.ties.length; i++) {', original: 'i < a.ties.length', mutator: 'EqualityOperator',
    replacement: 'i <= a.ties.length', why: PAST_THE_TIES,
  },
  {
    file: 'reference/src/search/search.ts', code: "if (x !== y) return typeof x === 'number' && typeof y === 'number' ? y - x : x < y ? -1 : 1;", original: "typeof x === 'number' && typeof y === 'number'", mutator: 'LogicalOperator',
    replacement: "typeof x === 'number' || typeof y === 'number'", why: TIES_OF_ONE_TYPE,
  },
  {
    file: 'reference/src/search/search.ts', code: "if (x !== y) return typeof x === 'number' && typeof y === 'number' ? y - x : x < y ? -1 : 1;", original: "typeof x === 'number'", mutator: 'ConditionalExpression',
    replacement: 'true', why: TIES_OF_ONE_TYPE,
  },
  {
    file: 'reference/src/search/search.ts', code: "if (x !== y) return typeof x === 'number' && typeof y === 'number' ? y - x : x < y ? -1 : 1;", original: "typeof y === 'number'", mutator: 'ConditionalExpression',
    replacement: 'true', why: TIES_OF_ONE_TYPE,
  },
  {
    file: 'reference/src/search/search.ts', code: "if (x !== y) return typeof x === 'number' && typeof y === 'number' ? y - x : x < y ? -1 : 1;", original: 'x < y', mutator: 'EqualityOperator',
    replacement: 'x <= y', why: TIES_DIFFER,
  },
  {
    file: 'reference/src/search/search.ts', code: 'name: user?.name ?? null,', original: 'user?.name', mutator: 'OptionalChaining',
    replacement: 'user.name', why: AUTHORS_EXIST,
  },
  {
    file: 'reference/src/search/search.ts', code: 'bio: user?.bio ?? null,', original: 'user?.bio', mutator: 'OptionalChaining',
    replacement: 'user.bio', why: AUTHORS_EXIST,
  },
  {
    file: 'reference/src/search/search.ts', code: 'avatarUrl: user?.avatarUrl ?? null,', original: 'user?.avatarUrl', mutator: 'OptionalChaining',
    replacement: 'user.avatarUrl', why: AUTHORS_EXIST,
  },
  {
    file: 'reference/src/search/search.ts', code: 'walletAddress: user?.walletAddress ?? null,', original: 'user?.walletAddress', mutator: 'OptionalChaining',
    replacement: 'user.walletAddress', why: AUTHORS_EXIST,
  },
  {
    file: 'reference/src/search/search.ts', code: 'if (words.length === 0) return [];', original: 'words.length === 0', mutator: 'ConditionalExpression',
    replacement: 'false', why: NO_WORD_SCORES_NOTHING,
  },
  {
    file: 'reference/src/search/search.ts', code: 'publishedAt: post.publishedAt === null ? null : String(post.publishedAt),', original: 'post.publishedAt === null', mutator: 'ConditionalExpression',
    replacement: 'false', why: PUBLISHED_HAS_TIME,
  },
  {
    file: 'reference/src/search/search.ts', code: "const byAddress = words.length === 1 && words[0].startsWith('0x') && words[0].length >= 4 && address.startsWith(words[0]);", original: "'0x'", mutator: 'StringLiteral',
    replacement: '""', why: ADDRESSES_START_0X,
  },
];
