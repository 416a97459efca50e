import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComplaintView } from '@tapinti/contracts/requests-api';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ComplaintsAdmin } from './complaints-admin';

const complaint = (fields: Partial<ComplaintView> = {}): ComplaintView => ({
  id: '6f1c1c5e-1f4e-4a3c-9d55-2f5a8f0c1a11',
  number: 'ŞK-000042',
  type: 'fraud',
  subject: 'Saxta tapan mükafat istəyir',
  description: 'Mükafatı əvvəlcədən köçürməyimi tələb edir, əşyanı göstərmir.',
  announcementId: null,
  contact: 'aysel@example.az',
  contactEmail: 'aysel@example.az',
  userId: null,
  username: null,
  status: 'open',
  reply: null,
  repliedAt: null,
  createdAt: '2025-08-25T10:00:00.000Z',
  updatedAt: '2025-08-25T10:00:00.000Z',
  ...fields,
});

describe('/admin «Şikayətlər»', () => {
  it('lists complaints and sends a new status with a reply', async () => {
    const { calls } = mockApi({
      'GET /api/requests/handovers': { body: [] },
      'GET /api/complaints': { body: [complaint()] },
      [`PUT /api/complaints/${complaint().id}`]: {
        body: complaint({ status: 'resolved', reply: 'Elanı gizlətdik' }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ComplaintsAdmin />);
    const card = await screen.findByRole('article', { name: 'Şikayət ŞK-000042' });
    expect(within(card).getByText('Saxta tapan mükafat istəyir')).toBeInTheDocument();
    expect(within(card).getByText(/aysel@example\.az · anonim/)).toBeInTheDocument();
    await user.selectOptions(within(card).getByLabelText('Status', { selector: 'select' }), 'resolved');
    await user.type(within(card).getByLabelText('Cavab (e-poçtla göndərilir)'), 'Elanı gizlətdik');
    await user.click(within(card).getByRole('button', { name: 'Yadda saxla' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        status: 'resolved',
        reply: 'Elanı gizlətdik',
      }),
    );
    expect(await screen.findByText('Şikayət yeniləndi')).toBeInTheDocument();
  });
});
