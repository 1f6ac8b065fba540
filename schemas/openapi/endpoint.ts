/**
 * An endpoint of the contract, described once for the OpenAPI document.
 * Request and response bodies are zod schemas from the area files; named
 * schemas (`.meta({ id })`) become components and are referenced.
 */
import type { z } from 'zod';

export type Auth = 'required' | 'optional' | 'none';

export interface EndpointResponse {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
}

export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI style: /v1/posts/{postId} */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyContentType?: string;
  /** Status code -> response. Common errors (400/401/404/...) are added from `errors`. */
  responses: Record<number, EndpointResponse>;
  /** Error statuses this endpoint can answer, each with the error body. */
  errors?: number[];
  /** SPEC.md, beyond SPEC.md (extended), or the test-control API. */
  profile?: 'core' | 'extended' | 'control';
}

export const json = (description: string, schema?: z.ZodType): EndpointResponse => ({ description, schema });
