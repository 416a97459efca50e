import { randomUUID } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

/**
 * Malformed requests for every operation of the OpenAPI document: what Schemathesis does not send
 * (NUL, lone surrogates, BOM, 20 000-deep nesting, 1 MB strings, `__proto__`/`constructor` keys,
 * invalid UTF-8, odd charsets and Content-Encodings, junk path and query values). Each body case
 * starts from a request the schema would take and breaks one thing, so what the schema checks
 * lets the rest through to the use case.
 */

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What is malformed, for the report. */
  label: string;
  /**
   * `param`: a path or query value; `field`: one field of a body the schema takes otherwise;
   * `body`: the body as a whole (bytes, type, encoding), read before access is checked.
   */
  kind: 'param' | 'field' | 'body';
  /** A whole-body case every identity sends to every operation (the others go to its own audience). */
  core?: boolean;
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}

interface Operation {
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface FuzzOperation {
  method: string;
  /** OpenAPI path, `/api/announcements/{id}`. */
  path: string;
  operation: Operation;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Who an operation is for, from the document: `public`, any signed-in user, or the roles its
 * description names ("Rollar: org_admin, super_admin.").
 */
export function audienceOf(op: FuzzOperation): 'public' | 'signed-in' | string[] {
  if (!op.operation.security?.length) return 'public';
  const roles = /Rollar: ([a-z_, ]+)\./.exec(op.operation.description ?? '')?.[1];
  return roles ? roles.split(', ') : 'signed-in';
}

/** Every operation of the document. */
export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/** Strings tried in order for a string schema; the first its pattern and lengths take is used. */
const TEXT_CANDIDATES = () => [
  'Fuzz sınağı: qara rəngli telefon, metroda itib',
  'fuzzuser',
  `fuzz${Math.random().toString(36).slice(2, 8)}@example.az`,
  '+994501234567',
  'Fuzz-Parol-2025',
  randomUUID(),
  '2025-01-15',
  '1',
];

function branchOf(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return schema;
  return branches.find((b) => b.type !== 'null') ?? branches[0]!;
}

function matches(schema: JsonSchema, text: string): boolean {
  const length = [...text].length;
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  if (schema.format === 'uuid' && !/^[0-9a-f-]{36}$/i.test(text)) return false;
  if (schema.format === 'email' && !text.includes('@')) return false;
  if (!schema.pattern) return true;
  try {
    return new RegExp(schema.pattern, 'u').test(text);
  } catch {
    return true;
  }
}

/** A value the schema (probably) takes: what each body case starts from. */
export function sampleOf(input: JsonSchema | undefined, depth = 0): unknown {
  if (!input || depth > 6) return null;
  const schema = branchOf(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {}))
        out[key] = sampleOf(value, depth + 1);
      return out;
    }
    case 'array':
      return [];
    case 'string':
      return TEXT_CANDIDATES().find((c) => matches(schema, c)) ?? 'fuzz';
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 1;
    case 'boolean':
      return true;
    default:
      return schema.properties ? sampleOf({ ...schema, type: 'object' }, depth) : null;
  }
}

/** Dotted paths of every string and scalar leaf in a sample (where single-field mutations go). */
function leavesOf(value: unknown, path: string[] = []): string[][] {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([k, v]) => leavesOf(v, [...path, k]));
  return path.length ? [path] : [];
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const utf8 = (text: string) => Buffer.from(text, 'utf8');
/** JSON text as a client writes it: a lone surrogate stays a `\ud800` escape (JSON.stringify does so). */
const jsonBytes = (value: unknown) => utf8(JSON.stringify(value));

const DEPTH = 20_000;
const deepArray = () => '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = () => '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);
const ONE_MB = 1_048_576;

