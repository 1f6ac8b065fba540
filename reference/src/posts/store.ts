/**
 * Posts: records, lookups and (to come) the life cycle of SPEC.md.
 */
import type { PostRecord } from './record.js';

export class PostStore {
  private byId = new Map<string, PostRecord>();

  add(record: PostRecord): void {
    this.byId.set(record.id, record);
  }

  get(id: string): PostRecord | undefined {
    return this.byId.get(id);
  }

  isPostOf(publicationId: string, postId: string): boolean {
    return this.byId.get(postId)?.publicationId === publicationId;
  }

  all(): PostRecord[] {
    return [...this.byId.values()];
  }
}
