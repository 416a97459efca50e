import { z } from 'zod';
import { auditLogQuerySchema } from '../../src/audit-api';
import { API_ENDPOINTS, apiDocument } from '../../src/api-endpoints';
import { ANNOUNCEMENT_ENDPOINTS, createAnnouncementRequestSchema } from '../../src/announcements-api';
import { emailSchema, phoneSchema, usernameSchema } from '../../src/auth-api';
import { openApiPath } from '../../src/endpoint';
import { optionalTrimmedText, plainText, trimmedText } from '../../src/input-text';
import { statusesOf } from '../../src/openapi';

type Json = Record<string, any>;
const document = apiDocument('test') as Json;

/** What the document says about a value: its JSON Schema's pattern, read as JSON Schema does ('u'). */
const patternOf = (schema: z.ZodType): RegExp => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  const string = json.anyOf ? json.anyOf.find((s: Json) => s.type === 'string') : json;
  return new RegExp(string.pattern, 'u');
};

const SAMPLES = [
  '',
  ' ',
  '\t\n',
  'a',
  ' a ',
  'ab',
  'abc',
  ' ab ',
  'a b',
  'abcde',
  '  abcde  ',
  '\u00a0abcde\u3000',
  '\ufeffabc\u2028',
  'abc\u0000de',
  '\u0000',
  '😀😀😀',
  '😀'.repeat(5),
  '😀'.repeat(6),
  '\u001cabc\u001f',
  '\u0085abc',
  'x'.repeat(19),
  'x'.repeat(20),
  'x'.repeat(21),
  ` ${'y'.repeat(20)} `,
];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every endpoint contract once, with {param} paths', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.keys(item as Json).map((method) => `${method} ${path}`),
    );
    expect(operations.sort()).toEqual(API_ENDPOINTS.map((e) => `${e.method} ${openApiPath(e.path)}`).sort());
    expect(Object.keys(document.paths).some((p) => p.includes(':'))).toBe(false);
  });

  it('documents every status an endpoint answers, refusals as the Error schema', () => {
    for (const endpoint of API_ENDPOINTS) {
      const operation = document.paths[openApiPath(endpoint.path)][endpoint.method] as Json;
      const statuses = statusesOf(endpoint);
      expect(Object.keys(operation.responses).map(Number)).toEqual(statuses);
      if (endpoint.params || endpoint.query || endpoint.body) expect(statuses).toContain(400);
      if (endpoint.access !== 'public') expect(statuses).toContain(401);
      if (Array.isArray(endpoint.access)) expect(statuses).toContain(403);
      if (endpoint.path.includes(':')) expect(statuses).toContain(404);
      for (const status of statuses.filter((s) => s >= 400)) {
        expect(operation.responses[status].content['application/json'].schema).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
      expect(operation.security).toEqual(endpoint.access === 'public' ? [] : [{ session: [] }]);
      expect(operation['x-roles']).toEqual(Array.isArray(endpoint.access) ? endpoint.access : undefined);
    }
    expect(document.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'tapinti_session',
    });
  });

  it('keeps contact details out of the public list, and lists the rules JSON Schema cannot say', () => {
    const list = document.paths['/api/announcements'].get.responses['200'].content['application/json'].schema;
    expect(list.items.additionalProperties).toBe(false);
    expect(Object.keys(list.items.properties)).not.toContain('contactInfo');
    expect(Object.keys(list.items.properties)).not.toContain('userId');
    const create = document.paths['/api/announcements'].post;
    expect(create['x-refusal-rules']).toEqual(ANNOUNCEMENT_ENDPOINTS.create.rules);
    expect(document.paths['/objects/{id}'].get.responses['200'].content).toHaveProperty('image/png');
    // A file answer documents its headers too: a label opens inline, in the browser's viewer.
    const label =
      document.paths['/api/organizations/{id}/inventory/items/{itemId}/label'].get.responses['200'];
    expect(label.content).toHaveProperty('application/pdf');
    expect(
      new RegExp(label.headers['Content-Disposition'].schema.pattern).test(
        'inline; filename="PBV-000123.pdf"',
      ),
    ).toBe(true);
  });

  it('documents a free-form value as JSON without NUL in any key or text, at any depth', () => {
    const settings =
      document.paths['/api/organizations/{id}'].put.requestBody.content['application/json'].schema.properties
        .settings;
    const ref = { $ref: '#/components/schemas/JsonValue' };
    expect(settings.additionalProperties).toEqual(ref);
    const noNul = settings.propertyNames;
    const nul = new RegExp(noNul.pattern, 'u');
    expect([nul.test('a\u0000'), nul.test('açar')]).toEqual([false, true]);
    expect(document.components.schemas.JsonValue.anyOf).toEqual([
      { type: ['null', 'boolean', 'number'] },
      { ...noNul },
      { type: 'array', items: ref },
      { type: 'object', propertyNames: noNul, additionalProperties: ref },
    ]);
    // Only where a value is a schema: an object without properties stays one.
    expect(JSON.stringify(document)).not.toContain('"properties":{"$ref"');
  });
});

