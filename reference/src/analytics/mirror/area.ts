/**
 * What every part of the mirror offers. Each area of the reference (blogs,
 * posts, subscribers, newsletters, views) turns its own records into rows of
 * its own tables and listens to its own events; index.ts puts them together.
 */
import type { MirrorChange, MirrorSnapshot } from '../engine/mirror-types.js';

/** Hands changes to the feed (buffered, applied in order; see ../feed.ts). */
export type Emit = (changes: MirrorChange[]) => void;

export interface MirrorArea {
  /** The area's tables as they are now. */
  snapshot(): MirrorSnapshot;
  /**
   * Starts feeding the area's changes; called once, right after snapshot()
   * and in the same synchronous step, so no change falls between the two.
   */
  listen(emit: Emit): void;
}
