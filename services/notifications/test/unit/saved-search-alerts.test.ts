import { emailDue, homeLinkOf, savedSearchEmail } from '../../src/domain/saved-search-alerts';

const at = (iso: string) => new Date(iso);
const filters = { search: 'çanta', category: 'bags', place: 'd-nasimi', rewards: true, type: 'found' };

describe('saved search e-mails', () => {
  test('hourly: the first match at once, then at most one e-mail an hour', () => {
    const now = at('2026-11-28T10:00:00Z');
    const due = (lastEmailedAt: Date | null) =>
      emailDue({ frequency: 'hourly', oldestUnsent: at('2026-11-28T09:59:00Z'), lastEmailedAt, now });
    expect(due(null)).toBe(true);
    expect(due(at('2026-11-28T09:00:01Z'))).toBe(false);
    expect(due(at('2026-11-28T09:00:00Z'))).toBe(true);
    expect(emailDue({ frequency: 'hourly', oldestUnsent: null, lastEmailedAt: null, now })).toBe(false);
  });

  test('daily: the matches of Baku days already over, once a Baku day', () => {
    // 21:30 UTC is 01:30 the next day in Baku (UTC+4).
    const now = at('2026-11-28T21:30:00Z');
    const due = (oldestUnsent: string, lastEmailedAt: Date | null = null) =>
      emailDue({ frequency: 'daily', oldestUnsent: at(oldestUnsent), lastEmailedAt, now });
    expect(due('2026-11-28T19:59:00Z')).toBe(true);
    expect(due('2026-11-28T20:00:00Z')).toBe(false);
    expect(due('2026-11-28T10:00:00Z', at('2026-11-28T20:10:00Z'))).toBe(false);
    expect(due('2026-11-28T10:00:00Z', at('2026-11-27T20:10:00Z'))).toBe(true);
  });

  test('one match links its page; several, the home page with the search’s filters', () => {
    const hits = [{ announcementId: 'a1', title: 'Qara çanta' }];
    const one = savedSearchEmail({
      savedSearchId: 's1',
      frequency: 'hourly',
      hits,
      description: '«çanta»',
      homeLink: homeLinkOf(filters),
      at: at('2026-11-28T10:00:00Z'),
    });
    expect(one).toMatchObject({ title: 'Axtarışınıza uyğun yeni elan: «Qara çanta»', link: '/elan/a1' });
    const digest = savedSearchEmail({
      savedSearchId: 's1',
      frequency: 'daily',
      hits: [...hits, { announcementId: 'a2', title: 'Boz çanta' }],
      description: '«çanta»',
      homeLink: homeLinkOf(filters),
      at: at('2026-11-28T10:00:00Z'),
    });
    expect(digest.title).toBe('Gündəlik xülasə: axtarışınıza uyğun 2 yeni elan');
    expect(digest.message).toContain('— Qara çanta\n— Boz çanta');
    expect(digest.link).toBe('/?q=%C3%A7anta&category=bags&place=d-nasimi&rewards=1#elanlar');
  });
});
