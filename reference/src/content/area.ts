/**
 * The stores of the content area (pieces, groups, suggestions), made and
 * wired together in one place so that State needs one line for them.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Events } from '../events.js';
import type { Random } from '../random.js';
import { PostDraftRows, type PostLookup } from '../buckets/draft-rows.js';
import { BucketStore } from '../buckets/store.js';
import { ContentStore } from './store.js';
import { SuggestionStore } from './suggestions.js';

export interface ContentArea {
  readonly content: ContentStore;
  readonly buckets: BucketStore;
  readonly suggestions: SuggestionStore;
}

export function createContentArea(deps: { seed: number; clock: Clock; random: Random; events: Events; posts: PostLookup }): ContentArea {
  const now = () => deps.clock.now();
  const content = new ContentStore({ random: deps.random, now, events: deps.events, scheduler: deps.clock });
  const draftSecret = createHash('sha256').update(`draft-rows:${deps.seed}`).digest('hex');
  const buckets = new BucketStore(deps.random, now, new PostDraftRows(draftSecret, deps.posts));
  content.useBuckets(buckets);
  const suggestions = new SuggestionStore(deps.random, now, deps.events);
  return { content, buckets, suggestions };
}
