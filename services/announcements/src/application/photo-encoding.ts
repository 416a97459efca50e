import sharp, { type OutputInfo } from 'sharp';
import { PHOTO_MAX_LONG_SIDE, PHOTO_MEDIUM_WIDTH } from '@tapinti/contracts/photo-variants';
import {
  keptImageType,
  PHOTO_MAX_PIXELS,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
  type ImageType,
} from '../domain/photo';

// Photos are decoded once each; libvips' operation cache would only hold memory, and one thread
// per image leaves the other core to the requests (the machine is small).
sharp.cache(false);
sharp.concurrency(1);

interface EncodedImage<T extends string> {
  bytes: Buffer;
  contentType: T;
  width: number;
  height: number;
}

export interface EncodedPhoto {
  photo: EncodedImage<ImageType>;
  thumbnail: EncodedImage<'image/webp'>;
  /** The screen-sized copy pages show (`PHOTO_MEDIUM_WIDTH` wide at most). */
  medium: EncodedImage<'image/webp'>;
}

const webp = ({ data, info }: { data: Buffer; info: OutputInfo }): EncodedImage<'image/webp'> => ({
  bytes: data,
  contentType: 'image/webp',
  width: info.width,
  height: info.height,
});

/**
 * The screen-sized WebP copy of a kept (already re-encoded) photo: at most `PHOTO_MEDIUM_WIDTH` wide,
 * never enlarged. A 2048 px JPEG of a phone's camera is several hundred kilobytes, seconds on slow 4G.
 */
export async function encodeMedium(keptPhoto: Buffer): Promise<EncodedImage<'image/webp'>> {
  return webp(
    await sharp(keptPhoto)
      .resize({ width: PHOTO_MEDIUM_WIDTH, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true }),
  );
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
 * side at most `PHOTO_MAX_LONG_SIDE`; a WebP thumbnail for cards, cropped to the card's box; and
 * the screen-sized copy pages show (`encodeMedium`).
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
    thumbnail: webp(thumbnail),
    medium: await encodeMedium(photo.data),
  };
}
