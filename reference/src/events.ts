/**
 * Cross-area effects without cross-area imports: a store announces what
 * happened (a post published, a subscriber added) and other areas react
 * (newsletters, owner notifications, the analytics mirror).
 *
 * Areas add their events by augmenting EventMap:
 *   declare module '../events.js' { interface EventMap { 'x.happened': {...} } }
 */
export interface EventMap {
  'post.published': { publicationId: string; postId: string; sendNewsletter: boolean; at: number };
  'post.changed': { publicationId: string; postId: string; at: number };
  'post.deleted': { publicationId: string; postId: string; at: number };
  'publication.changed': { publicationId: string; at: number };
}

type Listener<K extends keyof EventMap> = (event: EventMap[K]) => void;

export class Events {
  private listeners = new Map<keyof EventMap, Listener<never>[]>();

  on<K extends keyof EventMap>(type: K, listener: Listener<K>): void {
    const list = this.listeners.get(type) ?? [];
    list.push(listener as Listener<never>);
    this.listeners.set(type, list);
  }

  /** Listeners run synchronously, so a response reflects every effect of the request. */
  emit<K extends keyof EventMap>(type: K, event: EventMap[K]): void {
    for (const listener of this.listeners.get(type) ?? []) (listener as Listener<K>)(event);
  }
}
