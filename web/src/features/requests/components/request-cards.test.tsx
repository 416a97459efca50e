import { screen, within } from '@testing-library/react';
import { TEXT_WARNING_MESSAGES } from '@tapinti/contracts/text-warnings';
import { mockApi } from '../../../test/mock-api';
import { handledRequestFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { HandledRequestCard } from './request-cards';

describe('a claim as its handler sees it', () => {
  it('warns next to a message that asks for money first, names a card or carries a link (issue 21)', () => {
    mockApi({});
    renderWithProviders(
      <HandledRequestCard
        request={handledRequestFixture({
          message: 'Əşya məndədir, əvvəlcə рul göndərin: 4111 1111 1111 1111, t.me/scam',
          warnings: ['money-request', 'card-number', 'link'],
        })}
      />,
    );
    const group = screen.getByRole('group', { name: 'Mesaj haqqında xəbərdarlıq' });
    expect(
      within(group)
        .getAllByRole('note')
        .map((n) => n.textContent),
    ).toEqual([
      TEXT_WARNING_MESSAGES['money-request'],
      TEXT_WARNING_MESSAGES['card-number'],
      TEXT_WARNING_MESSAGES.link,
    ]);
  });

  it('shows no warning next to an ordinary message', () => {
    mockApi({});
    renderWithProviders(
      <HandledRequestCard request={handledRequestFixture({ message: 'Salam, pulqabı mənimdir' })} />,
    );
    expect(screen.queryByRole('group', { name: 'Mesaj haqqında xəbərdarlıq' })).not.toBeInTheDocument();
    expect(screen.queryByText(TEXT_WARNING_MESSAGES['money-request'])).not.toBeInTheDocument();
  });
});
