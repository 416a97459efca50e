/**
 * The sizes a kept photo is served in (made at upload, `services/announcements`), and how a page
 * asks for the one its screen needs: a phone on slow 4G should not download a 2048 px original to
 * show it 340 px wide.
 */

/** A kept photo's long side at most (larger ones are scaled down). */
export const PHOTO_MAX_LONG_SIDE = 2048;
/** The screen-sized WebP copy's width at most (a phone's gallery at 3× density, a desktop's at 1.5×). */
export const PHOTO_MEDIUM_WIDTH = 960;

/** The screen-sized copy of the photo at `/objects/<id>`: `/objects/<id>/medium`. */
export const mediumPathOf = (photoPath: string) => `${photoPath}/medium`;

/**
 * A photo's `srcset`: the screen-sized copy, and the kept photo for a wider need (its width is at
 * most `PHOTO_MAX_LONG_SIDE`; a narrower original is never chosen over its copy of the same width).
 */
export const photoSrcSet = (photoPath: string) =>
  `${mediumPathOf(photoPath)} ${PHOTO_MEDIUM_WIDTH}w, ${photoPath} ${PHOTO_MAX_LONG_SIDE}w`;

/**
 * The width a photo gallery takes (`sizes`): a phone's screen less the page's and card's padding
 * (16 + 20 px a side), the announcement page's 760 px column less its padding from 768 px on.
 */
export const PHOTO_GALLERY_SIZES = '(min-width: 768px) 672px, calc(100vw - 72px)';
