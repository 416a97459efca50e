import { z } from 'zod';
import type { Role } from './roles';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** Who may call an endpoint: anyone, any signed-in user, or the listed roles (401/403 otherwise). */
export type Access = 'public' | 'signed-in' | readonly Role[];

/**
 * One endpoint of the public API: its path, who may call it, and the zod schemas of its request
 * and of its answer. The server parses requests and serialises answers through them, the web app
 * parses answers with them, and the OpenAPI document is generated from them.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType | null = z.ZodType | null,
> {
  method: HttpMethod;
  /** Express-style path, `/api/announcements/:id`. */
  path: string;
  summary: string;
  /** OpenAPI tag: the service that answers. */
  tag: string;
  access: Access;
  params?: Params;
  query?: Query;
  body?: Body;
  /** A body the handler reads itself as bytes (a file upload): the media types it takes. */
  rawBody?: { contentTypes: readonly string[]; maxBytes: number };
  /**
   * The success answer: its status and JSON body schema (`null`: no JSON body, e.g. 204, or
   * bytes of the listed `contentTypes`, which the handler sends itself).
   */
  response: {
    status: number;
    schema: Response;
    contentTypes?: readonly string[];
    /** Headers the success answer carries (documented in OpenAPI; `required`: always sent). */
    headers?: readonly ResponseHeader[];
  };
  /** Refusal statuses this endpoint answers besides those its access and schemas imply. */
  errors?: readonly number[];
  /**
   * Rules JSON Schema cannot say (one field against another, or against stored state): a request
   * that breaks one is refused with 400 naming `field`. The OpenAPI document lists them
   * (`x-refusal-rules`), so a reader, or a fuzzer, knows such a 400 is the contract.
   */
  rules?: readonly { field: string; rule: string }[];
  /** Other answers without a body (e.g. 304 Not Modified). */
  otherResponses?: readonly { status: number; description: string }[];
}

/** A header of a success answer: its name, what it says, its JSON Schema, whether it is always sent. */
export interface ResponseHeader {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  required: boolean;
}

export function endpoint<
  Params extends z.ZodType = z.ZodNever,
  Query extends z.ZodType = z.ZodNever,
  Body extends z.ZodType = z.ZodNever,
  Response extends z.ZodType | null = null,
>(definition: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return definition;
}

/** Every refusal answers `{ message, field? }` with an Azerbaijani message. */
export const errorResponseSchema = z.object({
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The path in OpenAPI's style: `/api/announcements/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The answer type of an endpoint, as the server sends it and the web app reads it. */
export type ResponseOf<E> =
  E extends Endpoint<any, any, any, infer R> ? (R extends z.ZodType ? z.output<R> : void) : never;
