import { hasBadCharacters } from '@tapinti/contracts/input-text';
import {
  classifyIdentifier,
  foldUsername,
  identifierDigest,
  identifierForEvent,
  keyedIdentifierDigest,
  unknownLoginStreamId,
} from '../../src/domain/identity';

describe('username folding (Azerbaijani-aware)', () => {
  it('folds dotted İ to i and dotless I to ı before lower-casing', () => {
    expect(foldUsername('İlham')).toBe('ilham');
    expect(foldUsername('Ilham')).toBe('ılham');
    expect(foldUsername('ILHAM')).toBe(foldUsername('ılham'));
    expect(foldUsername('ILHAM')).not.toBe(foldUsername('ilham'));
    expect(foldUsername('ƏLİ')).toBe('əli');
  });

  it('treats composed and decomposed forms alike', () => {
    expect(foldUsername('I\u0307lham')).toBe(foldUsername('İlham'));
  });
});

describe('login identifier', () => {
  it('is an e-mail when it has @, lower-cased', () => {
    expect(classifyIdentifier('  Ali@Example.AZ ')).toEqual({ method: 'email', key: 'ali@example.az' });
  });

  it('is a phone in international format, normalised like phoneSchema', () => {
    expect(classifyIdentifier('+994 (50) 123-45-67')).toEqual({ method: 'phone', key: '+994501234567' });
  });

  it('is a username otherwise, folded', () => {
    expect(classifyIdentifier('İlham')).toEqual({ method: 'username', key: 'ilham' });
    expect(classifyIdentifier('994501234567')).toEqual({ method: 'username', key: '994501234567' });
    expect(classifyIdentifier('+12')).toEqual({ method: 'username', key: '+12' });
  });

  it('has a stable digest that does not contain the identifier', () => {
    const id = classifyIdentifier('someone');
    expect(identifierDigest(id)).toBe(identifierDigest(classifyIdentifier(' SOMEONE ')));
    expect(identifierDigest(id)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('has a keyed digest for events: stable under one secret, another under another, never the text', () => {
    const id = classifyIdentifier('Hunter2-password');
    const digest = keyedIdentifierDigest('secret-1', id);
    expect(digest).toMatch(/^[0-9a-f]{32}$/);
    expect(keyedIdentifierDigest('secret-1', classifyIdentifier(' HUNTER2-PASSWORD '))).toBe(digest);
    expect(keyedIdentifierDigest('secret-2', id)).not.toBe(digest);
    expect(digest).not.toBe(identifierDigest(id).slice(0, 32));
    expect(unknownLoginStreamId(digest, 'x')).toBe(`login-${digest}.x`);
  });

  it('goes into events trimmed, without control characters, at most 64 characters', () => {
    expect(identifierForEvent(' a\nb\u0000c ')).toBe('abc');
    expect(identifierForEvent('x'.repeat(300))).toHaveLength(64);
  });

  it('is cut by characters, never inside a surrogate pair', () => {
    const cut = identifierForEvent(`${'a'.repeat(63)}😀😀`);
    expect(cut).toBe(`${'a'.repeat(63)}😀`);
    expect([...cut]).toHaveLength(64);
    expect(hasBadCharacters(cut)).toBe(false);
    expect([...identifierForEvent('😀'.repeat(100))]).toHaveLength(64);
  });
});
