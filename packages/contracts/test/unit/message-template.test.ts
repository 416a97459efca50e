import { fillMessage } from '../../src/message-template';
import { templateMatcher } from '../../src/message-template-matcher';
import { HANDOVER_MESSAGES } from '../../src/requests-api';
import { VENUE_CHECK_MESSAGES } from '../../src/venue-checks-api';

describe('message templates: filled by the server, read back by the web', () => {
  it('fills each placeholder and leaves an unknown one visible', () => {
    expect(fillMessage(HANDOVER_MESSAGES.wrongCode, { left: 3 })).toBe(
      'Təhvil kodu yanlışdır. Qalan cəhd sayı: 3',
    );
    expect(fillMessage('{a} və {b}', { a: 1 })).toBe('1 və {b}');
  });

  it('reads the values back out of a filled message, and only out of that message', () => {
    const matches = templateMatcher(VENUE_CHECK_MESSAGES.venuesLeft)!;
    expect(matches(fillMessage(VENUE_CHECK_MESSAGES.venuesLeft, { left: 0 }))).toEqual({ left: '0' });
    expect(matches(VENUE_CHECK_MESSAGES.alreadyAsked)).toBeNull();
    expect(matches(`${fillMessage(VENUE_CHECK_MESSAGES.venuesLeft, { left: 2 })} artıq`)).toBeNull();
  });

  it('a placeholder written twice holds one value; a template of little text matches nothing', () => {
    const matches = templateMatcher('{n} yer: cəmi {n} yer qalıb')!;
    expect(matches('3 yer: cəmi 3 yer qalıb')).toEqual({ n: '3' });
    expect(matches('3 yer: cəmi 4 yer qalıb')).toBeNull();
    expect(templateMatcher('{count} elan')).toBeNull();
    expect(templateMatcher('Placeholder yoxdur, uzun mətn')).toBeNull();
  });
});
