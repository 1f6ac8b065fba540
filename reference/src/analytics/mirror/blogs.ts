/** blogs: one row per publication, from the publication store. */
import type { BlogRow } from '../engine/mirror-types.js';
import type { PublicationRecord } from '../../publications/store.js';
import type { State } from '../../state.js';
import { iso } from '../../iso-time.js';
import type { MirrorArea } from './area.js';

export function blogRow(publication: PublicationRecord): BlogRow {
  return { id: publication.id, name: publication.name, slug: publication.slug, created_at: iso(publication.createdAt) };
}

export function blogsMirror(state: Pick<State, 'events' | 'publications'>): MirrorArea {
  return {
    snapshot: () => ({ blogs: state.publications.all().map(blogRow) }),
    listen(emit) {
      state.events.on('publication.changed', ({ publicationId }) => {
        const publication = state.publications.get(publicationId);
        if (publication) emit([{ op: 'upsert', table: 'blogs', row: blogRow(publication) }]);
      });
    },
  };
}
