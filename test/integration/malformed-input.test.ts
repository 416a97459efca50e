import http from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { AUDIT_MESSAGES } from '@tapinti/contracts/audit-api';
import { PHOTO_MESSAGES } from '@tapinti/contracts/announcements-api';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { TEXT_MESSAGES } from '@tapinti/contracts/input-text';
import { JSON_BODY_MESSAGES } from '@tapinti/platform/json-body';
import { malformedRequests, operationsOf, type OpenApiDocument } from '../fuzz/malformed-requests';
import { inPool, send } from '../fuzz/send';
import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { approvedOrganization } from '../support/organizations';
import { HttpClient, uniqueName } from '../support/http-client';
import { sharedPlatforms } from '../support/platform';

/** Letters only Azerbaijani text has among the messages: every refusal is one of its sentences. */
const AZERBAIJANI = /[əğıöşüçİ]/;
const JSON_TYPE = { 'content-type': 'application/json' };
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const bad = TEXT_MESSAGES.invalidCharacters;

const announcement = {
  type: 'lost',
  title: 'Qara telefon itirilib',
  description: 'Gənclik metrosunda qara rəngli telefon itirmişəm, tapan zəng etsin',
  category: 'phones',
  location: 'Gənclik metrosu',
  roomNumber: '12',
  contactInfo: '+994501112233',
  rewardAmount: 20,
  rewardDescription: 'Tapana 20 AZN',
};

