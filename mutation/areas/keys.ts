/** API keys. */
import { stateFileTests, type Area } from './area.js';

export const keysAreas: readonly Area[] = [
  {
    name: 'keys',
    mutate: ['reference/src/keys/**/*.ts'],
    // /_control/publications lists each publication's active keys (the suite finds publication B's key there).
    filter: ['auth.', 'errors.401', 'errors.403', 'auth-sessions.key', 'auth-sessions.control.api-keys', 'control.publications'],
    unitTests: stateFileTests('key'),
  },
];
