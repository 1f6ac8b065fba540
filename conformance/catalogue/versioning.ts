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
  {
    section: 'Endpoints',
    source: 'SILENT.md ours',
    rules: [
      [
        'versioning.headers.nosniff',
        'Every answer of a route (JSON, an error, a 405, a page) carries X-Content-Type-Options: nosniff: a browser never reads it as another type than the one it declares.',
      ],
    ],
  },
]);
