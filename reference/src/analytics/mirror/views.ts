/**
 * detailed_post_metrics and post_views_daily: web views, which the reference
 * does not model as API state, so they come only from the fixture history
 * (fixtures/analytics-history.ts). A deleted post takes its rows along; a
 * removed subscriber's readings stay (they are views of the post) but lose
 * the link to the subscriber: reader ids are opaque.
 */
import type { AnalyticsHistory } from '../../../../fixtures/analytics-history/types.js';
import type { State } from '../../state.js';
import type { MirrorArea } from './area.js';
import { postRowIds } from './posts.js';
import { RowSet } from './row-set.js';

export function viewsMirror(state: Pick<State, 'events' | 'buckets'>, history: AnalyticsHistory): MirrorArea {
  const readers = new RowSet('detailed_post_metrics', ['post_id', 'subscriber_id']);
  const daily = new RowSet('post_views_daily', ['post_id']);
  for (const row of history.detailed_post_metrics) readers.put({ ...row });
  for (const row of history.post_views_daily) daily.put({ ...row });

  return {
    snapshot: () => ({ detailed_post_metrics: readers.all(), post_views_daily: daily.all() }),
    listen(emit) {
      state.events.on('post.deleted', ({ postId }) => {
        const ids = postRowIds(state, postId);
        emit([...readers.deleteWhere('post_id', ids), ...daily.deleteWhere('post_id', ids)]);
      });
      state.events.on('subscriber.removed', ({ subscriberId }) => {
        emit(readers.where('subscriber_id', subscriberId).map((row) => readers.put({ ...row, subscriber_id: null })));
      });
    },
  };
}
