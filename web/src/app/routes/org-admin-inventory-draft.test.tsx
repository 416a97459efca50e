import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { planLimitMessage } from '@tapinti/contracts/plans-api';
import { FakeXhr } from '../../test/fake-xhr';
import { IDS } from '../../test/fixtures';
import { mockApi, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { base, item, place, PLACE_ID } from '../../test/inventory-fixtures';
import OrgAdminInventoryPage from './org-admin-inventory';

const staff = {
  ...testUser,
  id: IDS.admin,
  username: 'nigar',
  role: 'org_staff' as const,
  organizationId: IDS.organization,
};
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'telefon.png', { type: 'image/png' });
const draftKey = `tapinti.inventory.${IDS.organization}.${IDS.admin}.draft`;
const overLimit = planLimitMessage('itemsPerMonth', 'basic');
const render = () =>
  renderWithProviders(<OrgAdminInventoryPage />, {
    route: '/org-admin/inventory/new',
    path: '/org-admin/inventory/*',
  });

/**
 * Over the plan's limit nothing typed is lost (issue 25 point 8): the server's refusal is shown,
 * the form keeps its values and photos, and a reload opens it with them; once logged, the draft goes.
 */
describe('/org-admin/inventory/new: an item refused over the plan is kept as a draft', () => {
  beforeEach(() => {
    localStorage.clear();
    FakeXhr.install();
  });

  it('keeps the values and the photo through the refusal and a reload, then logs it', async () => {
    let refuse = true;
    const { calls } = mockApi({
      'GET /api/user': () => ({ body: staff }),
      [`GET ${base}/settings`]: { body: { organizationId: IDS.organization, prefix: 'PBV' } },
      [`GET ${base}/storage-places`]: { body: [place()] },
      'POST /api/objects/upload': { body: { uploadURL: '/api/objects/uploads/tok1' } },
      'POST /api/objects/normalize-path': { body: { normalizedPath: '/objects/abcdef12-3456' } },
      [`POST ${base}/items`]: () =>
        refuse ? { status: 409, body: { message: overLimit } } : { status: 201, body: item() },
    });
    const user = userEvent.setup();
    const first = render();
    await user.upload(await screen.findByLabelText(/Şəkil seçin/), png());
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.respond(200));
    await user.selectOptions(screen.getByLabelText(/^Kateqoriya/), 'phones');
    await user.clear(screen.getByLabelText(/^Qısa ad/));
    await user.type(screen.getByLabelText(/^Qısa ad/), 'Qara iPhone');
    await user.type(screen.getByLabelText(/^Tapıldığı yer/), 'Otaq 204');
    await user.click(await screen.findByRole('button', { name: 'Qeydə al' }));

    // The refusal names the limit and the plan that lifts it; the form keeps everything.
    expect(await screen.findByText(overLimit)).toBeInTheDocument();
    expect(screen.getByText(overLimit).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByLabelText(/^Kateqoriya/)).toHaveValue('phones');
    expect(screen.getByLabelText(/^Qısa ad/)).toHaveValue('Qara iPhone');
    expect(screen.getByLabelText(/^Tapıldığı yer/)).toHaveValue('Otaq 204');
    expect(JSON.parse(localStorage.getItem(draftKey)!)).toMatchObject({
      category: 'phones',
      title: 'Qara iPhone',
      foundArea: 'Otaq 204',
      photoUrls: ['/objects/abcdef12-3456'],
      storagePlaceId: PLACE_ID,
    });

    // A reload: the form opens with the draft, its photo included.
    first.unmount();
    render();
    expect(await screen.findByLabelText(/^Qısa ad/)).toHaveValue('Qara iPhone');
    expect(screen.getByLabelText(/^Kateqoriya/)).toHaveValue('phones');
    expect(screen.getByLabelText(/^Tapıldığı yer/)).toHaveValue('Otaq 204');
    expect(screen.getByTestId('intake-draft')).toHaveTextContent('qaralama');

    // The plan raised: the same draft is logged as it was, and the draft is gone.
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Qeydə al' }));
    expect(await screen.findByTestId('reference-number')).toHaveTextContent('PBV-000123');
    const posts = calls.filter((c) => c.method === 'POST' && c.url === `${base}/items`);
    expect(posts.at(-1)!.body).toEqual(posts[0]!.body);
    expect(posts[0]!.body).toMatchObject({ photoUrls: ['/objects/abcdef12-3456'], title: 'Qara iPhone' });
    expect(localStorage.getItem(draftKey)).toBeNull();
  });
});
