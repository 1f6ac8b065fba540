/**
 * The fixture history for a state: the fixture posts that still exist and
 * the fixture subscribers (with the ids they have in this state, if they are
 * still there), handed to fixtures/analytics-history.ts. Posts and
 * subscribers added through the API (or by the scale data set) have no
 * history.
 */
import { buildAnalyticsHistory, linksOf } from '../../../../fixtures/analytics-history.js';
import type { AnalyticsHistory, HistoryPost, HistorySubscriber } from '../../../../fixtures/analytics-history/types.js';
import { postUrl } from '../../emails/newsletter.js';
import type { State } from '../../state.js';
import { emailKey } from '../../subscribers/address.js';

export function stateHistory(state: Pick<State, 'seed' | 'baseUrl' | 'fixtures' | 'posts' | 'buckets' | 'subscribers'>): AnalyticsHistory {
  const { fixtures } = state;
  const posts: HistoryPost[] = [];
  const publications = new Map(fixtures.publications.map((p) => [p.id, p]));
  for (const fixture of fixtures.posts) {
    const post = state.posts.get(fixture.id);
    const publication = publications.get(fixture.publicationId);
    if (!post || !publication) continue;
    posts.push({
      id: post.id,
      draftRowId: state.buckets.draftRows.draftRowIdOf(post.id),
      publicationId: post.publicationId,
      publishedAt: fixture.publishedAt,
      links: linksOf(fixture.markdown),
      // The links as they were when the emails went out: the fixtures' slugs, not today's.
      url: postUrl(state, publication, { ...post, slug: fixture.slug }),
    });
  }

  // The past as the fixtures describe it: their subscribers (removed ones too,
  // with no id) and their suppression times; later changes are the mirror's.
  const suppressed = new Map(fixtures.suppressions.map((s) => [`${s.publicationId}|${emailKey(s.email)}`, s.suppressedAt]));
  const subscribers: HistorySubscriber[] = fixtures.subscribers.map((fixture, key) => {
    const record =
      (fixture.email !== null ? state.subscribers.findByEmail(fixture.publicationId, fixture.email) : undefined) ??
      (fixture.wallet !== null ? state.subscribers.findByWallet(fixture.publicationId, fixture.wallet) : undefined);
    return {
      key,
      id: record?.source === 'fixture' ? record.id : null,
      publicationId: fixture.publicationId,
      hasEmail: fixture.email !== null,
      createdAt: fixture.createdAt,
      unsubscribedAt: fixture.email !== null ? (suppressed.get(`${fixture.publicationId}|${emailKey(fixture.email)}`) ?? null) : null,
    };
  });
  return buildAnalyticsHistory({ seed: state.seed, now: fixtures.now, posts, subscribers });
}
