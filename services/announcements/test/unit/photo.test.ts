import { MAX_PHOTO_BYTES } from '@tapinti/contracts/announcements-api';
import { objectIdOfPath, photoProblem, sniffImageType } from '../../src/domain/photo';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a4649460001', 'hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('photo sniffing', () => {
  it('recognises JPEG, PNG, GIF and WebP by their magic numbers', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(GIF)).toBe('image/gif');
    expect(sniffImageType(Buffer.from('GIF87a......'))).toBe('image/gif');
    expect(sniffImageType(WEBP)).toBe('image/webp');
  });

  it('refuses text (a .txt renamed .png), SVG, HTML, other RIFF files and truncated signatures', () => {
    expect(sniffImageType(Buffer.from('hello, this is not a picture'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<!doctype html><script>'))).toBeNull();
    expect(
      sniffImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')])),
    ).toBeNull();
    expect(sniffImageType(PNG.subarray(0, 5))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('says why an upload cannot be a photo', () => {
    expect(photoProblem(PNG.length, PNG)).toBeNull();
    expect(photoProblem(MAX_PHOTO_BYTES, PNG)).toBeNull();
    expect(photoProblem(MAX_PHOTO_BYTES + 1, PNG)).toBe('tooLarge');
    expect(photoProblem(20, Buffer.from('just some text here.'))).toBe('notImage');
    expect(photoProblem(0, Buffer.alloc(0))).toBe('empty');
  });

  it('reads object ids only from well-formed /objects/<uuid> paths', () => {
    const id = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    expect(objectIdOfPath(`/objects/${id}`)).toBe(id);
    expect(objectIdOfPath(`/objects/${id}/x`)).toBeNull();
    expect(objectIdOfPath('/objects/../../etc/passwd')).toBeNull();
    expect(objectIdOfPath('/objects/abcdefgh')).toBeNull();
    expect(objectIdOfPath(`https://evil.example/objects/${id}`)).toBeNull();
  });
});
