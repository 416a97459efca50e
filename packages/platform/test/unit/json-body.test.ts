import { JSON_BODY_MESSAGES, MAX_JSON_DEPTH, parseJsonBody } from '@tapinti/platform/json-body';

const refusal = (bytes: Buffer) => {
  try {
    parseJsonBody(bytes);
    return null;
  } catch (err) {
    return { status: (err as { status: number }).status, message: (err as Error).message };
  }
};
const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('parseJsonBody', () => {
  it('reads UTF-8 JSON objects and arrays; empty is {} and a leading BOM is dropped', () => {
    expect(parseJsonBody(utf8('{"ad":"Gənclik 😀"}'))).toEqual({ ad: 'Gənclik 😀' });
    expect(parseJsonBody(utf8(' [1,2] '))).toEqual([1, 2]);
    expect(parseJsonBody(Buffer.alloc(0))).toEqual({});
    expect(parseJsonBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('{"a":1}')]))).toEqual({
      a: 1,
    });
  });

  it('refuses malformed JSON and bare values with 400', () => {
    for (const text of ['{', '{"a":1,}', "{'a':1}", 'null', '1', '"x"', 'true', '{"a":1}{"a":1}'])
      expect(refusal(utf8(text))).toEqual({ status: 400, message: JSON_BODY_MESSAGES.malformed });
  });

  it('refuses nesting deeper than the limit (brackets inside strings do not count)', () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(parseJsonBody(utf8(nested(MAX_JSON_DEPTH)))).toBeDefined();
    expect(refusal(utf8(nested(MAX_JSON_DEPTH + 1)))).toEqual({
      status: 400,
      message: JSON_BODY_MESSAGES.tooDeep,
    });
    expect(refusal(utf8(nested(20_000)))).toEqual({ status: 400, message: JSON_BODY_MESSAGES.tooDeep });
    expect(parseJsonBody(utf8(JSON.stringify({ a: '['.repeat(1000), b: '\\"[[[' })))).toEqual({
      a: '['.repeat(1000),
      b: '\\"[[[',
    });
  });

  it('refuses bytes that are not UTF-8 with 400', () => {
    for (const bytes of [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82]])
      expect(refusal(Buffer.concat([utf8('{"a":"'), Buffer.from(bytes), utf8('"}')]))).toEqual({
        status: 400,
        message: JSON_BODY_MESSAGES.notUtf8,
      });
    expect(refusal(Buffer.from('\ufeff{"a":1}', 'utf16le'))).toEqual({
      status: 400,
      message: JSON_BODY_MESSAGES.notUtf8,
    });
  });

  it('refuses __proto__ and constructor.prototype keys at any depth; nothing is polluted', () => {
    for (const text of [
      '{"__proto__":{"polluted":1}}',
      '{"a":{"b":{"__proto__":{"polluted":1}}}}',
      '[{"constructor":{"prototype":{"polluted":1}}}]',
    ])
      expect(refusal(utf8(text))).toEqual({ status: 400, message: JSON_BODY_MESSAGES.forbiddenKey });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // A plain `constructor` key is only data.
    expect(parseJsonBody(utf8('{"constructor":"x"}'))).toEqual({ constructor: 'x' });
  });
});
