/**
 * An endpoint of the contract, described once for the OpenAPI document.
 * Request and response bodies are zod schemas from the area files; named
 * schemas (`.meta({ id })`) become components and are referenced.
 */
import type { z } from 'zod';

export type Auth = 'required' | 'optional' | 'none';

/** A JSON Schema written by hand, for what zod does not describe (multipart files, HTML forms). */
export type JsonSchema = Record<string, unknown>;

export interface ResponseHeader {
  description: string;
  /** Defaults to a string. */
  schema?: JsonSchema;
}

export interface EndpointResponse {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json when there is a schema; a content type alone (text/html) means "no JSON schema". */
  contentType?: string;
  /** Headers the client may rely on (Location of a redirect, Cache-Control of a secret). */
  headers?: Record<string, ResponseHeader>;
}

/**
 * Error statuses an endpoint can answer, each with the error body: a list of
 * statuses (the generic wording), or status -> when it happens.
 */
export type EndpointErrors = number[] | Partial<Record<number, string>>;

export type Profile = 'core' | 'extended' | 'control' | 'reference';

export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI style: /v1/posts/{postId} */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  query?: z.ZodObject;
  /** A JSON body (zod); required unless `{}` passes it, since an empty body reads as `{}`. */
  body?: z.ZodType;
  /** A body zod cannot describe (multipart, forms), as a JSON Schema. */
  bodySchema?: JsonSchema;
  /** Defaults to application/json. */
  bodyContentType?: string;
  /** Per-property encoding of a multipart body (the file part's content types). */
  bodyEncoding?: Record<string, { contentType: string }>;
  /** Overrides whether the request body is required. */
  bodyRequired?: boolean;
  /** Status code -> response. Error responses listed here replace the generic error body (HTML pages). */
  responses: Record<number, EndpointResponse>;
  /**
   * Error statuses beyond those the builder adds itself (401 when a key is
   * read, 400/413/415 for a JSON body, 400 for a query or path parameters, 500).
   */
  errors?: EndpointErrors;
  /**
   * core: SPEC.md, and SILENT.md's public paths; extended: SILENT.md's
   * endpoints beyond SPEC.md; control: the test-control API; reference: the
   * reference's own pages that its answers link to (approval page,
   * unsubscribe page, re-hosted media).
   */
  profile?: Profile;
}

export const json = (description: string, schema?: z.ZodType, headers?: Record<string, ResponseHeader>): EndpointResponse => ({
  description,
  schema,
  ...(headers ? { headers } : {}),
});

/** An HTML page: a content type and no JSON schema. */
export const html = (description: string, headers?: Record<string, ResponseHeader>): EndpointResponse => ({
  description,
  contentType: 'text/html',
  ...(headers ? { headers } : {}),
});

/** Answers that carry a secret or a one-time state are never cached. */
export const NO_STORE: Record<string, ResponseHeader> = {
  'Cache-Control': { description: 'no-store', schema: { type: 'string', const: 'no-store' } },
};
