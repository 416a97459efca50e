import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVENTORY_MESSAGES } from '@tapinti/contracts/inventory-api';
import { FakeXhr } from '../../test/fake-xhr';
import { IDS } from '../../test/fixtures';
import { mockApi, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { base, item, ITEM_ID, place, PLACE_ID, SAFE_ID } from '../../test/inventory-fixtures';
import OrgAdminInventoryPage from './org-admin-inventory';

const staff = {
  ...testUser,
  id: IDS.admin,
  username: 'nigar',
  role: 'org_staff' as const,
  organizationId: IDS.organization,
};
const settings = (prefix: string | null) => ({ body: { organizationId: IDS.organization, prefix } });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'telefon.png', { type: 'image/png' });

let admin = false;
/** The signed-in member: an admin when the test renders for one. */
const signedIn = () => ({
  'GET /api/user': () => ({ body: { ...staff, role: admin ? 'org_admin' : 'org_staff' } }),
});
const render = (isAdmin = false) => {
  admin = isAdmin;
  return renderWithProviders(<OrgAdminInventoryPage />, {
    route: '/org-admin/inventory/new',
    path: '/org-admin/inventory/*',
  });
};

describe('/org-admin/inventory/new: intake of a found item', () => {
  beforeEach(() => {
    localStorage.clear();
    FakeXhr.install();
  });

  it('logs an item with a photo in four steps: the title follows the category, place and time default', async () => {
    const { calls } = mockApi({
      ...signedIn(),
      [`GET ${base}/settings`]: settings('PBV'),
      [`GET ${base}/storage-places`]: { body: [place()] },
      'POST /api/objects/upload': { body: { uploadURL: '/api/objects/uploads/tok1' } },
      'POST /api/objects/normalize-path': { body: { normalizedPath: '/objects/abcdef12-3456' } },
      [`POST ${base}/items`]: { status: 201, body: item() },
    });
    const user = userEvent.setup();
    render();
    const input = await screen.findByLabelText(/Şəkil seçin/);
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).toHaveAttribute('accept', 'image/*');
    await user.upload(input, png());
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.respond(200));
    await user.selectOptions(screen.getByLabelText(/^Kateqoriya/), 'phones');
    expect(screen.getByLabelText(/^Qısa ad/)).toHaveValue('Mobil telefon');
    await user.type(screen.getByLabelText(/^Tapıldığı yer/), 'Lobbi');
    await user.click(await screen.findByRole('button', { name: 'Qeydə al' }));

    expect(await screen.findByTestId('reference-number')).toHaveTextContent('PBV-000123');
    expect(screen.getByTestId('reference-number')).toHaveFocus();
    expect(calls.find((c) => c.method === 'POST' && c.url === `${base}/items`)!.body).toEqual({
      category: 'phones',
      title: 'Mobil telefon',
      foundArea: 'Lobbi',
      foundBy: 'nigar',
      valuable: false,
      photoUrls: ['/objects/abcdef12-3456'],
      storagePlaceId: PLACE_ID,
    });
    expect(screen.getByRole('link', { name: 'Etiketi çap et (62 mm)' })).toHaveAttribute(
      'href',
      `${base}/items/${ITEM_ID}/label?size=62mm`,
    );
    expect(screen.getByRole('link', { name: 'Etiketi çap et (62 mm)' })).toHaveAttribute('target', '_blank');

    // The next item starts with the area remembered and nothing else.
    await user.click(screen.getByRole('button', { name: 'Növbəti əşyanı qeydə al' }));
    expect(await screen.findByLabelText(/^Tapıldığı yer/)).toHaveValue('Lobbi');
    expect(screen.getByLabelText(/^Kateqoriya/)).toHaveValue('');
    expect(screen.getByLabelText(/^Qısa ad/)).toHaveValue('');
  });

  it('an edited title stays when the category changes; the last used place is chosen again', async () => {
    localStorage.setItem(`tapinti.inventory.${IDS.organization}.${IDS.admin}.storagePlace`, SAFE_ID);
    mockApi({
      ...signedIn(),
      [`GET ${base}/settings`]: settings('PBV'),
      [`GET ${base}/storage-places`]: { body: [place(), place({ id: SAFE_ID, name: 'Seyf', kind: 'safe' })] },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByLabelText(/^Saxlama yeri/)).toHaveValue(SAFE_ID);
    await user.type(screen.getByLabelText(/^Qısa ad/), 'Qara iPhone');
    await user.selectOptions(screen.getByLabelText(/^Kateqoriya/), 'phones');
    expect(screen.getByLabelText(/^Qısa ad/)).toHaveValue('Qara iPhone');
  });

  it('refuses before sending what the contract refuses, and says where', async () => {
    const { calls } = mockApi({
      ...signedIn(),
      [`GET ${base}/settings`]: settings('PBV'),
      [`GET ${base}/storage-places`]: { body: [place()] },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Qeydə al' }));
    expect(await screen.findByText(INVENTORY_MESSAGES.category)).toBeInTheDocument();
    expect(screen.getByText(INVENTORY_MESSAGES.foundArea)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('without a prefix, says so and links an admin to the settings', async () => {
    mockApi({
      ...signedIn(),
      [`GET ${base}/settings`]: settings(null),
      [`GET ${base}/storage-places`]: { body: [place()] },
    });
    render(true);
    expect(await screen.findByText(INVENTORY_MESSAGES.prefixNotSet)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prefiksi ayarlarda təyin edin' })).toHaveAttribute(
      'href',
      '/org-admin/inventory/settings',
    );
  });

  it("the server's 409 (prefix removed meanwhile) shows the same notice; staff are told to ask", async () => {
    mockApi({
      ...signedIn(),
      [`GET ${base}/settings`]: settings('PBV'),
      [`GET ${base}/storage-places`]: { body: [place()] },
      [`POST ${base}/items`]: { status: 409, body: { message: INVENTORY_MESSAGES.prefixNotSet } },
    });
    const user = userEvent.setup();
    render();
    await user.selectOptions(await screen.findByLabelText(/^Kateqoriya/), 'keys');
    await user.type(screen.getByLabelText(/^Tapıldığı yer/), 'Otaq 204');
    await user.click(screen.getByRole('button', { name: 'Qeydə al' }));
    expect(await screen.findByTestId('prefix-missing')).toHaveTextContent(
      'Təşkilatınızın adminindən prefiksi təyin etməsini xahiş edin.',
    );
  });

  it("another organisation's or a deactivated organisation's refusal is shown, not a crash", async () => {
    mockApi({
      ...signedIn(),
      [`GET ${base}/settings`]: { status: 403, body: { message: 'Təşkilat deaktivdir' } },
      [`GET ${base}/storage-places`]: { status: 403, body: { message: 'Təşkilat deaktivdir' } },
    });
    render();
    expect(await screen.findByText('Təşkilat deaktivdir')).toBeInTheDocument();
  });
});