describe('documented patterns say what the server takes', () => {
  const texts: Array<[string, z.ZodType]> = [
    ['trimmed 5–20', trimmedText({ min: 5, max: 20, required: 'r', tooShort: 's', tooLong: 'l' })],
    ['trimmed 1–1', trimmedText({ min: 1, max: 1, required: 'r', tooShort: 's', tooLong: 'l' })],
    ['trimmed 3–3', trimmedText({ min: 3, max: 3, required: 'r', tooShort: 's', tooLong: 'l' })],
    ['optional ≤ 20', optionalTrimmedText(20, 'l')],
    ['plain 3–5', plainText({ min: 3, max: 5, required: 'r', tooShort: 's', tooLong: 'l' })],
    ['username', usernameSchema],
  ];

  it.each(texts)('%s', (_name, schema) => {
    const pattern = patternOf(schema);
    for (const sample of SAMPLES) {
      expect([sample, pattern.test(sample)]).toEqual([sample, schema.safeParse(sample).success]);
    }
  });

  it('e-mail and phone', () => {
    const emailJson = z.toJSONSchema(emailSchema, { io: 'input' }) as Json;
    const emailPattern = new RegExp(emailJson.pattern, 'u');
    const documented = (email: string) =>
      emailPattern.test(email) && [...email].length <= emailJson.maxLength;
    const emails = ['a@b.az', ' A@B.AZ ', 'a@b', 'a b@c.az', `${'a'.repeat(250)}@b.az`, '\u00a0x@y.com'];
    for (const email of emails) {
      expect([email, documented(email)]).toEqual([email, emailSchema.safeParse(email).success]);
    }
    const phones = [
      '',
      '  ',
      '+994501234567',
      ' +994 (50) 123-45-67 ',
      '994501234567',
      '+0501234567',
      '()',
      '+1234567',
    ];
    const phone = patternOf(phoneSchema);
    for (const p of phones) expect([p, phone.test(p)]).toEqual([p, phoneSchema.safeParse(p).success]);
  });

  it('audit-log dates: every date the pattern takes, Date.parse reads', () => {
    const json = z.toJSONSchema(auditLogQuerySchema, { io: 'input' }) as Json;
    const date = new RegExp(json.properties.fromDate.pattern, 'u');
    const accepted = [
      '',
      '1900-01-01',
      '2999-12-31',
      '2025-02-30',
      '2025-08-25T10:00Z',
      '2025-08-25T23:59:59.123456789+05:30',
      '2025-08-25T00:00:00-2359',
    ];
    for (const d of accepted) {
      expect([d, date.test(d)]).toEqual([d, true]);
      expect([d, auditLogQuerySchema.safeParse({ fromDate: d }).success]).toEqual([d, true]);
    }
    for (const d of ['0000-01-01', '9999-12-31', '2025-13-01', '2025-01-01T24:00:00Z', '٢٠٢٥-٠١-٠١']) {
      expect([d, date.test(d)]).toEqual([d, false]);
      expect([d, auditLogQuerySchema.safeParse({ fromDate: d }).success]).toEqual([d, false]);
    }
  });

  it('a found item carries no reward, in zod and in JSON Schema', () => {
    const base = {
      title: 'Açar tapılıb',
      description: 'Metroda açar tapmışam, sahibi yazsın',
      category: 'keys',
      location: 'Bakı',
    };
    expect(
      createAnnouncementRequestSchema.safeParse({ ...base, type: 'found', rewardAmount: 5 }).success,
    ).toBe(false);
    expect(
      createAnnouncementRequestSchema.safeParse({ ...base, type: 'found', rewardAmount: null }).success,
    ).toBe(true);
    const json = z.toJSONSchema(createAnnouncementRequestSchema, { io: 'input' }) as Json;
    const branches: Json[] = [json.anyOf, ...(json.allOf ?? []).map((a: Json) => a.anyOf)]
      .flat()
      .filter(Boolean);
    const found = branches.find((b) => b.properties?.type?.const === 'found' && b.properties.rewardAmount);
    expect(found?.properties.rewardAmount).toEqual({ anyOf: [{ const: 0 }, { type: 'null' }] });
  });
});
