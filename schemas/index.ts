/**
 * The contract as a module (the package's 'publishing-api-reference/schemas'):
 * the zod schema of every request and response body, query and path
 * parameter, and their TypeScript types (the `...T` types, or
 * `z.infer<typeof Schema>`). The same contract as OpenAPI is
 * 'publishing-api-reference/openapi.json'.
 */
export * from './common.js';
export * from './posts.js';
export * from './publications.js';
export * from './subscribers.js';
export * from './users.js';
export * from './emails.js';
export * from './outbox.js';
export * from './content.js';
export * from './buckets.js';
export * from './analytics.js';
export * from './auth-sessions.js';
export * from './control.js';
