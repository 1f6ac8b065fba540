/**
 * posts: two rows per post. The post itself, and its draft row (the id the
 * buckets area gives every post, see buckets/draft-rows.ts): draft_of = the
 * post's id, status draft, same blog. SPEC.md's "join through
 * posts.draft_of" needs such rows; metrics may be recorded against either id.
 */
import type { PostRow } from '../engine/mirror-types.js';
import type { PostRecord } from '../../posts/record.js';
import type { State } from '../../state.js';
import { iso, isoOrNull } from '../../iso-time.js';
import type { MirrorArea } from './area.js';

export function postRows(post: PostRecord, draftRowId: string): [PostRow, PostRow] {
  const row: PostRow = {
    id: post.id,
    blog_id: post.publicationId,
    draft_of: null,
    title: post.title,
    subtitle: post.subtitle ?? null,
    slug: post.slug,
    status: post.status,
    categories: [...post.categories],
    send_newsletter: post.sendNewsletter,
    published_at: isoOrNull(post.publishedAt),
    scheduled_at: isoOrNull(post.scheduledAt),
    created_at: iso(post.createdAt),
    updated_at: iso(post.updatedAt),
  };
  // The draft row carries the post's current text; it has no slug, schedule or publication of its own.
  const draft: PostRow = { ...row, id: draftRowId, draft_of: post.id, slug: null, status: 'draft', categories: [...post.categories], published_at: null, scheduled_at: null };
  return [row, draft];
}

/** The ids of a post's rows: its own and its draft row's (what other areas' rows may name). */
export function postRowIds(state: Pick<State, 'buckets'>, postId: string): [string, string] {
  return [postId, state.buckets.draftRows.draftRowIdOf(postId)];
}

export function postsMirror(state: Pick<State, 'events' | 'posts' | 'buckets'>): MirrorArea {
  const rowsOf = (post: PostRecord) => postRows(post, state.buckets.draftRows.draftRowIdOf(post.id));
  return {
    snapshot: () => ({ posts: state.posts.all().flatMap(rowsOf) }),
    listen(emit) {
      state.events.on('post.changed', ({ postId }) => {
        const post = state.posts.get(postId);
        if (post) emit(rowsOf(post).map((row) => ({ op: 'upsert', table: 'posts', row })));
      });
      state.events.on('post.deleted', ({ postId }) => {
        emit(postRowIds(state, postId).map((id) => ({ op: 'delete', table: 'posts', key: { id } })));
      });
    },
  };
}
