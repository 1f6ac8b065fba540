/** API keys: how they are sent and what they give access to. */
import { defineRules } from './types.js';

export const authRules = defineRules([
  {
    section: 'Authentication',
    rules: [
      ['auth.bearer.accepted', 'A protected endpoint accepts the API key as Authorization: Bearer <API_KEY>.'],
      ['auth.missing-key.401', 'A protected endpoint called without an API key answers 401.'],
      ['auth.invalid-key.401', 'A protected endpoint called with an invalid API key answers 401.'],
      ['auth.wrong-scheme.401', 'A valid API key sent under another scheme than Bearer is not accepted (401).'],
      ['auth.key.identifies-publication', "The API key identifies the publication: 'your publication' operations act on the key's publication."],
      ['auth.forbidden.403', 'A key without access to the addressed publication answers 403.'],
      ['auth.isolation.read', "A key never reads another publication's drafts, content, subscribers or analytics."],
      ['auth.isolation.write', "A key never changes another publication's posts, content or settings."],
    ],
  },
  {
    section: 'SILENT.md › Status codes not shown',
    source: 'SILENT.md ours',
    rules: [
      [
        'auth.isolation.hidden-404',
        "Another publication's post that is not published answers 404 to reads, updates and deletes with this key (never 403: its existence is not revealed).",
      ],
      ['auth.bearer.http-syntax', 'The Bearer scheme is read as HTTP writes credentials: in any letter case, with one or more spaces before the key.'],
      ['auth.invalid-key.401-on-public', 'An endpoint that needs no API key answers 401 when an invalid one is sent: a wrong key is never silently ignored.'],
    ],
  },
]);
