/**
 * What the content area announces: any change of a piece (bucket views and
 * other areas may react), and archiving (suggestions proposing the piece are
 * dismissed).
 */
export {};

declare module '../events.js' {
  interface EventMap {
    'content.changed': { publicationId: string; contentId: string; bucketId: string | null; at: number };
    'content.archived': { publicationId: string; contentId: string; at: number };
  }
}
