import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { AnnouncementResults } from './announcement-results';

/** The list state the home page (and /rewards) show after a failed load. */
function renderFailed(error: unknown) {
  const onRetry = jest.fn();
  renderWithProviders(
    <AnnouncementResults
      isLoading={false}
      error={error}
      onRetry={onRetry}
      announcements={undefined}
      loadingText="Elanlar yüklənir..."
      empty={<p>Heç bir elan tapılmadı</p>}
      label="Son elanlar"
      signedIn={false}
      onOpen={() => {}}
    />,
  );
  const box = screen.getByText('Elanları yükləmək mümkün olmadı').closest<HTMLElement>('[role="alert"]')!;
  return { box, onRetry };
}

describe('announcement list load error', () => {
  afterEach(() => jest.restoreAllMocks());

  it('a server error says it is the server, not the connection', async () => {
    const { box, onRetry } = renderFailed(new ApiError(503, '', 'Service Unavailable'));
    expect(
      within(box).getByText(/Serverdə xəta baş verdi — problem sizin bağlantınızda deyil/),
    ).toBeInTheDocument();
    expect(within(box).queryByText(/İnternet bağlantısı yoxdur/)).not.toBeInTheDocument();
    await userEvent.setup().click(within(box).getByRole('button', { name: 'Yenidən cəhd et' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('no answer at all is being offline, and the list reloads by itself once back online', () => {
    const { box, onRetry } = renderFailed(new TypeError('Failed to fetch'));
    expect(within(box).getByText(/İnternet bağlantısı yoxdur/)).toBeInTheDocument();
    expect(within(box).queryByText(/Serverdə xəta/)).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('the browser reporting no network counts as offline whatever the error', () => {
    jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { box } = renderFailed(new ApiError(500, '', 'Internal Server Error'));
    expect(within(box).getByText(/İnternet bağlantısı yoxdur/)).toBeInTheDocument();
  });

  it("a refused request shows the server's message", () => {
    const { box } = renderFailed(
      new ApiError(400, JSON.stringify({ message: 'Kateqoriya yanlışdır' }), 'Bad Request'),
    );
    expect(within(box).getByText('Kateqoriya yanlışdır')).toBeInTheDocument();
    expect(within(box).queryByText(/İnternet bağlantısı yoxdur|Serverdə xəta/)).not.toBeInTheDocument();
  });
});
