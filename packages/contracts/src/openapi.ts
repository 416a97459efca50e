import { z } from 'zod';
import { errorResponseSchema, openApiPath, type Endpoint } from './endpoint';

/**
 * The OpenAPI 3.1 document of the public API, generated from the endpoint contracts with zod's
 * own JSON Schema output: requests as the server reads them (`io: 'input'`), answers as it sends
 * them (`io: 'output'`). Every status an endpoint can answer is listed: its success, 400 when it
 * reads params, query or a body, 413 for bodies (and 415 for a JSON body's unaccepted
 * Content-Encoding), 401/403 from its access, 404 for paths with an id, and its own `errors`;
 * every refusal is `{ message, field? }` in Azerbaijani.
 */

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

export const SESSION_SCHEME = 'session';
/** The operation extension listing an endpoint's `rules` (400s JSON Schema cannot predict). */
export const REFUSAL_RULES = 'x-refusal-rules';
/** The operation extension naming the only roles that may call it (absent: any caller, or anyone signed in). */
export const ROLES = 'x-roles';

const STATUS_DESCRIPTIONS: Record<number, string> = {
  200: 'Uğurlu',
  201: 'Yaradıldı',
  204: 'Məzmunsuz cavab',
  304: 'Dəyişməyib',
  400: 'Yanlış sorğu: sahə və səbəb `message`/`field`-də',
  401: 'Giriş tələb olunur (sessiya kukisi yoxdur və ya etibarsızdır)',
  403: 'Bu əməliyyat üçün icazə yoxdur',
  404: 'Tapılmadı',
  409: 'Ziddiyyət: artıq mövcuddur və ya vəziyyət buna imkan vermir',
  410: 'Artıq etibarlı deyil',
  413: 'Sorğunun gövdəsi çox böyükdür',
  415: 'Gövdənin sıxılma üsulu qəbul edilmir (yalnız gzip və ya deflate)',
  429: 'Çox sayda sorğu: bir az sonra yenidən cəhd edin',
  503: 'Xidmət hazırda məşğuldur: `Retry-After` saniyədən sonra yenidən cəhd edin',
};

/** No NUL in any text the API reads (the server refuses it with 400; Postgres cannot store it). */
const NO_NUL = '^[^\\u0000]*$';

/** The document's name for a free-form JSON value the API reads (`{}` in zod's output, e.g. z.unknown()). */
const JSON_VALUE_REF = '#/components/schemas/JsonValue';

/**
 * Any JSON value whose texts, keys included, hold no NUL at any depth: what the server takes where a
 * schema leaves a value free (it looks at every text of a request, packages/platform/src/validation.ts).
 */
const JSON_VALUE_SCHEMA: JsonSchema = {
  anyOf: [
    { type: ['null', 'boolean', 'number'] },
    { type: 'string', pattern: NO_NUL },
    { type: 'array', items: { $ref: JSON_VALUE_REF } },
    {
      type: 'object',
      propertyNames: { type: 'string', pattern: NO_NUL },
      additionalProperties: { $ref: JSON_VALUE_REF },
    },
  ],
};

/**
 * Text the server reads has no NUL: a string schema without a pattern of its own gets one saying
 * so (the patterns the contracts set exclude NUL already), and a value left free (`{}`) is a
 * JsonValue, whose texts at every depth hold none either.
 */
function forbidNul(schema: JsonSchema): JsonSchema {
  if (Object.keys(schema).length === 0) return { $ref: JSON_VALUE_REF };
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SUBSCHEMA.has(key) && isSchema(value)) out[key] = forbidNul(value);
    else if (SUBSCHEMA_LIST.has(key) && Array.isArray(value))
      out[key] = value.map((v) => (isSchema(v) ? forbidNul(v) : v));
    else if (SUBSCHEMA_MAP.has(key) && isSchema(value))
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, v]) => [name, isSchema(v) ? forbidNul(v) : v]),
      );
    else out[key] = value;
  }
  const types = Array.isArray(out.type) ? out.type : [out.type];
  if (types.includes('string') && !out.pattern && !out.enum && out.const === undefined && !out.format) {
    out.pattern = NO_NUL;
  }
  return out;
}

/** The keywords whose value is a schema, a list of schemas, or schemas by name (JSON Schema 2020-12). */
const SUBSCHEMA = new Set([
  'additionalProperties',
  'items',
  'propertyNames',
  'not',
  'contains',
  'unevaluatedProperties',
]);
const SUBSCHEMA_LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SUBSCHEMA_MAP = new Set(['properties', 'patternProperties', '$defs']);
const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return io === 'input' ? forbidNul(json) : json;
}

