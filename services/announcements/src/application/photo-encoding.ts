import sharp from 'sharp';
import {
  keptImageType,
  PHOTO_MAX_LONG_SIDE,
  PHOTO_MAX_PIXELS,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
  type ImageType,
} from '../domain/photo';

// Photos are decoded once each; libvips' operation cache would only hold memory, and one thread
// per image leaves the other core to the requests (the machine is small).
sharp.cache(false);
sharp.concurrency(1);

export interface EncodedPhoto {
  photo: { bytes: Buffer; contentType: ImageType; width: number; height: number };
  thumbnail: { bytes: Buffer; contentType: 'image/webp'; width: number; height: number };
}

/** Why an image cannot be re-encoded: not decodable, or more pixels than we decode. */
export class UnusableImageError extends Error {
  constructor(
    readonly reason: 'notImage' | 'tooManyPixels',
    options?: { cause?: unknown },
  ) {
    super(`unusable image: ${reason}`, options);
    this.name = 'UnusableImageError';
  }
}

/**
 * Re-encodes an uploaded image as it is kept and served: every piece of metadata (EXIF with its
 * GPS position, XMP, IPTC, comments) dropped, the EXIF orientation applied to the pixels, the long
 * side at most `PHOTO_MAX_LONG_SIDE`; and a WebP thumbnail for cards, cropped to the card's box.
 * sharp writes no metadata unless asked to, so nothing of the original's survives.
 */
export async function encodePhoto(bytes: Buffer, uploadedType: ImageType): Promise<EncodedPhoto> {
  const notImage = (err: unknown) => new UnusableImageError('notImage', { cause: err });
  // The header tells the size before anything is decoded.
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch((err: unknown) => Promise.reject(notImage(err)));
  if (width * height > PHOTO_MAX_PIXELS) throw new UnusableImageError('tooManyPixels');
  const resized = sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' }).autoOrient().resize({
    width: PHOTO_MAX_LONG_SIDE,
    height: PHOTO_MAX_LONG_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const keptType = keptImageType(uploadedType);
  const encoder =
    keptType === 'image/jpeg'
      ? resized.jpeg({ quality: 85 })
      : keptType === 'image/png'
        ? resized.png()
        : resized.webp({ quality: 85 });
  const photo = await encoder
    .toBuffer({ resolveWithObject: true })
    .catch((err: unknown) => Promise.reject(notImage(err)));
  const thumbnail = await sharp(photo.data)
    .resize({ width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT, fit: 'cover', position: 'centre' })
    .webp({ quality: 70 })
    .toBuffer({ resolveWithObject: true });
  return {
    photo: { bytes: photo.data, contentType: keptType, width: photo.info.width, height: photo.info.height },
    thumbnail: {
      bytes: thumbnail.data,
      contentType: 'image/webp',
      width: thumbnail.info.width,
      height: thumbnail.info.height,
    },
  };
}