describe.each(sharedPlatforms())(
  'malformed input is a 4xx with an Azerbaijani message ($mode)',
  ({ url }) => {
    const anonymous = new HttpClient(url);
    let user: TestUser;
    let admin: HttpClient;

    beforeAll(async () => {
      [user, admin] = await Promise.all([registerUser(url, 'malformed'), signInSuperAdmin(url)]);
    });

    const expectRefusal = (
      res: { status: number; body: any },
      status: number,
      message: string,
      field?: string,
    ) => {
      expect({ status: res.status, message: res.body?.message }).toEqual({ status, message });
      if (field) expect(res.body.field).toBe(field);
    };

    describe('text with NUL or ill-formed UTF-16', () => {
      it('login: NUL in either field, a lone surrogate in the username', async () => {
        for (const field of ['username', 'password'] as const) {
          const body = { username: 'someone', password: 'Parol-12345', [field]: 'some\u0000one' };
          expectRefusal(await anonymous.post('/api/login', body), 400, bad, field);
        }
        expectRefusal(
          await anonymous.post('/api/login', { username: '\ud800', password: 'x' }),
          400,
          bad,
          'username',
        );
        expectRefusal(
          await anonymous.post('/api/login', { username: 'ab\udc00', password: 'x' }),
          400,
          bad,
          'username',
        );
      });

      it('login: 63 letters and an emoji (cut for the audit row) is an ordinary failed login', async () => {
        for (const username of [`${'a'.repeat(63)}😀`, `${'b'.repeat(63)}😀x`, `${'😀'.repeat(40)}`]) {
          expectRefusal(
            await anonymous.post('/api/login', { username, password: 'Parol-12345' }),
            401,
            AUTH_MESSAGES.wrongCredentials,
          );
        }
      });

      it('register: NUL in every text field', async () => {
        for (const field of ['username', 'email', 'phone', 'password', 'confirmPassword']) {
          const name = uniqueName('nul');
          const body: Record<string, string> = {
            username: name,
            email: `${name}@example.az`,
            phone: '+994501234567',
            password: 'Kohne-Qala-2025',
            confirmPassword: 'Kohne-Qala-2025',
          };
          body[field] = `${body[field]}\u0000`;
          expectRefusal(await anonymous.post('/api/register', body), 400, bad, field);
        }
      });

      it('announcement: NUL and lone surrogates in every text field, security questions included', async () => {
        for (const field of [
          'title',
          'description',
          'location',
          'roomNumber',
          'contactInfo',
          'rewardDescription',
        ]) {
          for (const junk of ['\u0000', '\ud800', '\udfff']) {
            const body = {
              ...announcement,
              [field]: `${announcement[field as keyof typeof announcement]}${junk}`,
            };
            expectRefusal(await user.client.post('/api/announcements', body), 400, bad, field);
          }
        }
        const found = { ...announcement, type: 'found', rewardAmount: 0, rewardDescription: null };
        expectRefusal(
          await user.client.post('/api/announcements', {
            ...found,
            securityQuestions: [{ question: 'Telefonun rəngi nədir\u0000', expectedAnswer: 'qara' }],
          }),
          400,
          bad,
          'securityQuestions.0.question',
        );
        expectRefusal(
          await user.client.post('/api/announcements', {
            ...found,
            securityQuestions: [{ question: 'Telefonun rəngi nədir', expectedAnswer: 'qara\ud83d' }],
          }),
          400,
          bad,
          'securityQuestions.0.expectedAnswer',
        );
        // The same text, well formed, is taken.
        expect((await user.client.post('/api/announcements', announcement)).status).toBe(201);
      });

      it("an organisation's settings: NUL in a key or a text at any depth, as the OpenAPI document says", async () => {
        const { organization } = await approvedOrganization(admin, user.client, 'nulsettings');
        const update = (settings: unknown) =>
          admin.put(`/api/organizations/${organization.id}`, { isActive: true, settings });
        expectRefusal(
          await update({ desk: { shelves: [{ 'ad\u0000': 'A' }] } }),
          400,
          bad,
          'settings.desk.shelves.0',
        );
        expectRefusal(await update({ desk: { shelves: ['A\u0000'] } }), 400, bad, 'settings.desk.shelves.0');
        expectRefusal(await update({ 'desk\u0000': true }), 400, bad);
        expect((await update({ desk: { shelves: ['A', 1, null, true, {}] } })).status).toBe(200);
      });

      it('the announcement search: NUL in ?search=', async () => {
        for (const search of ['%00', 'telefon%00', '%00%00%00'])
          expectRefusal(await anonymous.get(`/api/announcements?search=${search}`), 400, bad, 'search');
        expect((await anonymous.get('/api/announcements?search=telefon')).status).toBe(200);
      });

      it('the global search: ?q=%00%00%00 (super admin)', async () => {
        expectRefusal(await admin.get('/api/search?q=%00%00%00'), 400, bad, 'q');
        expectRefusal(await admin.get('/api/search?q=abc%00'), 400, bad, 'q');
        expect((await admin.get('/api/search?q=superadmin')).status).toBe(200);
      });
    });

    it('audit log dates outside what Postgres reads (super admin)', async () => {
      for (const query of [
        'fromDate=0000-01-01',
        'toDate=9999-12-31',
        'fromDate=%2B275760-09-13',
        'toDate=-000001-01-01',
      ])
        expectRefusal(
          await admin.get(`/api/audit-logs?${query}`),
          400,
          AUDIT_MESSAGES.date,
          query.split('=')[0],
        );
      expectRefusal(await admin.get('/api/audit-logs?fromDate=2025-01-01%00'), 400, bad, 'fromDate');
      expect((await admin.get('/api/audit-logs?fromDate=2025-01-01&toDate=2999-12-31')).status).toBe(200);
    });

    describe('the JSON body parser', () => {
      const login = (body: Buffer, headers: Record<string, string> = JSON_TYPE) =>
        anonymous.request('POST', '/api/login', body, headers);
      const credentials = utf8(JSON.stringify({ username: 'nobody-here', password: 'Parol-12345' }));

      it('answers 400 to malformed JSON, a bare value and over-deep nesting', async () => {
        for (const text of ['{"username":', "{'a':1}", '{"a":1,}', 'null', '"x"', '\u0000'])
          expectRefusal(await login(utf8(text)), 400, JSON_BODY_MESSAGES.malformed);
        const depth = 20_000;
        expectRefusal(
          await login(utf8('['.repeat(depth) + ']'.repeat(depth))),
          400,
          JSON_BODY_MESSAGES.tooDeep,
        );
        // 20 000 nested objects are over the size limit already (413); 5 000 are not.
        expectRefusal(
          await login(utf8('{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000))),
          400,
          JSON_BODY_MESSAGES.tooDeep,
        );
      });

      it('answers 400 to bodies that are not UTF-8, whatever charset they name', async () => {
        const invalid = [
          Buffer.concat([utf8('{"username":"'), Buffer.from([0xff, 0xfe]), utf8('","password":"x"}')]),
          Buffer.concat([utf8('{"username":"'), Buffer.from([0xed, 0xa0, 0x80]), utf8('","password":"x"}')]),
          Buffer.concat([utf8('{"username":"'), Buffer.from([0xc0, 0xaf]), utf8('","password":"x"}')]),
        ];
        for (const body of invalid) expectRefusal(await login(body), 400, JSON_BODY_MESSAGES.notUtf8);
        expectRefusal(
          await login(Buffer.from(`\ufeff${credentials}`, 'utf16le'), {
            'content-type': 'application/json; charset=utf-16',
          }),
          400,
          JSON_BODY_MESSAGES.notUtf8,
        );
        // UTF-8 it is, whatever the charset says; a leading byte order mark is dropped.
        expectRefusal(
          await login(credentials, { 'content-type': 'application/json; charset=iso-8859-1' }),
          401,
          AUTH_MESSAGES.wrongCredentials,
        );
        expectRefusal(
          await login(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), credentials])),
          401,
          AUTH_MESSAGES.wrongCredentials,
        );
      });

      it('takes gzip and deflate, answers 415 to any other Content-Encoding and 400 to a broken one', async () => {
        for (const [encoding, body] of [
          ['gzip', gzipSync(credentials)],
          ['deflate', deflateSync(credentials)],
          ['identity', credentials],
        ] as const)
          expectRefusal(
            await login(body, { ...JSON_TYPE, 'content-encoding': encoding }),
            401,
            AUTH_MESSAGES.wrongCredentials,
          );
        for (const [encoding, body] of [
          ['br', brotliCompressSync(credentials)],
          ['compress', credentials],
          ['x-fuzz', credentials],
          ['gzip, gzip', gzipSync(gzipSync(credentials))],
        ] as const)
          expectRefusal(
            await login(body, { ...JSON_TYPE, 'content-encoding': encoding }),
            415,
            JSON_BODY_MESSAGES.encoding,
          );
        expectRefusal(
          await login(utf8('not gzip'), { ...JSON_TYPE, 'content-encoding': 'gzip' }),
          400,
          JSON_BODY_MESSAGES.badCompression,
        );
        // A small gzip that inflates past the limit is as large as what it inflates to.
        expectRefusal(
          await login(gzipSync(Buffer.alloc(5_000_000, 0x20)), { ...JSON_TYPE, 'content-encoding': 'gzip' }),
          413,
          JSON_BODY_MESSAGES.tooLarge,
        );
      });

      it('refuses __proto__ and constructor.prototype keys; nothing inherits them', async () => {
        expectRefusal(
          await login(utf8('{"__proto__":{"role":"super_admin"},"username":"a","password":"b"}')),
          400,
          JSON_BODY_MESSAGES.forbiddenKey,
        );
        expectRefusal(
          await user.client.request(
            'POST',
            '/api/announcements',
            utf8(
              JSON.stringify(announcement).replace('{', '{"constructor":{"prototype":{"isPublic":false}},'),
            ),
            JSON_TYPE,
          ),
          400,
          JSON_BODY_MESSAGES.forbiddenKey,
        );
        const me = await user.client.get('/api/user');
        expect(me.status).toBe(200);
        expect(me.body.role).toBe('user');
      });

      it('answers 413 to a 1 MB body', async () => {
        const res = await anonymous.post('/api/login', { username: 'x'.repeat(1_048_576), password: 'y' });
        expectRefusal(res, 413, JSON_BODY_MESSAGES.tooLarge);
      });
    });

    it('POST /api/objects/upload after a burst of malformed requests from the same user: 32 odd bodies, none a 5xx', async () => {
      // The burst: every malformed case of three of the user's operations, over kept-alive connections.
      const doc = (await anonymous.get<OpenApiDocument>('/api/openapi.json')).body;
      const burst = operationsOf(doc)
        .filter(
          (op) =>
            (op.method === 'POST' &&
              ['/api/announcements', '/api/objects/normalize-path', '/api/requests'].includes(op.path)) ||
            (op.method === 'PUT' && op.path === '/api/objects/uploads/{token}'),
        )
        .flatMap((op) => malformedRequests(op));
      const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
      const uploader = await registerUser(url, 'uploader');
      const headers = { origin: url, cookie: uploader.client.cookieHeader };
      const answers = await inPool(burst, 4, (r) => send(agent, url, r, headers));
      expect(answers.filter((a) => a.status === null || a.status >= 500).map((a) => a.request.label)).toEqual(
        [],
      );

      const bodies: [string, Record<string, string>, Buffer | undefined, number | 'taken'][] = [
        ['no body', {}, undefined, 'taken'],
        ['empty JSON', JSON_TYPE, Buffer.alloc(0), 'taken'],
        ['{}', JSON_TYPE, utf8('{}'), 'taken'],
        ['[]', JSON_TYPE, utf8('[]'), 'taken'],
        ['null', JSON_TYPE, utf8('null'), 400],
        ['a string', JSON_TYPE, utf8('"x"'), 400],
        ['no Content-Type', {}, utf8('{}'), 'taken'],
        ['text/plain', { 'content-type': 'text/plain' }, utf8('{}'), 'taken'],
        ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, utf8('a=1'), 'taken'],
        ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }, utf8('--x--\r\n'), 'taken'],
        ['gzip', { ...JSON_TYPE, 'content-encoding': 'gzip' }, gzipSync(utf8('{}')), 'taken'],
        ['gzip of garbage', { ...JSON_TYPE, 'content-encoding': 'gzip' }, utf8('{}'), 400],
        ['deflate', { ...JSON_TYPE, 'content-encoding': 'deflate' }, deflateSync(utf8('{}')), 'taken'],
        ['br', { ...JSON_TYPE, 'content-encoding': 'br' }, brotliCompressSync(utf8('{}')), 415],
        ['compress', { ...JSON_TYPE, 'content-encoding': 'compress' }, utf8('{}'), 415],
        ['unknown encoding', { ...JSON_TYPE, 'content-encoding': 'fuzz' }, utf8('{}'), 415],
        [
          'two encodings',
          { ...JSON_TYPE, 'content-encoding': 'gzip, gzip' },
          gzipSync(gzipSync(utf8('{}'))),
          415,
        ],
        ['malformed JSON', JSON_TYPE, utf8('{"a":'), 400],
        ['20 000 deep', JSON_TYPE, utf8('['.repeat(20_000) + ']'.repeat(20_000)), 400],
        ['__proto__', JSON_TYPE, utf8('{"__proto__":{"x":1}}'), 400],
        ['constructor.prototype', JSON_TYPE, utf8('{"constructor":{"prototype":{"x":1}}}'), 400],
        ['invalid UTF-8', JSON_TYPE, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), 400],
        [
          'UTF-16',
          { 'content-type': 'application/json; charset=utf-16' },
          Buffer.from('\ufeff{}', 'utf16le'),
          400,
        ],
        ['latin1 charset', { 'content-type': 'application/json; charset=latin1' }, utf8('{}'), 'taken'],
        ['BOM', JSON_TYPE, Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), 'taken'],
        ['1 MB', JSON_TYPE, utf8(JSON.stringify({ a: 'x'.repeat(1_048_576) })), 413],
        ['NUL byte', JSON_TYPE, Buffer.from([0]), 400],
        ['NUL text', JSON_TYPE, utf8('{"a":"\\u0000"}'), 'taken'],
        ['lone surrogate', JSON_TYPE, utf8('{"a":"\\ud800"}'), 'taken'],
        ['octet-stream', { 'content-type': 'application/octet-stream' }, Buffer.from([1, 2, 3]), 'taken'],
        ['image/jpeg', { 'content-type': 'image/jpeg' }, Buffer.from([0xff, 0xd8, 0xff]), 'taken'],
        [
          'gzip bomb',
          { ...JSON_TYPE, 'content-encoding': 'gzip' },
          gzipSync(Buffer.alloc(5_000_000, 0x20)),
          413,
        ],
      ];
      // A body the endpoint takes (it reads none) gets an upload URL while the user's pending
      // uploads leave room, then the quota's 429; any other its own 4xx; always an Azerbaijani message.
      const seen: [string, number | 'taken'][] = [];
      for (const [label, hdrs, body] of bodies) {
        const res = await uploader.client.request(
          'POST',
          '/api/objects/upload?contentType=image%2Fjpeg',
          body,
          hdrs,
        );
        if (res.status === 200) expect(res.body.uploadURL).toEqual(expect.any(String));
        else expect(res.body.message).toMatch(AZERBAIJANI);
        const quota = res.status === 429 && res.body.message === PHOTO_MESSAGES.pendingLimit;
        seen.push([label, res.status === 200 || quota ? 'taken' : res.status]);
      }
      expect(seen).toEqual(bodies.map(([label, , , status]) => [label, status]));
      // A fresh user gets an upload URL, this one (over its quota) the 429.
      expect(
        (await (await registerUser(url, 'fresh')).client.post('/api/objects/upload?contentType=image%2Fjpeg'))
          .status,
      ).toBe(200);
      const again = await uploader.client.post('/api/objects/upload?contentType=image%2Fjpeg');
      expect({ status: again.status, message: again.body.message }).toEqual({
        status: 429,
        message: PHOTO_MESSAGES.pendingLimit,
      });
    });
  },
);
