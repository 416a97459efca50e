import { render, screen, within } from '@testing-library/react';
import { mockApi, testUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AnnouncementDetailsModal } from './announcement-details-modal';
import { ContactLink, contactHref } from './contact-link';

describe('contact link', () => {
  it('a phone number calls', () => {
    render(<ContactLink contact="+994 50 123 45 67" />);
    expect(screen.getByRole('link', { name: '+994 50 123 45 67' })).toHaveAttribute(
      'href',
      'tel:+994501234567',
    );
  });

  it('an e-mail address writes', () => {
    render(<ContactLink contact="aysel@example.az" />);
    expect(screen.getByRole('link', { name: 'aysel@example.az' })).toHaveAttribute(
      'href',
      'mailto:aysel@example.az',
    );
  });

  it('text with both keeps its words and links each contact', () => {
    const { container } = render(
      <ContactLink contact="Zəng: 050 123 45 67, ya da aysel@example.az (axşam)" />,
    );
    expect(container).toHaveTextContent('Zəng: 050 123 45 67, ya da aysel@example.az (axşam)');
    expect(screen.getByRole('link', { name: '050 123 45 67' })).toHaveAttribute('href', 'tel:0501234567');
    expect(screen.getByRole('link', { name: 'aysel@example.az' })).toHaveAttribute(
      'href',
      'mailto:aysel@example.az',
    );
  });

  it('anything else stays text', () => {
    render(<ContactLink contact="Otaq 204, resepsiya" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Otaq 204, resepsiya')).toBeInTheDocument();
    expect(contactHref('12-34')).toBeNull();
  });
});

describe('details dialog', () => {
  it("shows the author's phone as a tel: link", async () => {
    mockApi({
      'GET /api/announcements/n1': {
        body: {
          id: 'n1',
          type: 'lost',
          title: 'Qara pulqabı itirilib',
          description: 'Dəri pulqabı, içində sənədlər və bank kartları var idi.',
          location: 'Nizami küçəsi',
          category: 'bags',
          roomNumber: null,
          imageUrl: null,
          rewardAmount: 0,
          rewardDescription: null,
          status: 'open',
          organizationId: null,
          createdAt: '2025-03-05T10:00:00.000Z',
          contactInfo: '+994501234567',
          userId: testUser.id,
          isPublic: true,
          isActive: true,
        },
      },
    });
    renderWithProviders(<AnnouncementDetailsModal id="n1" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Qara pulqabı itirilib' });
    expect(await within(dialog).findByRole('link', { name: '+994501234567' })).toHaveAttribute(
      'href',
      'tel:+994501234567',
    );
  });
});
