/**
 * The register (docs/spec-gaps.md, Everywhere): a request URL longer than
 * 8192 characters answers 414. The limit itself is a URL any server takes:
 * a path of exactly 8192 characters is answered as any unknown slug is.
 */
import { expectError, rule } from '../../src/authoring/index.js';

const LIMIT = 8192;
const PREFIX = '/v1/publications/slug/cf-';

rule(
  ['errors.414.url-too-long', 'errors.shape.everywhere'],
  'a URL of 8193 characters answers 414 with the error body; one of 8192 is answered as an unknown slug (404)',
  async ({ api }) => {
    const path = (length: number) => PREFIX + 'x'.repeat(length - PREFIX.length);
    expectError(await api.anonymous.get(path(LIMIT)), 404);
    expectError(await api.anonymous.get(path(LIMIT + 1)), 414);
  },
);
