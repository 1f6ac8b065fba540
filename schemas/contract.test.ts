import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi/build.js';
import { staleFiles } from './generate.js';

describe('the generated contract', () => {
  it('is up to date with the zod schemas (run npm run schemas)', () => {
    expect(staleFiles()).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(buildOpenApi() as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });
});
