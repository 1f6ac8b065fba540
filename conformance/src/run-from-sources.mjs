/**
 * The conformance CLI from its TypeScript sources (npm run conformance).
 * tsx transpiles every module it loads, the dependencies' JavaScript too
 * (reference/build.ts), so vitest's node API, hundreds of modules of plain
 * JavaScript, is loaded before tsx's hooks are registered. vitest's worker
 * runs without the hooks as well: vitest transforms the suites itself.
 */
await import('vitest/node');
const { register } = await import('tsx/esm/api');
register();
await import('./cli.ts');
