import { MAX_PHOTO_BYTES } from '@tapinti/contracts/announcements-api';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The image type the file's first bytes (magic numbers) declare, whatever its name or the
 * Content-Type it was uploaded with; null for anything that is not JPEG, PNG, WebP or GIF.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export type PhotoProblem = 'tooLarge' | 'notImage' | 'empty';

/** Why a stored upload cannot become a photo, or null when it can. */
export function photoProblem(size: number, firstBytes: Uint8Array): PhotoProblem | null {
  if (size <= 0) return 'empty';
  if (size > MAX_PHOTO_BYTES) return 'tooLarge';
  return sniffImageType(firstBytes) ? null : 'notImage';
}

/** Upload and object ids are server-generated v4 uuids; anything else is unknown. */
export const OBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const objectPathOf = (objectId: string) => `/objects/${objectId}`;

/** The object id of a `/objects/<id>` path, or null. */
export function objectIdOfPath(path: string): string | null {
  const match = /^\/objects\/([^/?#]+)$/.exec(path);
  return match && OBJECT_ID.test(match[1]!) ? match[1]! : null;
}

/** Where the bytes a browser uploads land (an upload URL writes here)… */
export const uploadKeyOf = (objectId: string) => `uploads/${objectId}`;
/** …and where they are kept once checked: no upload URL points here, so they cannot change. */
export const photoKeyOf = (objectId: string) => `photos/${objectId}`;
/** Where the small card image of a photo is kept. */
export const thumbnailKeyOf = (objectId: string) => `thumbnails/${objectId}`;
/** Where the screen-sized copy of a photo is kept (`PHOTO_MEDIUM_WIDTH`, WebP). */
export const mediumKeyOf = (objectId: string) => `medium/${objectId}`;
/** The thumbnail of the photo at `/objects/<id>`: `/objects/<id>/thumbnail`. */
export const thumbnailPathOf = (photoPath: string) => `${photoPath}/thumbnail`;

/** Images with more pixels than this are refused before decoding (a small file can unpack huge). */
export const PHOTO_MAX_PIXELS = 100_000_000;
/** Thumbnails are the card's picture box (16:10), so the browser knows their size beforehand. */
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_HEIGHT = 300;

/**
 * The type a photo is kept as: its own, except GIF, whose first frame is kept as PNG (lossless,
 * transparency kept; a lost item needs no animation).
 */
export function keptImageType(uploaded: ImageType): Exclude<ImageType, 'image/gif'> {
  return uploaded === 'image/gif' ? 'image/png' : uploaded;
}

/** A pending upload as the per-user cap counts it. */
export interface PendingUpload {
  /** When its upload URL stops taking bytes. */
  expiresAt: Date;
  /** Bytes stored under its upload key now (0 when nothing arrived yet). */
  storedBytes: number;
}

/**
 * The bytes a user's pending uploads hold or may still receive: an upload URL still open may
 * yet receive a whole photo (or, on S3, more), an expired one holds what it received until the
 * expiry job deletes it.
 */
export function pendingBytesOf(uploads: readonly PendingUpload[], now: Date): number {
  return uploads.reduce(
    (sum, u) => sum + (u.expiresAt > now ? Math.max(u.storedBytes, MAX_PHOTO_BYTES) : u.storedBytes),
    0,
  );
}