/** Values that break one text field. */
const BAD_FIELD_VALUES: [string, unknown][] = [
  ['NUL', 'fuzz\u0000text value'],
  ['lone high surrogate', 'fuzz\ud800'],
  ['lone low surrogate', '\udc00fuzz'],
  ['reversed pair', 'ab\udc00\ud800cd'],
  ['63 letters and an emoji', `${'a'.repeat(63)}😀`],
  ['BOM in text', '\ufefffuzz text value\ufeff'],
  ['control characters', 'fu\u0001\u0007\u001bzz\u007f'],
  ['1 MB string', 'x'.repeat(ONE_MB)],
  ['90 kB string', 'ə'.repeat(45_000)],
  ['number', 12345],
  ['huge number', 1e300],
  ['boolean', false],
  ['null', null],
  ['array', ['a', 'b']],
  ['object', { nested: 'x' }],
  ['__proto__ object', JSON.parse('{"__proto__":{"polluted":"yes"}}')],
  ['empty string', ''],
  ['whitespace', '  \t\n  '],
  ['SQL and LIKE', "%' OR 1=1 -- \\_%"],
];

/** The whole-body cases sent to every operation by every identity. */
const CORE_BODY_CASES = new Set([
  '20 000-deep array',
  '__proto__ at the top',
  'invalid UTF-8 byte',
  'gzip of garbage',
  'br',
  '1 MB body',
]);

/** Bodies that are broken as a whole, whatever the operation. */
function wholeBodyCases(base: unknown): { label: string; headers: Record<string, string>; body?: Buffer }[] {
  const valid = jsonBytes(base);
  const text = valid.toString('utf8');
  return [
    { label: 'truncated JSON', headers: JSON_TYPE, body: utf8(text.slice(0, Math.max(1, text.length - 2))) },
    { label: 'single quotes', headers: JSON_TYPE, body: utf8("{'a': 1}") },
    { label: 'trailing comma', headers: JSON_TYPE, body: utf8('{"a":1,}') },
    { label: 'two documents', headers: JSON_TYPE, body: utf8(`${text}${text}`) },
    { label: 'bare NUL', headers: JSON_TYPE, body: Buffer.from([0]) },
    { label: 'empty body', headers: JSON_TYPE, body: Buffer.alloc(0) },
    { label: 'null', headers: JSON_TYPE, body: utf8('null') },
    { label: 'string', headers: JSON_TYPE, body: utf8('"fuzz"') },
    { label: 'number', headers: JSON_TYPE, body: utf8('1e309') },
    { label: 'true', headers: JSON_TYPE, body: utf8('true') },
    { label: 'array', headers: JSON_TYPE, body: utf8('[]') },
    { label: 'array of body', headers: JSON_TYPE, body: utf8(`[${text}]`) },
    {
      label: 'BOM then body',
      headers: JSON_TYPE,
      body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), valid]),
    },
    { label: 'BOM only', headers: JSON_TYPE, body: Buffer.from([0xef, 0xbb, 0xbf]) },
    { label: '20 000-deep array', headers: JSON_TYPE, body: utf8(deepArray()) },
    { label: '20 000-deep object', headers: JSON_TYPE, body: utf8(deepObject()) },
    {
      label: '1 MB body',
      headers: JSON_TYPE,
      body: jsonBytes({ ...(base as object), pad: 'x'.repeat(ONE_MB) }),
    },
    {
      label: '__proto__ at the top',
      headers: JSON_TYPE,
      body: utf8(`{"__proto__":{"role":"super_admin","isAdmin":true},${text.slice(1)}`),
    },
    {
      label: 'constructor.prototype',
      headers: JSON_TYPE,
      body: utf8(`{"constructor":{"prototype":{"polluted":true}},${text.slice(1)}`),
    },
    {
      label: 'duplicate keys',
      headers: JSON_TYPE,
      body: utf8(`${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"__proto__":1}`),
    },
    {
      label: 'invalid UTF-8 byte',
      headers: JSON_TYPE,
      body: Buffer.concat([utf8('{"a":"'), Buffer.from([0xff, 0xfe]), utf8('"}')]),
    },
    {
      label: 'overlong UTF-8',
      headers: JSON_TYPE,
      body: Buffer.concat([utf8('{"a":"'), Buffer.from([0xc0, 0xaf]), utf8('"}')]),
    },
    {
      label: 'UTF-8 encoded surrogate',
      headers: JSON_TYPE,
      body: Buffer.concat([utf8('{"a":"'), Buffer.from([0xed, 0xa0, 0x80]), utf8('"}')]),
    },
    {
      label: 'cut multibyte character',
      headers: JSON_TYPE,
      body: Buffer.concat([utf8('{"a":"'), Buffer.from([0xe2, 0x82]), utf8('"}')]),
    },
    {
      label: 'UTF-16 body',
      headers: { 'content-type': 'application/json; charset=utf-16' },
      body: Buffer.from(`\ufeff${text}`, 'utf16le'),
    },
    {
      label: 'latin1 charset',
      headers: { 'content-type': 'application/json; charset=iso-8859-1' },
      body: Buffer.from('{"a":"ə"}', 'latin1'),
    },
    {
      label: 'unknown charset',
      headers: { 'content-type': 'application/json; charset=fuzz-8' },
      body: valid,
    },
    { label: 'no Content-Type', headers: {}, body: valid },
    { label: 'text/plain', headers: { 'content-type': 'text/plain' }, body: valid },
    {
      label: 'form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: utf8('a=1&__proto__[x]=1'),
    },
    {
      label: 'multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: utf8('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'),
    },
    { label: 'broken Content-Type', headers: { 'content-type': 'application/json;;; =;' }, body: valid },
    { label: 'vendor JSON type', headers: { 'content-type': 'application/vnd.fuzz+json' }, body: valid },
    { label: 'gzip', headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body: gzipSync(valid) },
    { label: 'deflate', headers: { ...JSON_TYPE, 'content-encoding': 'deflate' }, body: deflateSync(valid) },
    {
      label: 'gzip of garbage',
      headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
      body: utf8('not gzip at all'),
    },
    {
      label: 'gzip bomb',
      headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.alloc(20 * ONE_MB, 0x20)),
    },
    { label: 'br', headers: { ...JSON_TYPE, 'content-encoding': 'br' }, body: brotliCompressSync(valid) },
    { label: 'compress', headers: { ...JSON_TYPE, 'content-encoding': 'compress' }, body: valid },
    { label: 'unknown encoding', headers: { ...JSON_TYPE, 'content-encoding': 'fuzz' }, body: valid },
    {
      label: 'two encodings',
      headers: { ...JSON_TYPE, 'content-encoding': 'gzip, gzip' },
      body: gzipSync(gzipSync(valid)),
    },
    { label: 'identity encoding', headers: { ...JSON_TYPE, 'content-encoding': 'identity' }, body: valid },
  ];
}