/** An object schema's properties as OpenAPI parameters (`in: path` or `in: query`). */
function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const errorResponse = (status: number) => ({
  description: STATUS_DESCRIPTIONS[status] ?? 'Rədd edildi',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function successResponse(endpoint: Endpoint) {
  const { status, schema, contentTypes } = endpoint.response;
  const description = STATUS_DESCRIPTIONS[status] ?? 'Uğurlu';
  const headers = endpoint.response.headers?.length
    ? {
        headers: Object.fromEntries(
          endpoint.response.headers.map((h) => [
            h.name,
            { description: h.description, required: h.required, schema: h.schema },
          ]),
        ),
      }
    : {};
  if (schema)
    return {
      description,
      ...headers,
      content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } },
    };
  if (contentTypes?.length) {
    const binary = { type: 'string', format: 'binary' };
    return {
      description,
      ...headers,
      content: Object.fromEntries(contentTypes.map((type) => [type, { schema: binary }])),
    };
  }
  return { description };
}

/** The statuses an endpoint answers, as its contract implies them. */
export function statusesOf(endpoint: Endpoint): number[] {
  const statuses = new Set<number>([endpoint.response.status]);
  // A broken rule is a 400 too, even on an endpoint that reads no input of its own.
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.rules?.length) statuses.add(400);
  if (endpoint.body || endpoint.rawBody) statuses.add(413);
  if (endpoint.body) statuses.add(415);
  if (endpoint.access !== 'public') statuses.add(401);
  if (Array.isArray(endpoint.access)) statuses.add(403);
  if (endpoint.path.includes(':')) statuses.add(404);
  for (const status of endpoint.errors ?? []) statuses.add(status);
  for (const other of endpoint.otherResponses ?? []) statuses.add(other.status);
  return [...statuses].sort((a, b) => a - b);
}

function accessNote(endpoint: Endpoint): string {
  if (endpoint.access === 'public') return 'Giriş tələb olunmur.';
  if (endpoint.access === 'signed-in') return 'Daxil olmuş istifadəçi (sessiya kukisi).';
  return `Rollar: ${endpoint.access.join(', ')}.`;
}

function operationOf(group: string, name: string, endpoint: Endpoint) {
  const responses: Record<string, unknown> = {};
  for (const status of statusesOf(endpoint)) {
    const other = endpoint.otherResponses?.find((o) => o.status === status);
    responses[String(status)] =
      status === endpoint.response.status
        ? successResponse(endpoint)
        : other
          ? { description: other.description }
          : errorResponse(status);
  }
  if (endpoint.rules?.length) {
    const bad = responses['400'] as { description: string };
    const rules = endpoint.rules.map((r) => `\n- \`${r.field}\`: ${r.rule}`).join('');
    responses['400'] = {
      ...bad,
      description: `${bad.description}. Sxemdə ifadə olunmayan qaydalar:${rules}`,
    };
  }
  const operation: Record<string, unknown> = {
    operationId: `${group}.${name}`,
    summary: endpoint.summary,
    description: accessNote(endpoint),
    tags: [endpoint.tag],
    security: endpoint.access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }],
  };
  if (endpoint.rules?.length) operation[REFUSAL_RULES] = endpoint.rules;
  if (Array.isArray(endpoint.access)) operation[ROLES] = endpoint.access;
  const parameters = [...parametersOf(endpoint.params, 'path'), ...parametersOf(endpoint.query, 'query')];
  if (parameters.length) operation.parameters = parameters;
  if (endpoint.body) {
    operation.requestBody = {
      // mountEndpoint refuses a request without one (400), even when `{}` would do.
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(endpoint.body, 'input') } },
    };
  } else if (endpoint.rawBody) {
    const binary = { type: 'string', format: 'binary', maxLength: endpoint.rawBody.maxBytes };
    operation.requestBody = {
      required: true,
      content: Object.fromEntries(endpoint.rawBody.contentTypes.map((type) => [type, { schema: binary }])),
    };
  }
  operation.responses = responses;
  return operation;
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/** The document for endpoint groups (`{ group: { name: endpoint } }`, e.g. `API_ENDPOINT_GROUPS`). */
export function openApiDocument(
  groups: Record<string, Record<string, Endpoint>>,
  info: OpenApiInfo,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [group, endpoints] of Object.entries(groups)) {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const path = openApiPath(endpoint.path);
      const item = (paths[path] ??= {});
      if (item[endpoint.method])
        throw new Error(`two endpoints for ${endpoint.method.toUpperCase()} ${path}`);
      item[endpoint.method] = operationOf(group, name, endpoint);
    }
  }
  const tags = [...new Set(Object.values(groups).flatMap((g) => Object.values(g).map((e) => e.tag)))];
  return {
    openapi: '3.1.0',
    info,
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorResponseSchema, 'output'), JsonValue: JSON_VALUE_SCHEMA },
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: 'tapinti_session',
          description: 'HttpOnly sessiya kukisi: POST /api/login və ya /api/register onu qoyur',
        },
      },
    },
  };
}
