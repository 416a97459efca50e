import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONVERSATION_MESSAGES, type Conversation } from '@tapinti/contracts/conversations-api';
import { TEXT_WARNING_MESSAGES } from '@tapinti/contracts/text-warnings';
import { LANGUAGE_STORAGE_KEY } from '../../../lib/i18n';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ConversationPanel } from './conversation-panel';
import { ReportedConversations } from './reported-conversations';

const id = '2b1f0e5c-3c1d-4e8f-9a0b-6c7d8e9f0a1b';
const announcementId = '0c6f3f4e-8d2a-4b7e-9a51-3f1d2c4b5a69';
const PATH = `/api/conversations/${id}`;
const at = '2026-11-28T09:00:00.000Z';

const message = (n: number, fields: Partial<Conversation['messages'][number]> = {}) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  side: 'claimant' as const,
  mine: true,
  senderName: 'aysel',
  text: `Mesaj ${n}`,
  warnings: [],
  postedAt: at,
  ...fields,
});

const conversation = (fields: Partial<Conversation> = {}): Conversation => ({
  id,
  subject: 'claim',
  subjectId: id,
  announcementId,
  heldByOrganization: false,
  reader: 'claimant',
  messages: [
    message(1, { text: 'Salam, bu pulqabı mənimdir' }),
    message(2, {
      side: 'holder',
      mine: false,
      senderName: 'tapan',
      text: 'Əvvəlcə kartıma köçürün: 4111 1111 1111 1111',
      warnings: ['money-request', 'card-number'],
    }),
  ],
  sharedContacts: [
    {
      side: 'holder',
      mine: false,
      senderName: 'tapan',
      contact: 'phone',
      value: '+994501234567',
      sharedAt: at,
    },
  ],
  reportedByMe: false,
  openedAt: at,
  ...fields,
});

beforeEach(() => localStorage.clear());

