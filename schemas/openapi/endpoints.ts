/**
 * Every endpoint of the contract, by area.
 */
import type { Endpoint } from './endpoint.js';
import { publicationEndpoints } from './publications.js';
import { controlEndpoints } from './control.js';

export const ENDPOINTS: Endpoint[] = [...publicationEndpoints, ...controlEndpoints];
