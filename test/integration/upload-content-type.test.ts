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
 * Issue 21, finding 6: the raw upload PUT takes only a photo's declared type. The filesystem
 * storage's signed URL (through the gateway) is checked here; embedded mode uses it.
 */
describe.each(sharedPlatforms().filter((p) => p.mode === 'embedded'))(
  'the upload PUT refuses bodies declared as anything but a photo ($mode)',
  ({ url }) => {
    /** A fresh uploader each time: a refused upload stays pending and counts against its quota. */
    async function put(body: Buffer, contentType: string) {
      const uploader = await registerUser(url, 'yukleyen');
      const res = await uploader.client.post('/api/objects/upload');
      expect(res.status).toBe(200);
      const uploadURL: string = res.body.uploadURL;
      expect(uploadURL).toMatch(/^\/(api\/)?objects\//);
      const answer = await fetch(new URL(uploadURL, url), {
        method: 'PUT',
        body,
        headers: { 'content-type': contentType },
      });
      const text = await answer.text();
      return { status: answer.status, message: answer.status === 200 ? null : JSON.parse(text).message };
    }

    it.each([
      ['text/html', HTML],
      ['text/html; charset=utf-8', HTML],
      ['image/svg+xml', SVG],
      ['application/octet-stream', HTML],
    ])('%s: 415 with the Azerbaijani message', async (contentType, body) => {
      expect(await put(body, contentType)).toEqual({ status: 415, message: PHOTO_MESSAGES.notImage });
    });

    it('takes a PNG declared as image/png', async () => {
      expect(await put(PNG, 'image/png')).toEqual({ status: 200, message: null });
    });
  },
);
