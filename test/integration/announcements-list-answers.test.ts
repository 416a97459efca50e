import { registerUser, type TestUser } from '../support/accounts';
import { HttpClient, uniqueName } from '../support/http-client';
import { sharedPlatforms } from '../support/platform';
import { LOST, postAnnouncement } from '../support/requests';

const ids = (body: unknown): string[] => (Array.isArray(body) ? body.map((r: { id: string }) => r.id) : []);

/**
 * Issue 23: the list's answers are kept between two changes of the board (the busiest request is
 * read and serialised once, not once per visitor); whoever asks sees the same answer as before,
 * and nobody sees one older than the last change they made.
 */
describe.each(sharedPlatforms())('the public list between two changes ($mode)', ({ url }) => {
  const anonymous = new HttpClient(url);
  let author: TestUser;

  beforeAll(async () => {
    author = await registerUser(url, 'siyahi');
    // Two at least, so a page of one has a next page.
    await postAnnouncement(author.client);
    await postAnnouncement(author.client);
  });

  it('answers the same list alike — items, total, next page — and 304 to the ETag it gave', async () => {
    const path = '/api/announcements?limit=1';
    const first = await anonymous.get(path);
    const second = await author.client.get(path);
    expect([first.status, first.body.length, first.headers.get('link')]).toEqual([
      200,
      1,
      expect.any(String),
    ]);
    expect(second.text).toBe(first.text);
    for (const header of ['x-total-count', 'link', 'etag', 'cache-control'])
      expect([header, second.headers.get(header)]).toEqual([header, first.headers.get(header)]);
    expect(first.headers.get('cache-control')).toBe('no-store');

    // A client revalidating (fetch itself would add `Cache-Control: no-cache`, which asks for the whole answer).
    const unchanged = await anonymous.get(path, {
      'if-none-match': first.headers.get('etag')!,
      'cache-control': 'max-age=0',
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
  });

  it('shows its author a post, an edit and a removal in the very next list, without waiting', async () => {
    const marker = uniqueName('kept').toLowerCase();
    const search = `/api/announcements?search=${marker}`;
    const none = await anonymous.get(search);
    expect([none.status, ids(none.body), none.headers.get('x-total-count')]).toEqual([200, [], '0']);

    const posted = await author.client.post('/api/announcements', { ...LOST, title: `Açar ${marker}` });
    expect(posted.status).toBe(201);
    const listed = await anonymous.get(search);
    expect([ids(listed.body), listed.headers.get('x-total-count')]).toEqual([[posted.body.id], '1']);
    expect(listed.headers.get('etag')).not.toBe(none.headers.get('etag'));

    const edited = await author.client.put(`/api/announcements/${posted.body.id}`, {
      ...LOST,
      title: `Açar dəstəsi ${marker}`,
    });
    expect(edited.status).toBe(200);
    const afterEdit = await anonymous.get(search);
    expect(afterEdit.body.map((r: { title: string }) => r.title)).toEqual([`Açar dəstəsi ${marker}`]);

    expect((await author.client.delete(`/api/announcements/${posted.body.id}`)).status).toBe(204);
    const removed = await anonymous.get(search);
    expect([ids(removed.body), removed.headers.get('x-total-count')]).toEqual([[], '0']);
  });
});
