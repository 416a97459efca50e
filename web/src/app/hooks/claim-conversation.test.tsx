import { screen } from '@testing-library/react';
import { handledRequestFixture } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { HandledRequestCard } from '../../features/requests/components/request-cards';
import { claimConversation } from './claim-conversation';

const conversationOf = (id: string) => ({
  id,
  subject: 'claim',
  subjectId: id,
  announcementId: '0c6f3f4e-8d2a-4b7e-9a51-3f1d2c4b5a69',
  heldByOrganization: false,
  reader: 'holder',
  messages: [],
  sharedContacts: [],
  reportedByMe: false,
  openedAt: '2026-11-28T09:00:00.000Z',
});

describe("a claim card's conversation (issue 26.2)", () => {
  it('"Telefon" without a number on the claimant\'s profile is no dead end: the conversation opens to reach them', async () => {
    const claim = handledRequestFixture({ contactMethod: 'phone', contact: null });
    mockApi({ [`GET /api/conversations/${claim.id}`]: { body: conversationOf(claim.id) } });
    renderWithProviders(<HandledRequestCard request={claim} conversation={claimConversation} />);
    expect(screen.getByText(/Telefon — profildə qeyd olunmayıb/)).toBeInTheDocument();
    expect(screen.getByText(/ona aşağıdakı yazışmada yazın/)).toBeInTheDocument();
    expect(await screen.findByLabelText('Mesajınız')).toBeInTheDocument();
  });

  it('a claim with a number keeps the conversation closed until asked', () => {
    const claim = handledRequestFixture({ contactMethod: 'phone', contact: '+994501234567' });
    const { calls } = mockApi({});
    renderWithProviders(<HandledRequestCard request={claim} conversation={claimConversation} />);
    expect(screen.getByText(/\+994501234567/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yazışmanı aç' })).toHaveAttribute('aria-expanded', 'false');
    expect(calls.filter((c) => c.url.startsWith('/api/conversations'))).toEqual([]);
  });
});
