import sharp from 'sharp';
import type { HttpClient } from './http-client';

/** Where the fixture photo says it was taken (Baku), as EXIF GPS rationals. */
export const FIXTURE_GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '40/1 24/1 3600/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '49/1 52/1 1200/100',
};

/**
 * A real JPEG as a phone writes it: `width`×`height` stored pixels (a red left half, so the
 * orientation can be seen), EXIF orientation 6 (to be shown turned 90° clockwise), a GPS
 * position, a camera model and an XMP packet.
 */
export async function phoneJpeg(width = 3000, height = 1600): Promise<Buffer> {
  const left = await sharp({
    create: { width: Math.floor(width / 2), height, channels: 3, background: { r: 220, g: 20, b: 20 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 20, b: 220 } } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'Tapinti Test Phone', Model: 'GPS-1' },
      IFD3: FIXTURE_GPS,
    })
    .withMetadata({ orientation: 6 })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="40,24.6N"/>' +
        '</rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/** What an image carries besides its pixels, as sharp reads it. */
export async function metadataOf(bytes: Buffer) {
  const m = await sharp(bytes).metadata();
  return {
    format: m.format,
    width: m.width,
    height: m.height,
    orientation: m.orientation,
    exif: m.exif,
    xmp: m.xmp,
    iptc: m.iptc,
  };
}

/** The colour of a pixel (r, g, b), e.g. to see which way a photo was turned. */
export async function pixelAt(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

/**
 * What the browser does with one photo: ask for an upload URL, PUT the bytes to it (gateway or
 * S3), then normalise it. Its `/objects/<id>` path.
 */
export async function uploadPhoto(client: HttpClient, bytes: Buffer): Promise<string> {
  const asked = await client.post('/api/objects/upload?contentType=image%2Fjpeg');
  expect(asked.status).toBe(200);
  const uploadURL: string = asked.body.uploadURL;
  const put = await fetch(new URL(uploadURL, client.baseUrl), {
    method: 'PUT',
    // A plain view of the bytes: a body under both Node's and the DOM's typings (the e2e tests use it too).
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'image/jpeg' },
  });
  await put.arrayBuffer();
  expect(put.status).toBe(200);
  const normalized = await client.post('/api/objects/normalize-path', { uploadURL });
  expect(normalized.status).toBe(200);
  return normalized.body.normalizedPath;
}