/** Junk for a path parameter (already percent-encoded where it must be). */
const BAD_PATH_VALUES: [string, string][] = [
  ['NUL', '%00'],
  ['NUL after uuid', `${randomUUID()}%00`],
  ['encoded lone surrogate', '%ED%A0%80'],
  ['invalid UTF-8', '%FF%FE'],
  ['bad percent escape', '%E0%A4%A'],
  ['lone percent', '%'],
  ['BOM', `%EF%BB%BF${randomUUID()}`],
  ['dot segments', '..%2F..%2Fetc%2Fpasswd'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['long', 'a'.repeat(4000)],
  ['upper-case uuid', randomUUID().toUpperCase()],
  ['nil uuid', '00000000-0000-0000-0000-000000000000'],
  ['number', '-1'],
  ['emoji', encodeURIComponent('😀')],
  ['space', '%20'],
];

/** Junk for a query parameter, as `name=value` pieces. */
function badQueryPieces(name: string): [string, string][] {
  const n = encodeURIComponent(name);
  return [
    ['NUL', `${n}=%00`],
    ['three NULs', `${n}=%00%00%00`],
    ['encoded lone surrogate', `${n}=%ED%A0%80abc`],
    ['invalid UTF-8', `${n}=%FF%FE%FD`],
    ['lone percent', `${n}=%`],
    ['repeated', `${n}=a&${n}=b`],
    ['bracketed', `${n}[a]=b`],
    ['__proto__ bracket', `${n}[__proto__][x]=1`],
    ['BOM', `${n}=%EF%BB%BFabc`],
    ['year 0', `${n}=0000-01-01`],
    ['year 9999', `${n}=9999-12-31`],
    ['extended year', `${n}=%2B275760-09-13T00:00:00.001Z`],
    ['huge number', `${n}=99999999999999999999999`],
    ['negative', `${n}=-1`],
    ['float', `${n}=1.5`],
    ['NaN', `${n}=NaN`],
    ['SQL and LIKE', `${n}=${encodeURIComponent("%' OR 1=1 -- \\_%")}`],
    ['10 kB', `${n}=${'a'.repeat(10_000)}`],
    ['63 letters and an emoji', `${n}=${'a'.repeat(63)}${encodeURIComponent('😀')}`],
  ];
}

function concretePath(path: string, override?: [string, string]): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    override && override[0] === name ? override[1] : randomUUID(),
  );
}

