/**
 * What the content area announces: archiving (the suggestions proposing the
 * piece are dismissed).
 */
export {};

declare module '../events.js' {
  interface EventMap {
    'content.archived': { publicationId: string; contentId: string; at: number };
  }
}
