/** Equivalent mutants of reference/src/coins/ (mutation/equivalent.ts says how they are named). */
import type { EquivalentMutant } from './types.js';
import { NONE_IS_OPTIONAL_ON_V1 } from './reasons.js';

const NO_EQUAL_BALANCES =
  "the tie-break between holders of one balance is never reached: no coin of the fixtures has two holders with the same balance (drawn from 2.5e11 values) and the API never changes a balance";

const MINTED_IN_POPULAR_ORDER =
  'the fixtures mint four coins, already in the order popular answers (30, 12, 8 and 0 holders, for every seed), and the API never mints: left in that order, by any comparator that keeps it or without the cut at 20, the list reads the same';

const NO_EQUAL_HOLDER_COUNTS = "the tie-breaks of the popular order are never reached: the fixtures' coins have 30, 12, 8 and 0 holders, for every seed";

export const coins: readonly EquivalentMutant[] = [
  { file: 'reference/src/coins/routes.ts', code: "{ method: 'GET', path: `/v1/coins/${prefix}:id${suffix}`, auth: 'none', handler: (ctx) => ({ json: answer(ctx, byId(ctx)) }) },", original: "'none'", mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/coins/routes.ts', code: "auth: 'none',", original: "'none'", mutator: 'StringLiteral', replacement: '""', why: NONE_IS_OPTIONAL_ON_V1 },
  { file: 'reference/src/coins/store.ts', code: "key: (h) => [h.balance.padStart(80, '0'), h.walletAddress.toLowerCase()],", original: 'h.walletAddress.toLowerCase()', mutator: 'MethodExpression', replacement: 'h.walletAddress.toUpperCase()', why: NO_EQUAL_BALANCES },
  { file: 'reference/src/coins/store.ts', code: 'descending: [true, false],', original: 'false', mutator: 'BooleanLiteral', replacement: 'true', why: NO_EQUAL_BALANCES },
  { file: 'reference/src/coins/store.ts', code: 'return this.all()', original: 'this.all() … .slice(0, limit) #65db8eaf', mutator: 'MethodExpression', replacement: 'this.all().sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', why: MINTED_IN_POPULAR_ORDER },
  { file: 'reference/src/coins/store.ts', code: 'return this.all()', original: 'this.all() … .sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1)) #0b171c12', mutator: 'MethodExpression', replacement: 'this.all()', why: MINTED_IN_POPULAR_ORDER },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: '(a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1)', mutator: 'ArrowFunction', replacement: '() => undefined', why: MINTED_IN_POPULAR_ORDER },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1)', mutator: 'ConditionalExpression', replacement: 'true', why: MINTED_IN_POPULAR_ORDER },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1)', mutator: 'ConditionalExpression', replacement: 'false', why: MINTED_IN_POPULAR_ORDER },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'b.holders.length - a.holders.length', mutator: 'ArithmeticOperator', replacement: 'b.holders.length + a.holders.length', why: MINTED_IN_POPULAR_ORDER },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'b.createdAt - a.createdAt', mutator: 'ArithmeticOperator', replacement: 'b.createdAt + a.createdAt', why: NO_EQUAL_HOLDER_COUNTS },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'a.id < b.id', mutator: 'ConditionalExpression', replacement: 'true', why: NO_EQUAL_HOLDER_COUNTS },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'a.id < b.id', mutator: 'ConditionalExpression', replacement: 'false', why: NO_EQUAL_HOLDER_COUNTS },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'a.id < b.id', mutator: 'EqualityOperator', replacement: 'a.id <= b.id', why: NO_EQUAL_HOLDER_COUNTS },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: 'a.id < b.id', mutator: 'EqualityOperator', replacement: 'a.id >= b.id', why: NO_EQUAL_HOLDER_COUNTS },
  { file: 'reference/src/coins/store.ts', code: '.sort((a, b) => b.holders.length - a.holders.length || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))', original: '-1', mutator: 'UnaryOperator', replacement: '+1', why: NO_EQUAL_HOLDER_COUNTS },
  {
    file: 'reference/src/coins/store.ts', code: 'return this.sortedHolders.get(coin.id) ?? [];', original: '[]', mutator: 'ArrayDeclaration', replacement: '["Stryker was here"]',
    why: "unreachable: every coin's holders are sorted into the map when the store is made, so the fallback is never read",
  },
];
