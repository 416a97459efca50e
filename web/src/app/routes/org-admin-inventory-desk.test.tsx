import { fillMessage } from '@tapinti/contracts/message-template';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HANDOVER_MESSAGES } from '@tapinti/contracts/requests-api';
import { INVENTORY_MESSAGES } from '@tapinti/contracts/inventory-api';
import { IDS } from '../../test/fixtures';
import { mockApi, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { base, item, ITEM_ID } from '../../test/inventory-fixtures';
import OrgAdminInventoryPage from './org-admin-inventory';

const staff = {
  ...testUser,
  id: IDS.admin,
  username: 'nigar',
  role: 'org_staff' as const,
  organizationId: IDS.organization,
};
const signedIn = { 'GET /api/user': () => ({ body: staff }) };
const render = (route: string) =>
  renderWithProviders(<OrgAdminInventoryPage />, { route, path: '/org-admin/inventory/*' });
const page = (items: ReturnType<typeof item>[]) => ({
  body: { items, total: items.length, page: 1, pageSize: 20 },
});
const checked = {
  ownerName: 'Kamran Əliyev',
  documentType: 'id_card' as const,
  documentLast4: 'AB12',
  by: IDS.admin,
  at: '2026-11-27T12:00:00.000Z',
};

describe('/org-admin/inventory/desk: the desk hand-over', () => {
  it('finds the item by its reference number in any case and hands it to a walk-in owner: the ID’s last 4 only, then the receipt', async () => {
    let current = item();
    const { calls } = mockApi({
      ...signedIn,
      [`GET ${base}/items`]: (call) =>
        page(new URL(call.url, 'http://x').searchParams.get('reference') === 'pbv-000123' ? [current] : []),
      [`GET ${base}/items/${ITEM_ID}`]: () => ({ body: current }),
      [`POST ${base}/items/${ITEM_ID}/handover`]: () => {
        current = item({
          state: 'returned',
          identityCheck: checked,
          returned: { requestId: null, by: IDS.admin, at: checked.at },
        });
        return { body: current };
      },
    });
    const user = userEvent.setup();
    render('/org-admin/inventory/desk');
    await user.type(await screen.findByLabelText('İstinad nömrəsi, ad və ya yer'), 'pbv-000123');
    await user.click(screen.getByRole('button', { name: 'Tap' }));

    // One reference number, one item: its hand-over opens at once.
    const desk = await screen.findByTestId('desk-handover');
    expect(within(desk).getByTestId('reference-number')).toHaveTextContent('PBV-000123');
    expect(screen.queryByLabelText(/^Təhvil kodu/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Təhvil ver' }));
    expect(await screen.findByText(INVENTORY_MESSAGES.ownerName)).toBeInTheDocument();
    expect(screen.getByText(INVENTORY_MESSAGES.documentLast4)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Sahibin adı/), 'Kamran Əliyev');
    await user.selectOptions(screen.getByLabelText(/^Şəxsiyyəti təsdiq edən sənəd/), 'id_card');
    // The whole number is refused: the field keeps 4 characters and says why.
    const last4 = screen.getByLabelText(/^Sənədin nömrəsinin son 4 simvolu/);
    await user.type(last4, 'ab12');
    await user.type(last4, '3');
    expect(last4).toHaveValue('AB12');
    expect(screen.getByText(INVENTORY_MESSAGES.documentLast4)).toBeInTheDocument();
    await user.clear(last4);
    await user.click(last4);
    await user.paste('AZE1234567');
    expect(last4).toHaveValue('');
    await user.type(last4, 'ab12');
    await user.click(screen.getByRole('button', { name: 'Təhvil ver' }));

    const receipt = await screen.findByRole('link', { name: 'Təhvil qəbzini çap et' });
    expect(receipt).toHaveAttribute('href', `${base}/items/${ITEM_ID}/handover-receipt`);
    expect(receipt).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Şəxsiyyət vəsiqəsi · ****AB12')).toBeInTheDocument();
    // A walk-in owner has no account to e-mail: printed only.
    expect(screen.queryByRole('button', { name: 'Qəbzi sahibə e-poçtla göndər' })).not.toBeInTheDocument();
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted.map((c) => c.body)).toEqual([
      { ownerName: 'Kamran Əliyev', documentType: 'id_card', documentLast4: 'AB12' },
    ]);
    expect(JSON.stringify(calls)).not.toContain('1234567');
  });

  it('a claimed item also asks for the owner’s code; a wrong one is said at the field, the right one returns it', async () => {
    const claim = { requestId: IDS.request, by: IDS.admin, at: '2026-11-26T09:00:00.000Z' };
    let current = item({ state: 'claimed', claim });
    let tries = 0;
    const { calls } = mockApi({
      ...signedIn,
      [`GET ${base}/items/${ITEM_ID}`]: () => ({ body: current }),
      [`POST ${base}/items/${ITEM_ID}/handover`]: () => {
        current = { ...current, identityCheck: checked };
        return { body: current };
      },
      [`POST /api/requests/${IDS.request}/handover`]: () => {
        tries += 1;
        if (tries === 1)
          return {
            status: 400,
            body: { message: fillMessage(HANDOVER_MESSAGES.wrongCode, { left: 4 }), field: 'code' },
          };
        // The requests service's event returns the item a moment later.
        current = { ...current, state: 'returned', returned: { ...claim, by: IDS.admin } };
        return {
          body: {
            requestId: IDS.request,
            announcementId: ITEM_ID,
            organizationId: IDS.organization,
            role: 'finder',
            state: 'handed_over',
            code: null,
            failedAttempts: 1,
            attemptsLeft: 4,
            issuedAt: claim.at,
            handedOverAt: '2026-11-27T12:01:00.000Z',
            announcement: null,
          },
        };
      },
      'GET /api/requests/handovers': { body: [] },
      [`POST ${base}/items/${ITEM_ID}/handover-receipt/email`]: {
        status: 202,
        body: { itemId: ITEM_ID, queued: true },
      },
    });
    const user = userEvent.setup();
    render(`/org-admin/inventory/${ITEM_ID}/handover`);
    await user.type(await screen.findByLabelText(/^Sahibin adı/), 'Kamran Əliyev');
    await user.selectOptions(screen.getByLabelText(/^Şəxsiyyəti təsdiq edən sənəd/), 'passport');
    await user.type(screen.getByLabelText(/^Sənədin nömrəsinin son 4 simvolu/), '4567');
    await user.type(screen.getByLabelText(/^Təhvil kodu/), '12a3456');
    expect(screen.getByLabelText(/^Təhvil kodu/)).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Təhvil ver' }));
    expect(
      await screen.findByText(fillMessage(HANDOVER_MESSAGES.wrongCode, { left: 4 })),
    ).toBeInTheDocument();
    // The identity check is recorded; only the code is asked again.
    expect(screen.queryByLabelText(/^Sahibin adı/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Təhvil kodu/));
    await user.type(screen.getByLabelText(/^Təhvil kodu/), '654321');
    await user.click(screen.getByRole('button', { name: 'Təhvil ver' }));
    await screen.findByRole('link', { name: 'Təhvil qəbzini çap et' }, { timeout: 4000 });
    // The owner claimed on the platform: the receipt can go to their account's address.
    await user.click(screen.getByRole('button', { name: 'Qəbzi sahibə e-poçtla göndər' }));
    expect(
      await screen.findByText('Qəbz sahibin hesabındakı e-poçt ünvanına göndərilir.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.replace(base, '…'), c.body])).toEqual([
      [
        `…/items/${ITEM_ID}/handover`,
        { ownerName: 'Kamran Əliyev', documentType: 'passport', documentLast4: '4567' },
      ],
      [`/api/requests/${IDS.request}/handover`, { code: '123456' }],
      [`/api/requests/${IDS.request}/handover`, { code: '654321' }],
      [`…/items/${ITEM_ID}/handover-receipt/email`, undefined],
    ]);
  });

  it('finds items by words of the title or area and a category; the item page leads to the hand-over', async () => {
    const { calls } = mockApi({
      ...signedIn,
      [`GET ${base}/items`]: (call) => {
        const query = new URL(call.url, 'http://x').searchParams;
        return page(query.get('q') === 'qara telefon' && query.get('category') === 'phones' ? [item()] : []);
      },
      [`GET ${base}/items/${ITEM_ID}`]: { body: item() },
      [`GET /api/organizations/${IDS.organization}/members`]: { body: [] },
      [`GET ${base}/storage-places`]: { body: [] },
    });
    const user = userEvent.setup();
    render('/org-admin/inventory/desk');
    await user.type(await screen.findByLabelText('İstinad nömrəsi, ad və ya yer'), 'qara telefon');
    await user.selectOptions(screen.getByLabelText('Kateqoriya'), 'phones');
    await user.click(screen.getByRole('button', { name: 'Tap' }));
    const results = await screen.findByTestId('desk-results');
    await waitFor(() => expect(calls.at(-1)!.url).toContain('q=qara+telefon'));
    await user.click(within(results).getByRole('link', { name: 'PBV-000123' }));
    expect(await screen.findByTestId('desk-handover')).toBeInTheDocument();

    render(`/org-admin/inventory/${ITEM_ID}`);
    expect(await screen.findByTestId('to-handover')).toHaveAttribute(
      'href',
      `/org-admin/inventory/${ITEM_ID}/handover`,
    );
  });
});
