import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { OverdueClaims } from './overdue-claims';

const ORG = '55555555-5555-4555-8555-555555555555';

describe("the super admin's overdue claims (issue 26)", () => {
  it('lists escalated claims with their venue and due time', async () => {
    mockApi({
      'GET /api/requests/overdue': {
        body: [
          {
            requestId: '11111111-1111-4111-8111-111111111111',
            announcementId: '22222222-2222-4222-8222-222222222222',
            announcementTitle: 'Qara çətir',
            organizationId: ORG,
            organizationName: 'Gənclik Mall',
            filedAt: '2026-11-20T10:00:00.000Z',
            dueAt: '2026-11-22T10:00:00.000Z',
            escalatedAt: '2026-11-22T10:01:00.000Z',
          },
        ],
      },
    });
    renderWithProviders(<OverdueClaims />);
    expect(await screen.findByRole('link', { name: 'Qara çətir' })).toHaveAttribute(
      'href',
      '/elan/22222222-2222-4222-8222-222222222222',
    );
    expect(screen.getByText(/Gənclik Mall/)).toBeInTheDocument();
    expect(screen.getByText(/^Son müddət:/)).toBeInTheDocument();
  });
});
