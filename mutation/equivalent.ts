/**
 * Surviving mutants that no request can tell from the original, each with
 * the reason, kept one file per folder of reference/src in equivalent/ (and
 * one more for a folder's largest file, where one file would be too long).
 * They stay in the results as survivors, are not re-tested, and
 * count apart in the score (mutation/results.ts). A mutant is named by its
 * file, the line it starts on (without indentation), the text it replaces
 * (mutantOriginal: a long one by its ends and a hash), its mutator and its
 * replacement, as `npm run mutation` prints each survivor: not by line
 * number, so an entry holds while lines above it come and go. When that line
 * or the replaced text changes, the entry matches no more and the mutant is
 * tested again. One entry covers every identical mutant of its file (the
 * same line written three times).
 */

export type { EquivalentMutant, MutantName } from './equivalent/types.js';
import type { EquivalentMutant } from './equivalent/types.js';
import { analytics } from './equivalent/analytics.js';
import { authSessions } from './equivalent/auth-sessions.js';
import { buckets } from './equivalent/buckets.js';
import { coins } from './equivalent/coins.js';
import { content } from './equivalent/content.js';
import { control } from './equivalent/control.js';
import { documents } from './equivalent/documents.js';
import { documentsMarkdown } from './equivalent/documents-markdown.js';
import { emails } from './equivalent/emails.js';
import { faults } from './equivalent/faults.js';
import { http } from './equivalent/http.js';
import { httpValidate } from './equivalent/http-validate.js';
import { inProcess } from './equivalent/in-process.js';
import { inspector } from './equivalent/inspector.js';
import { journal } from './equivalent/journal.js';
import { persistence } from './equivalent/persistence.js';
import { posts } from './equivalent/posts.js';
import { postsStore } from './equivalent/posts-store.js';
import { publications } from './equivalent/publications.js';
import { rateLimit } from './equivalent/rate-limit.js';
import { search } from './equivalent/search.js';
import { shared } from './equivalent/shared.js';
import { site } from './equivalent/site.js';
import { subscribers } from './equivalent/subscribers.js';
import { unsubscribe } from './equivalent/unsubscribe.js';
import { users } from './equivalent/users.js';
import { workerPool } from './equivalent/worker-pool.js';

/** Every folder's, one file per folder of reference/src under mutation/equivalent/. */
export const EQUIVALENT_MUTANTS: readonly EquivalentMutant[] = [
  ...analytics,
  ...authSessions,
  ...buckets,
  ...coins,
  ...content,
  ...control,
  ...documents,
  ...documentsMarkdown,
  ...emails,
  ...faults,
  ...http,
  ...httpValidate,
  ...inProcess,
  ...inspector,
  ...journal,
  ...persistence,
  ...posts,
  ...postsStore,
  ...publications,
  ...rateLimit,
  ...search,
  ...shared,
  ...site,
  ...subscribers,
  ...unsubscribe,
  ...users,
  ...workerPool,
];