describe("a claim's conversation panel", () => {
  it('loads nothing until opened; then shows who wrote what, the warnings and what the other side shared', async () => {
    const { calls } = mockApi({ [`GET ${PATH}`]: { body: conversation() } });
    const user = userEvent.setup();
    renderWithProviders(<ConversationPanel requestId={id} />);
    const toggle = screen.getByRole('button', { name: 'Yazışmanı aç' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls).toHaveLength(0);
    await user.click(toggle);
    const messages = await screen.findByRole('list', { name: 'Mesajlar' });
    const items = within(messages).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Siz');
    expect(items[0]).toHaveTextContent('Salam, bu pulqabı mənimdir');
    expect(items[1]).toHaveTextContent('Əşyanı tapan: tapan');
    expect(
      within(items[1]!)
        .getAllByRole('note')
        .map((n) => n.textContent),
    ).toEqual([TEXT_WARNING_MESSAGES['money-request'], TEXT_WARNING_MESSAGES['card-number']]);
    expect(within(items[0]!).queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Paylaşılan əlaqə məlumatları' })).toHaveTextContent(
      'Əşyanı tapan: tapan — Telefon nömrəsi: +994501234567',
    );
    expect(screen.getByRole('button', { name: 'Yazışmanı bağla' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('sends a message and shows the answer; a refused one says why under the field', async () => {
    let posts = 0;
    const { calls } = mockApi({
      [`GET ${PATH}`]: { body: conversation({ messages: [], sharedContacts: [] }) },
      [`POST ${PATH}/messages`]: () =>
        ++posts === 1
          ? { status: 400, body: { message: CONVERSATION_MESSAGES.textTooLong, field: 'text' } }
          : { status: 201, body: conversation({ messages: [message(1, { text: 'Sabah gələ bilərəm' })] }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<ConversationPanel requestId={id} defaultOpen />);
    expect(await screen.findByText(/Hələ mesaj yoxdur/)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Göndər' });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Mesajınız'), 'Sabah gələ bilərəm');
    await user.click(send);
    expect(await screen.findByText(CONVERSATION_MESSAGES.textTooLong)).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Göndər' }));
    expect(await screen.findByText('Sabah gələ bilərəm', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mesajınız')).toHaveValue('');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { text: 'Sabah gələ bilərəm' },
      { text: 'Sabah gələ bilərəm' },
    ]);
  });

  it('shares the phone with one button; no phone on the profile is said in a toast', async () => {
    let shares = 0;
    const { calls } = mockApi({
      [`GET ${PATH}`]: { body: conversation({ sharedContacts: [] }) },
      [`POST ${PATH}/share`]: () =>
        ++shares === 1
          ? { status: 409, body: { message: CONVERSATION_MESSAGES.noPhone, field: 'contact' } }
          : {
              body: conversation({
                sharedContacts: [
                  {
                    side: 'claimant',
                    mine: true,
                    senderName: 'aysel',
                    contact: 'phone',
                    value: '+994551112233',
                    sharedAt: at,
                  },
                ],
              }),
            },
    });
    const user = userEvent.setup();
    renderWithProviders(<ConversationPanel requestId={id} defaultOpen />);
    await user.click(await screen.findByRole('button', { name: 'Telefon nömrəmi göstər' }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.noPhone)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Telefon nömrəmi göstər' }));
    expect(await screen.findByText('Siz — Telefon nömrəsi: +994551112233')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Telefon nömrəmi göstər' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-poçtumu göstər' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { contact: 'phone' },
      { contact: 'phone' },
    ]);
  });

  it('reports the conversation with a reason', async () => {
    const { calls } = mockApi({
      [`GET ${PATH}`]: { body: conversation() },
      [`POST ${PATH}/report`]: { body: conversation({ reportedByMe: true }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<ConversationPanel requestId={id} defaultOpen />);
    await user.click(await screen.findByRole('button', { name: 'Yazışmanı şikayət et' }));
    await user.selectOptions(screen.getByLabelText('Şikayətin səbəbi'), 'abuse');
    await user.click(screen.getByRole('button', { name: 'Şikayəti göndər' }));
    expect(await screen.findByText('Bu yazışmanı super adminə şikayət etmisiniz.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'abuse' });
  });

  it('says how to reach a claimant without a phone, and that a conversation just filed is on its way', async () => {
    let reads = 0;
    mockApi({
      [`GET ${PATH}`]: () =>
        ++reads === 1
          ? { status: 404, body: { message: CONVERSATION_MESSAGES.notFound } }
          : { body: conversation({ reader: 'holder' }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<ConversationPanel requestId={id} defaultOpen note="Ona yazışmada yazın" />);
    expect(screen.getByText('Ona yazışmada yazın')).toBeInTheDocument();
    expect(
      await screen.findByText('Yazışma hazırlanır. Bir neçə saniyədən sonra yeniləyin.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yazışmanı yenilə' }));
    expect(await screen.findByRole('list', { name: 'Mesajlar' })).toBeInTheDocument();
  });

  it('the super admin reads a reported one without a form, a button or the shared number', async () => {
    mockApi({
      [`GET ${PATH}`]: {
        body: conversation({
          reader: 'moderator',
          messages: conversation().messages.map((m) => ({ ...m, mine: false })),
          sharedContacts: [{ ...conversation().sharedContacts[0]!, value: null }],
        }),
      },
    });
    renderWithProviders(<ConversationPanel requestId={id} defaultOpen />);
    expect(
      await screen.findByText('Şikayət edilmiş yazışma: super admin yalnız oxuyur.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Müraciət edən: aysel');
    expect(screen.queryByLabelText('Mesajınız')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Telefon nömrəmi göstər' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yazışmanı şikayət et' })).not.toBeInTheDocument();
    expect(screen.queryByText(/\+994/)).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Paylaşılan əlaqə məlumatları' })).toHaveTextContent(
      'yalnız yazışmanın tərəfləri görür',
    );
  });

  it('speaks English and Russian too', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    mockApi({ [`GET ${PATH}`]: { body: conversation() } });
    renderWithProviders(<ConversationPanel requestId={id} defaultOpen />);
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show my phone number' })).toBeInTheDocument();
    expect(screen.getAllByText('Finder: tapan', { exact: false })).toHaveLength(2);
  });
});

describe('the reported conversations in /admin', () => {
  it('lists them with their reasons and opens one to read', async () => {
    mockApi({
      'GET /api/conversations/reported': {
        body: [
          {
            id,
            subjectId: id,
            announcementId,
            reports: 2,
            reasons: ['abuse', 'scam'],
            lastReportedAt: at,
            messages: 2,
          },
        ],
      },
      [`GET ${PATH}`]: { body: conversation({ reader: 'moderator' }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportedConversations />);
    const card = await screen.findByTestId('reported-conversation');
    expect(card).toHaveTextContent('Təhqir');
    expect(card).toHaveTextContent('Fırıldaq');
    expect(within(card).getByRole('link', { name: 'Elana bax' })).toHaveAttribute(
      'href',
      `/elan/${announcementId}`,
    );
    await user.click(within(card).getByRole('button', { name: 'Yazışmanı aç' }));
    await waitFor(() => expect(within(card).getAllByTestId('conversation-message')).toHaveLength(2));
  });
});
