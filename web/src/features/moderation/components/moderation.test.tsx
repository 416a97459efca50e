import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, myAnnouncement } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ModerationQueue } from './moderation-queue';
import { ReportDialog } from './report-dialog';

const ID = '22222222-2222-4222-8222-222222222222';
const held = myAnnouncement({
  id: ID,
  title: 'Pulqabı 050 123 45 67',
  moderationStatus: 'pending_review',
  moderationReason: 'Yoxlamadadır: başlıqda telefon nömrəsi',
});
const reported = myAnnouncement({
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Açarlar tapılıb',
  moderationStatus: 'approved',
  moderationReason: null,
});
const item = (announcement: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  announcement,
  rules: [],
  reportCount: 0,
  reportTypes: [],
  reportNotes: [],
  updatedAt: '2026-01-10T10:00:00.000Z',
  ...extra,
});

describe('moderation queue', () => {
  it('shows why each waits, the reports by type and the notes, and hides one with a reason', async () => {
    const user = userEvent.setup();
    const hidden = item(
      { ...reported, moderationStatus: 'hidden', moderationReason: 'Saxta elan' },
      { reportCount: 0 },
    );
    const api = mockApi({
      'GET /api/moderation/announcements': {
        body: [
          item(held, { rules: ['phone-in-title'] }),
          item(reported, {
            reportCount: 3,
            reportTypes: [
              { type: 'fraud', count: 2 },
              { type: 'fake', count: 1 },
            ],
            reportNotes: ['Məndən pul istədi'],
          }),
        ],
      },
      [`POST /api/moderation/announcements/${reported.id}/hide`]: { body: hidden },
    });
    renderWithProviders(<ModerationQueue />);

    const first = await screen.findByRole('article', { name: held.title });
    expect(within(first).getByText('Yoxlamadadır')).toBeInTheDocument();
    expect(within(first).getByText('Səbəb: başlıqda telefon nömrəsi')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Təsdiqlə' })).toBeInTheDocument();

    const second = screen.getByRole('article', { name: reported.title });
    expect(within(second).getByText('Şikayətlər: 3')).toBeInTheDocument();
    expect(within(second).getByText('Fırıldaqçılıq: 2')).toBeInTheDocument();
    expect(within(second).getByText('Saxta elan: 1')).toBeInTheDocument();
    expect(within(second).getByText('«Məndən pul istədi»')).toBeInTheDocument();

    await user.click(within(second).getByRole('button', { name: 'Gizlət' }));
    await user.click(within(second).getByRole('button', { name: 'Gizlətməni təsdiqlə' }));
    expect(await within(second).findByText('Gizlətmə səbəbi ən azı 5 simvol olmalıdır')).toBeInTheDocument();
    await user.type(within(second).getByLabelText(/^Gizlətmə səbəbi/), 'Saxta elan');
    await user.click(within(second).getByRole('button', { name: 'Gizlətməni təsdiqlə' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Saxta elan' }),
    );
    expect(await screen.findByText('Elan gizlədildi')).toBeInTheDocument();
  });

  it('says so when nothing waits', async () => {
    mockApi({ 'GET /api/moderation/announcements': { body: [] } });
    renderWithProviders(<ModerationQueue />);
    expect(await screen.findByText('Yoxlanılacaq elan yoxdur')).toBeInTheDocument();
  });
});

describe("'Şikayət et' dialog", () => {
  it('asks for a §3 complaint type and sends the report with its note', async () => {
    const user = userEvent.setup();
    const onSuccess = jest.fn();
    const api = mockApi({
      [`POST /api/announcements/${ID}/report`]: {
        status: 201,
        body: { message: 'Şikayətiniz qəbul edildi. Moderator elanı yoxlayacaq.' },
      },
    });
    renderWithProviders(
      <ReportDialog announcement={{ id: ID, title: held.title }} onClose={() => {}} onSuccess={onSuccess} />,
    );
    await user.click(screen.getByRole('button', { name: 'Şikayəti göndər' }));
    expect(await screen.findByText('Şikayət növünü seçin')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Şikayət növü/), 'fraud');
    await user.type(screen.getByLabelText('Qeyd (istəyə görə)'), 'Pul istəyir');
    await user.click(screen.getByRole('button', { name: 'Şikayəti göndər' }));
    await waitFor(() =>
      expect(onSuccess).toHaveBeenCalledWith('Şikayətiniz qəbul edildi. Moderator elanı yoxlayacaq.'),
    );
    expect(api.calls[0]?.body).toEqual({ type: 'fraud', note: 'Pul istəyir' });
  });
});
