import { TABLE_NAMES } from './schema/tables.js';
import { VIEW_NAMES } from './schema/views.js';

/** What a query may read: the analytics tables and views. */
export const ANALYTICS_RELATIONS: ReadonlySet<string> = new Set<string>([...TABLE_NAMES, ...VIEW_NAMES]);