/** Every malformed request for one operation; `validBody` replaces the body sampled from its schema. */
export function malformedRequests(op: FuzzOperation, validBody?: unknown): FuzzRequest[] {
  const { method, path, operation } = op;
  const out: FuzzRequest[] = [];
  const params = operation.parameters ?? [];
  const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
  const rawTypes = operation.requestBody ? Object.keys(operation.requestBody.content) : [];
  const base = validBody ?? (jsonSchema ? sampleOf(jsonSchema) : {});
  const at = (label: string) => `${method} ${path}: ${label}`;

  for (const p of params.filter((p) => p.in === 'path'))
    for (const [label, value] of BAD_PATH_VALUES)
      out.push({
        method,
        path: concretePath(path, [p.name, value]),
        headers: jsonSchema ? JSON_TYPE : {},
        body: jsonSchema ? jsonBytes(base) : undefined,
        label: at(`path ${p.name} ${label}`),
        kind: 'param',
      });

  for (const p of params.filter((p) => p.in === 'query'))
    for (const [label, piece] of badQueryPieces(p.name))
      out.push({
        method,
        path: `${concretePath(path)}?${piece}`,
        headers: {},
        label: at(`query ${p.name} ${label}`),
        kind: 'param',
      });

  const target = concretePath(path);
  if (jsonSchema) {
    for (const leaf of leavesOf(base))
      for (const [label, value] of BAD_FIELD_VALUES)
        out.push({
          method,
          path: target,
          headers: JSON_TYPE,
          body: jsonBytes(withValue(base, leaf, value)),
          label: at(`${leaf.join('.')} ${label}`),
          kind: 'field',
        });
    for (const c of wholeBodyCases(base))
      out.push({
        method,
        path: target,
        ...c,
        label: at(c.label),
        kind: 'body',
        core: CORE_BODY_CASES.has(c.label),
      });
  } else if (rawTypes.length) {
    // A raw upload: bytes of every kind, and every declared and undeclared type.
    for (const type of [...rawTypes, 'application/json', 'text/html', ''])
      for (const [label, body] of [
        ['empty', Buffer.alloc(0)],
        ['not an image', utf8('<svg onload=alert(1)>')],
        ['JPEG magic', Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
      ] as [string, Buffer][])
        out.push({
          method,
          path: target,
          headers: type ? { 'content-type': type } : {},
          body,
          label: at(`${type || 'no type'} ${label}`),
          kind: 'body',
        });
  } else {
    // No body declared: one is sent anyway, of each kind the parser may choke on.
    for (const c of wholeBodyCases({ fuzz: 'x' }).filter((_, i) => i % 2 === 0 || method !== 'GET'))
      out.push({
        method,
        path: target,
        ...c,
        label: at(`unexpected body: ${c.label}`),
        kind: 'body',
        core: CORE_BODY_CASES.has(c.label),
      });
  }
  return out;
}
