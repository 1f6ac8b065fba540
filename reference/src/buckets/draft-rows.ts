/**
 * Draft rows. SPEC.md's analytics section implies that a published post being
 * edited has a draft row linked to it (posts.draft_of), with an id of its own;
 * a client may hold either id. Every post has such a row here, with a stable
 * id derived from the post's id and the seed: no random draw is spent, so
 * looking one up never changes other ids. /_control/posts/{postId}/draft-row
 * shows it.
 */
import { createHmac } from 'node:crypto';
import type { PostRecord } from '../posts/record.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface PostLookup {
  get(id: string): PostRecord | undefined;
  all(): PostRecord[];
}

export class PostDraftRows {
  private postOfDraft = new Map<string, string>();
  private seen = new Set<string>();

  constructor(
    private readonly secret: string,
    private readonly posts: PostLookup,
  ) {}

  /** The draft row's id: 20 alphanumerics like a post id. */
  draftRowIdOf(postId: string): string {
    const digest = createHmac('sha256', this.secret).update(postId).digest();
    let id = '';
    for (let i = 0; i < 20; i++) id += ALPHANUMERIC[digest[i] % ALPHANUMERIC.length];
    return id;
  }

  /** The post an id names: its own id or its draft row's id. */
  resolve(id: string): PostRecord | undefined {
    const direct = this.posts.get(id);
    if (direct) return direct;
    let postId = this.postOfDraft.get(id);
    if (postId === undefined) {
      // Posts are created elsewhere: learn the draft ids of those not seen yet.
      for (const post of this.posts.all()) {
        if (this.seen.has(post.id)) continue;
        this.seen.add(post.id);
        this.postOfDraft.set(this.draftRowIdOf(post.id), post.id);
      }
      postId = this.postOfDraft.get(id);
    }
    return postId === undefined ? undefined : this.posts.get(postId);
  }
}
