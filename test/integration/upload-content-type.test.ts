import { PHOTO_MESSAGES } from '@tapinti/contracts/announcements-api';
import { registerUser } from '../support/accounts';
import { sharedPlatforms } from '../support/platform';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/**
 * Issue 21, finding 6: the raw upload PUT takes only the photo type its URL was asked for, and the
 * type must be asked for. Embedded mode: the filesystem storage's signed token carries the type and
 * the PUT (through the gateway) must declare it. Distributed mode: the URL is presigned for the type
 * (signed Content-Type), and real S3 refuses any other.
 */
describe.each(sharedPlatforms())(
  'the upload PUT refuses bodies declared as anything but the photo type asked for ($mode)',
  ({ url, mode }) => {
    /** A fresh uploader each time: a refused upload stays pending and counts against its quota. */
    async function uploadUrl(asked?: string) {
      const uploader = await registerUser(url, 'yukleyen');
      const query = asked === undefined ? '' : `?contentType=${encodeURIComponent(asked)}`;
      return uploader.client.post(`/api/objects/upload${query}`);
    }

    async function put(uploadURL: string, body: Buffer, contentType?: string) {
      const answer = await fetch(new URL(uploadURL, url), {
        method: 'PUT',
        body,
        headers: contentType === undefined ? {} : { 'content-type': contentType },
      });
      return { status: answer.status, text: await answer.text() };
    }

    it('asking for an upload URL without a content type: 400 with the Azerbaijani message', async () => {
      const res = await uploadUrl();
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: PHOTO_MESSAGES.typeRequired,
      });
    });

    it.each(['text/html', 'image/svg+xml', 'application/octet-stream', 'image/png; x=1', ''])(
      "asking for a '%s' upload URL: 400 with the Azerbaijani message",
      async (asked) => {
        const res = await uploadUrl(asked);
        expect({ status: res.status, message: res.body.message }).toEqual({
          status: 400,
          message: PHOTO_MESSAGES.notImage,
        });
      },
    );

    const refusals: [string | undefined, Buffer][] = [
      ['text/html', HTML],
      ['text/html; charset=utf-8', HTML],
      ['image/svg+xml', SVG],
      ['application/octet-stream', HTML],
      ['image/jpeg', PNG],
      [undefined, HTML],
    ];
    it.each(refusals)('a URL asked for image/png refuses a PUT declared %s', async (contentType, body) => {
      const res = await uploadUrl('image/png');
      expect(res.status).toBe(200);
      const { uploadURL } = res.body as { uploadURL: string };
      const answer = await put(uploadURL, body, contentType);
      if (mode === 'embedded') {
        expect(uploadURL).toMatch(/^\/(api\/)?objects\//);
        expect({ status: answer.status, message: JSON.parse(answer.text).message }).toEqual({
          status: 415,
          message: PHOTO_MESSAGES.notImage,
        });
      } else {
        expect(uploadURL).toMatch(/^https?:\/\//);
        expect(answer.status).toBe(403);
        expect(answer.text).toContain('SignatureDoesNotMatch');
      }
    });

    it('takes a PNG declared as the image/png it asked for, and normalises it', async () => {
      const uploader = await registerUser(url, 'yukleyen');
      const res = await uploader.client.post('/api/objects/upload?contentType=image%2Fpng');
      expect(res.status).toBe(200);
      const { uploadURL } = res.body as { uploadURL: string };
      expect((await put(uploadURL, PNG, 'image/png')).status).toBe(200);
      const normalized = await uploader.client.post('/api/objects/normalize-path', { uploadURL });
      expect(normalized.status).toBe(200);
      expect(normalized.body.normalizedPath).toMatch(/^\/objects\//);
    });
  },
);
