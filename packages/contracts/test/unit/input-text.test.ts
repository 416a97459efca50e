import { z } from 'zod';
import { charCount, text, TEXT_MESSAGES, truncateText } from '../../src/input-text';

describe('text, the one primitive under every request text', () => {
  const schema = z.object({ name: text('Ad tələb olunur').trim().min(1, 'Ad tələb olunur') });
  const message = (input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

  it('refuses NUL and unpaired surrogates before any other rule', () => {
    for (const name of ['a\u0000b', '\u0000', '\ud800', 'x\udc00', 'ab\udc00\ud800cd', '😀'.slice(0, 1)])
      expect(message({ name })).toBe(TEXT_MESSAGES.invalidCharacters);
  });

  it('takes well-formed text, astral characters included, and says its own message otherwise', () => {
    expect(schema.parse({ name: ' Gənclik 😀 ' })).toEqual({ name: 'Gənclik 😀' });
    expect(message({ name: 42 })).toBe('Ad tələb olunur');
    expect(message({})).toBe('Ad tələb olunur');
  });
});

describe('truncateText', () => {
  it('cuts by code point, never inside a surrogate pair', () => {
    const cut = truncateText(`${'a'.repeat(63)}😀😀`, 64);
    expect(cut).toBe(`${'a'.repeat(63)}😀`);
    expect(truncateText('😀😀😀', 2)).toBe('😀😀');
    expect(charCount(truncateText('ə😀'.repeat(100), 64))).toBe(64);
    expect(truncateText('short', 64)).toBe('short');
    expect(() => JSON.parse(JSON.stringify(truncateText(`${'a'.repeat(63)}😀`, 64)))).not.toThrow();
    expect(/\p{Cs}/u.test(truncateText(`${'a'.repeat(199)}😀`, 200))).toBe(false);
  });
});
