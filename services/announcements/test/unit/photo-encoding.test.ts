import sharp from 'sharp';
import { metadataOf, phoneJpeg, pixelAt } from '../../../../test/support/photo-fixtures';
import { encodePhoto, UnusableImageError } from '../../src/application/photo-encoding';
import { PHOTO_MAX_LONG_SIDE, PHOTO_MEDIUM_WIDTH } from '@tapinti/contracts/photo-variants';
import { pendingBytesOf } from '../../src/domain/photo';

const isRed = ([r, g, b]: number[]) => r! > 150 && g! < 90 && b! < 90;
const isBlue = ([r, g, b]: number[]) => b! > 150 && r! < 90 && g! < 90;

describe('encodePhoto', () => {
  it('drops EXIF (GPS), XMP and orientation, turns the pixels as the orientation said, and caps the long side', async () => {
    const original = await phoneJpeg(3000, 1600);
    const before = await metadataOf(original);
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('Tapinti Test Phone');
    expect(before.xmp).toBeDefined();

    const { photo, thumbnail, medium } = await encodePhoto(original, 'image/jpeg');
    const after = await metadataOf(photo.bytes);
    expect(after).toMatchObject({ format: 'jpeg', width: 1092, height: PHOTO_MAX_LONG_SIDE });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(photo.bytes.includes('Tapinti Test Phone')).toBe(false);
    // Turned 90° clockwise: the stored left half (red) is now on top.
    expect(isRed(await pixelAt(photo.bytes, 400, 20))).toBe(true);
    expect(isBlue(await pixelAt(photo.bytes, 400, 2000))).toBe(true);

    expect(thumbnail.contentType).toBe('image/webp');
    expect(await metadataOf(thumbnail.bytes)).toMatchObject({
      format: 'webp',
      width: 480,
      height: 300,
      exif: undefined,
      xmp: undefined,
    });
    // The screen-sized copy: 960 px wide, upright, as WebP, and far smaller than the kept photo.
    expect(medium.contentType).toBe('image/webp');
    expect(await metadataOf(medium.bytes)).toMatchObject({
      format: 'webp',
      width: PHOTO_MEDIUM_WIDTH,
      height: 1800,
      exif: undefined,
      xmp: undefined,
    });
    expect(isRed(await pixelAt(medium.bytes, 350, 20))).toBe(true);
    expect(medium.bytes.length).toBeLessThan(photo.bytes.length / 2);
  });

  it('keeps small photos at their size, and a GIF as a PNG', async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
      .gif()
      .toBuffer();
    const { photo, medium } = await encodePhoto(gif, 'image/gif');
    expect(photo.contentType).toBe('image/png');
    expect(await metadataOf(photo.bytes)).toMatchObject({ format: 'png', width: 40, height: 30 });
    expect(await metadataOf(medium.bytes)).toMatchObject({ format: 'webp', width: 40, height: 30 });
  });

  it('refuses bytes that only start like an image, and images of too many pixels', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    await expect(encodePhoto(broken, 'image/jpeg')).rejects.toMatchObject({ reason: 'notImage' });
    // 20 000 × 10 000 of one colour compresses to a few kilobytes.
    const huge = await sharp({ create: { width: 20_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(encodePhoto(huge, 'image/png')).rejects.toBeInstanceOf(UnusableImageError);
    await expect(encodePhoto(huge, 'image/png')).rejects.toMatchObject({ reason: 'tooManyPixels' });
  });
});

describe('pendingBytesOf', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const later = new Date('2026-01-01T12:10:00Z');
  const earlier = new Date('2026-01-01T11:50:00Z');

  it('counts a whole photo for an open upload URL, and what an expired one holds', () => {
    expect(pendingBytesOf([], now)).toBe(0);
    expect(pendingBytesOf([{ expiresAt: later, storedBytes: 0 }], now)).toBe(10_485_760);
    expect(pendingBytesOf([{ expiresAt: later, storedBytes: 30_000_000 }], now)).toBe(30_000_000);
    expect(pendingBytesOf([{ expiresAt: earlier, storedBytes: 5000 }], now)).toBe(5000);
  });
});
