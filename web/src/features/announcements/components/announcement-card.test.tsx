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
