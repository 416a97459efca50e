import { screen } from '@testing-library/react';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { announcement } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AnnouncementCard } from './announcement-card';

describe('the announcement card author label (issue 15)', () => {
  it('shows the verified badge only for an author whose e-mail is verified', () => {
    const verified = announcement({ id: '11111111-1111-4111-8111-111111111111', authorVerified: true });
    const unverified = announcement({ id: '22222222-2222-4222-8222-222222222222', authorVerified: false });
    renderWithProviders(
      <>
        <AnnouncementCard announcement={verified as PublicAnnouncement} signedIn onOpen={() => undefined} />
        <AnnouncementCard announcement={unverified as PublicAnnouncement} signedIn onOpen={() => undefined} />
      </>,
    );
    expect(screen.getAllByText('Tapıntı istifadəçisi')).toHaveLength(2);
    expect(screen.getAllByText('Təsdiqlənmiş')).toHaveLength(1);
    expect(screen.getByTitle('Müəllifin e-poçt ünvanı təsdiqlənib')).toBeInTheDocument();
  });
});

describe('a closed announcement', () => {
  it("looks closed: a 'Bağlanıb' badge and the card marked closed; an open one has neither", () => {
    const closed = announcement({
      id: '33333333-3333-4333-8333-333333333333',
      title: 'Bağlı elan',
      status: 'resolved',
    });
    const open = announcement({
      id: '44444444-4444-4444-8444-444444444444',
      title: 'Açıq elan',
      status: 'open',
    });
    renderWithProviders(
      <>
        <AnnouncementCard announcement={closed as PublicAnnouncement} signedIn onOpen={() => undefined} />
        <AnnouncementCard announcement={open as PublicAnnouncement} signedIn onOpen={() => undefined} />
      </>,
    );
    const [closedCard, openCard] = screen.getAllByTestId('announcement-card');
    expect(closedCard).toHaveAttribute('data-closed', 'true');
    expect(closedCard).toHaveTextContent('Bağlanıb');
    expect(openCard).not.toHaveAttribute('data-closed');
    expect(openCard).not.toHaveTextContent('Bağlanıb');
  });
});
