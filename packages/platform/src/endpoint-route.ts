import type { Express, Request, Response } from 'express';
import type { z } from 'zod';
import type { Endpoint } from '@tapinti/contracts/endpoint';
import { sendKept, type AnswerCache } from './answer-cache';
import { ForbiddenError, UnauthorizedError, ValidationError } from './errors';
import { type Caller } from './session';
import { parseInput } from './validation';

export interface EndpointInput<E extends Endpoint> {
  params: E extends Endpoint<infer P> ? z.output<P> : never;
  query: E extends Endpoint<z.ZodType, infer Q> ? z.output<Q> : never;
  body: E extends Endpoint<z.ZodType, z.ZodType, infer B> ? z.output<B> : never;
  /** The signed-in caller; null only on public endpoints. */
  caller: E['access'] extends 'public' ? Caller | null : Caller;
  req: Request;
  res: Response;
}

type Answer<E extends Endpoint> = E['response']['schema'] extends z.ZodType
  ? z.input<E['response']['schema']>
  : void;

export type EndpointHandler<E extends Endpoint> = (input: EndpointInput<E>) => Promise<Answer<E>>;

/**
 * Answers of a public read kept between changes of what they were read from (`createAnswerCache`):
 * `keyOf` names the answer a request gets (null: never kept, e.g. one that depends on the time).
 */
export interface EndpointAnswers<E extends Endpoint> {
  cache: AnswerCache;
  keyOf(input: EndpointInput<E>): string | null;
}

/** An answer its own contract does not describe: a bug of the service, so a 500 (and a log line). */
export class ResponseContractError extends Error {
  constructor(endpoint: Endpoint, issues: z.core.$ZodIssue[]) {
    super(
      `${endpoint.method.toUpperCase()} ${endpoint.path}: the answer does not match its contract: ${JSON.stringify(issues.slice(0, 3))}`,
    );
    this.name = 'ResponseContractError';
  }
}

const BODY_REQUIRED = 'Sorğunun gövdəsi JSON obyekti olmalıdır';

function checkAccess(endpoint: Endpoint, caller: Caller | undefined): void {
  if (endpoint.access === 'public') return;
  if (!caller) throw new UnauthorizedError();
  if (endpoint.access !== 'signed-in' && !endpoint.access.includes(caller.role)) throw new ForbiddenError();
}

/**
 * Mounts a handler for an endpoint contract: access (401/403), then params, query and body parsed
 * with the contract's schemas (400 with their Azerbaijani message; a declared body is required), then the handler — a thin call
 * of a use case — and its answer serialised through the response schema, so no field the contract
 * does not name ever leaves the service (an answer the schema refuses is a 500). A handler of a
 * `null`-schema endpoint answers by itself through `res` (files, redirects) or returns nothing
 * for an empty answer.
 */
export function mountEndpoint<E extends Endpoint>(
  app: Express,
  endpoint: E,
  handler: EndpointHandler<E>,
  kept?: EndpointAnswers<E>,
): void {
  app[endpoint.method](endpoint.path, async (req: Request, res: Response) => {
    checkAccess(endpoint, req.caller);
    // A declared body is required, even when `{}` would do: the document says so.
    if (endpoint.body && req.body === undefined) throw new ValidationError(BODY_REQUIRED);
    const input = {
      params: endpoint.params ? parseInput(endpoint.params, req.params) : undefined,
      query: endpoint.query ? parseInput(endpoint.query, req.query) : undefined,
      body: endpoint.body ? parseInput(endpoint.body, req.body) : undefined,
      caller: req.caller ?? null,
      req,
      res,
    } as EndpointInput<E>;
    const key = kept?.keyOf(input) ?? null;
    const keptAnswer = key === null ? undefined : kept?.cache.get(key);
    if (keptAnswer) return sendKept(res, keptAnswer);
    const since = kept?.cache.generation() ?? 0;
    const headersBefore = new Set(key === null ? [] : res.getHeaderNames());
    const answer = await handler(input);
    if (res.headersSent) return;
    const schema = endpoint.response.schema;
    if (!schema) {
      res.status(endpoint.response.status).end();
      return;
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new ResponseContractError(endpoint, parsed.error.issues);
    // Answers are never cached by a browser or anything in between: they are per caller.
    if (!res.getHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-store');
    if (key === null || !kept) {
      res.status(endpoint.response.status).json(parsed.data);
      return;
    }
    // The headers the handler set (a total, a next page's link) are part of the answer kept.
    const headers = res
      .getHeaderNames()
      .filter((name) => !headersBefore.has(name))
      .map((name): [string, string] => [name, String(res.getHeader(name))]);
    const body = Buffer.from(JSON.stringify(parsed.data));
    sendKept(res, kept.cache.keep(key, since, { status: endpoint.response.status, headers, body }));
  });
}

/**
 * Mounts a whole group of endpoint contracts (one of `API_ENDPOINT_GROUPS`): one handler per
 * endpoint, no more and no fewer, so a service serves exactly what its contracts declare.
 */
export function mountEndpoints<G extends Record<string, Endpoint>>(
  app: Express,
  endpoints: G,
  handlers: { [K in keyof G]: EndpointHandler<G[K]> },
  kept: { [K in keyof G]?: EndpointAnswers<G[K]> } = {},
): void {
  for (const name of Object.keys(endpoints) as Array<keyof G & string>) {
    mountEndpoint(app, endpoints[name]!, handlers[name], kept[name]);
  }
}
