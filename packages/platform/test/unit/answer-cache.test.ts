import { createAnswerCache, type ChangeSignal } from '../../src/answer-cache';

/** A change signal the test drives: `change()` reports a write, `live` whether one could go unreported. */
function testSignal() {
  const listeners: Array<() => void> = [];
  return {
    live: true as boolean,
    onChange(listener: () => void) {
      listeners.push(listener);
    },
    change() {
      for (const listener of listeners) listener();
    },
  } satisfies ChangeSignal & { change(): void };
}

const answer = (text: string) => ({
  status: 200,
  headers: [['x-total-count', '1']] as Array<[string, string]>,
  body: Buffer.from(text),
});

describe('kept answers of a public read', () => {
  it('gives the kept answer back, with an ETag of its bytes, until a change is reported', () => {
    const signal = testSignal();
    const cache = createAnswerCache(signal, { maxBytes: 1000, maxAgeMs: 10_000 });
    const kept = cache.keep('/list', cache.generation(), answer('[1]'));
    expect(kept.etag).toMatch(/^W\/"3-[A-Za-z0-9+/]{27}"$/);
    expect(cache.get('/list')).toEqual(kept);
    expect(cache.keep('/other', cache.generation(), answer('[2]')).etag).not.toBe(kept.etag);

    signal.change();
    expect(cache.get('/list')).toBeUndefined();
    expect(cache.get('/other')).toBeUndefined();
  });

  it('does not keep an answer read before a change that was reported while it was read', () => {
    const signal = testSignal();
    const cache = createAnswerCache(signal, { maxBytes: 1000, maxAgeMs: 10_000 });
    const since = cache.generation();
    signal.change();
    const sent = cache.keep('/list', since, answer('[old]'));
    expect(sent.body.toString()).toBe('[old]');
    expect(cache.get('/list')).toBeUndefined();
  });

  it('keeps nothing, and gives nothing back, while changes could go unreported', () => {
    const signal = testSignal();
    const cache = createAnswerCache(signal, { maxBytes: 1000, maxAgeMs: 10_000 });
    cache.keep('/list', cache.generation(), answer('[1]'));
    signal.live = false;
    expect(cache.get('/list')).toBeUndefined();
    cache.keep('/list', cache.generation(), answer('[1]'));
    signal.live = true;
    expect(cache.get('/list')).toBeUndefined();
  });

  it('forgets the least recently sent answer first when its bytes are full, and an answer past its age', () => {
    let now = 0;
    const cache = createAnswerCache(testSignal(), { maxBytes: 40, maxAgeMs: 1000, now: () => now });
    cache.keep('/a', cache.generation(), answer('aaaaaaaaaa'));
    cache.keep('/b', cache.generation(), answer('bbbbbbbbbb'));
    cache.keep('/c', cache.generation(), answer('cccccccccc'));
    expect(cache.get('/a')).toBeDefined();
    cache.keep('/d', cache.generation(), answer('dddddddddd'));
    cache.keep('/e', cache.generation(), answer('eeeeeeeeee'));
    expect(cache.get('/b')).toBeUndefined();
    expect(['/a', '/c', '/d', '/e'].map((key) => cache.get(key)?.body.toString())).toEqual([
      'aaaaaaaaaa',
      'cccccccccc',
      'dddddddddd',
      'eeeeeeeeee',
    ]);
    // More than a quarter of the bytes: sent, not kept.
    cache.keep('/big', cache.generation(), answer('x'.repeat(11)));
    expect(cache.get('/big')).toBeUndefined();

    now = 1001;
    expect(cache.get('/a')).toBeUndefined();
  });
});
