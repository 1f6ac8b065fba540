/** Versioning and the conventions every endpoint shares. */
import { defineRules } from './types.js';

export const versioningRules = defineRules([
  {
    section: 'Versioning',
    rules: [['versioning.prefix.v1', 'All paths carry the version prefix /v1.']],
  },
  {
    section: 'Endpoints',
    rules: [['versioning.bodies.json', 'All bodies are JSON: responses carry a JSON content type and parse as JSON.']],
  },
]);
