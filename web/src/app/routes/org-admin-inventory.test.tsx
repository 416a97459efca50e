import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
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
const render = (isAdmin = false, route = '/org-admin/inventory/new') => {
  admin = isAdmin;
  return renderWithProviders(<OrgAdminInventoryPage />, {
    route,
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
      listPublicly: true,
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

const SECOND_ID = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
const members = {
  body: [
    {
      userId: IDS.admin,
      username: 'nigar',
      email: null,
      role: 'org_admin',
      joinedAt: '2026-11-01T09:00:00.000Z',
    },
  ],
};
const moved = item({
  storagePlace: { id: SAFE_ID, name: 'Seyf', kind: 'safe' },
  custody: [
    ...item().custody,
    {
      kind: 'moved',
      by: IDS.admin,
      at: '2026-11-21T10:00:00.000Z',
      from: { id: PLACE_ID, name: 'Rəf A', kind: 'shelf' },
      to: { id: SAFE_ID, name: 'Seyf', kind: 'safe' },
    },
  ],
});

describe("/org-admin/inventory/:itemId: the item's page (the label's QR code)", () => {
  const routes = (extra = {}) => ({
    ...signedIn(),
    [`GET /api/organizations/${IDS.organization}/members`]: members,
    [`GET ${base}/storage-places`]: { body: [place(), place({ id: SAFE_ID, name: 'Seyf', kind: 'safe' })] },
    ...extra,
  });

  it('shows the item, its custody, its labels; moving it adds to the history', async () => {
    const { calls } = mockApi(
      routes({
        [`GET ${base}/items/${ITEM_ID}`]: { body: item() },
        [`POST ${base}/items/${ITEM_ID}/moves`]: { body: moved },
      }),
    );
    const user = userEvent.setup();
    render(false, `/org-admin/inventory/${ITEM_ID}`);
    expect(await screen.findByTestId('reference-number')).toHaveTextContent('PBV-000123');
    expect(screen.getByRole('link', { name: 'Etiketi çap et (A4)' })).toHaveAttribute(
      'href',
      `${base}/items/${ITEM_ID}/label?size=a4`,
    );
    await waitFor(() => expect(screen.getByTestId('custody')).toHaveTextContent('nigar'));
    expect(screen.getByTestId('custody')).toHaveTextContent('Qeydə alındı: Rəf A');
    await user.selectOptions(await screen.findByLabelText('Başqa saxlama yerinə köçür'), SAFE_ID);
    await user.click(screen.getByRole('button', { name: 'Köçür' }));
    expect(await screen.findByText('Rəf A → Seyf')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ storagePlaceId: SAFE_ID });
  });

  it('disposes of it after asking once more; the way and the note are shown', async () => {
    const { calls } = mockApi(
      routes({
        [`GET ${base}/items/${ITEM_ID}`]: { body: item() },
        [`POST ${base}/items/${ITEM_ID}/disposal`]: {
          body: item({
            state: 'disposed',
            disposal: {
              way: 'transferred',
              receivingOrganization: 'ASAN Bakı 1',
              note: 'Akt 17',
              by: IDS.admin,
              at: '2026-11-25T10:00:00.000Z',
            },
          }),
        },
      }),
    );
    const user = userEvent.setup();
    render(false, `/org-admin/inventory/${ITEM_ID}`);
    await user.selectOptions(await screen.findByLabelText(/^Əşyanın taleyi/), 'transferred');
    await user.click(screen.getByRole('button', { name: 'Anbardan çıxar' }));
    expect(await screen.findByText(INVENTORY_MESSAGES.receivingOrganization)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Əşyanın verildiyi təşkilat/), 'ASAN Bakı 1');
    await user.type(screen.getByLabelText(/^Qeyd/), 'Akt 17');
    await user.click(screen.getByRole('button', { name: 'Anbardan çıxar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anbardan çıxar' });
    await user.click(within(dialog).getByRole('button', { name: 'Anbardan çıxar' }));
    await screen.findByText('Əşya anbardan çıxarıldı');
    expect(await screen.findByTestId('disposal')).toHaveTextContent('Başqa təşkilata verildi: ASAN Bakı 1');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      way: 'transferred',
      receivingOrganization: 'ASAN Bakı 1',
      note: 'Akt 17',
    });
  });

  it("another organisation's item (404 under one's own organisation) is a clear refusal", async () => {
    mockApi(
      routes({ [`GET ${base}/items/${ITEM_ID}`]: { status: 404, body: { message: 'Əşya tapılmadı' } } }),
    );
    render(false, `/org-admin/inventory/${ITEM_ID}`);
    expect(await screen.findByTestId('item-not-found')).toHaveTextContent(
      'başqa təşkilatın əşyası ola bilər',
    );
  });
});

describe('/org-admin/inventory: the register', () => {
  it('filters by state and reference, pages, and prints the selected items on an A4 sheet', async () => {
    const second = item({ id: SECOND_ID, referenceNumber: 'PBV-000124' });
    const { calls } = mockApi({
      ...signedIn(),
      [`GET ${base}/storage-places`]: { body: [place()] },
      [`GET ${base}/items`]: (call) => ({
        body: {
          items: call.url.includes('reference=') ? [second] : [item(), second],
          total: call.url.includes('reference=') ? 1 : 41,
          page: call.url.includes('page=2') ? 2 : 1,
          pageSize: 20,
        },
      }),
    });
    const user = userEvent.setup();
    render(false, '/org-admin/inventory');
    const list = await screen.findByTestId('inventory-items');
    expect(calls.find((c) => c.url.startsWith(`${base}/items`))!.url).toBe(
      `${base}/items?state=stored&page=1`,
    );
    expect(screen.getByText('Səhifə 1/3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Növbəti' }));
    expect(await screen.findByText('Səhifə 2/3')).toBeInTheDocument();

    await user.click(within(list).getByRole('checkbox', { name: 'Etiket üçün seç: PBV-000123' }));
    await user.click(within(list).getByRole('checkbox', { name: 'Etiket üçün seç: PBV-000124' }));
    expect(screen.getByRole('link', { name: 'Seçilmiş etiketləri çap et (2, A4)' })).toHaveAttribute(
      'href',
      `${base}/labels?items=${ITEM_ID}%2C${SECOND_ID}&size=a4`,
    );

    await user.selectOptions(screen.getByLabelText('Vəziyyət'), '');
    await user.type(screen.getByLabelText('İstinad nömrəsi'), 'pbv-000124');
    await user.click(screen.getByRole('button', { name: 'Axtar' }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe(`${base}/items?page=1&reference=pbv-000124`));
    expect(await screen.findByText('Cəmi: 1')).toBeInTheDocument();
  });
});

describe('/org-admin/inventory/settings and /queue', () => {
  it('an admin sets the prefix, adds a storage place and a retention', async () => {
    const { calls } = mockApi({
      ...signedIn(),
      [`GET ${base}/settings`]: settings(null),
      [`PUT ${base}/prefix`]: settings('PBV'),
      [`GET ${base}/storage-places`]: { body: [] },
      [`POST ${base}/storage-places`]: { status: 201, body: place() },
      [`GET ${base}/retention`]: {
        body: {
          organizationId: IDS.organization,
          days: { phones: 30, bags: 30, keys: 30, documents: 10, other: 30 },
        },
      },
      [`PUT ${base}/retention`]: {
        body: {
          organizationId: IDS.organization,
          days: { phones: 30, bags: 30, keys: 30, documents: 14, other: 30 },
        },
      },
    });
    const user = userEvent.setup();
    render(true, '/org-admin/inventory/settings');
    await user.type(await screen.findByLabelText('Prefiks'), 'p');
    await user.click(within(screen.getByRole('form', { name: 'İstinad prefiksi' })).getByRole('button'));
    expect(await screen.findByText(INVENTORY_MESSAGES.prefix)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Prefiks'), 'bv');
    await user.click(within(screen.getByRole('form', { name: 'İstinad prefiksi' })).getByRole('button'));
    expect(await screen.findByText('Prefiks yadda saxlanıldı')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Yeni saxlama yerinin adı'), 'Rəf A');
    await user.click(screen.getByRole('button', { name: 'Əlavə et' }));
    expect(await screen.findByText('Saxlama yeri əlavə edildi')).toBeInTheDocument();

    const documents = await screen.findByRole('spinbutton', { name: 'Sənədlər' });
    await user.clear(documents);
    await user.type(documents, '14');
    await user.click(within(screen.getByRole('form', { name: 'Sənədlər' })).getByRole('button'));
    expect(await screen.findByText('Saxlama müddəti yadda saxlanıldı')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', `${base}/prefix`, { prefix: 'PBV' }],
      ['POST', `${base}/storage-places`, { name: 'Rəf A', kind: 'shelf' }],
      ['PUT', `${base}/retention`, { category: 'documents', days: 14 }],
    ]);
  });

  it('staff are refused the settings', async () => {
    mockApi({ ...signedIn() });
    render(false, '/org-admin/inventory/settings');
    expect(await screen.findByText('Giriş icazəniz yoxdur')).toBeInTheDocument();
  });

  it('the queue shows overdue first and disposes of an item from there', async () => {
    const { calls } = mockApi({
      ...signedIn(),
      [`GET ${base}/disposal-queue`]: {
        body: {
          items: [
            { ...item(), daysLeft: -2 },
            { ...item({ id: SECOND_ID, referenceNumber: 'PBV-000124' }), daysLeft: 1 },
          ].map(
            ({ id, referenceNumber, category, title, foundAt, storagePlace, disposeAfter, daysLeft }) => ({
              id,
              referenceNumber,
              category,
              title,
              foundAt,
              storagePlace,
              disposeAfter,
              daysLeft,
            }),
          ),
          total: 2,
        },
      },
      [`POST ${base}/items/${ITEM_ID}/disposal`]: { body: item({ state: 'disposed' }) },
    });
    const user = userEvent.setup();
    render(false, '/org-admin/inventory/queue');
    const queue = await screen.findByTestId('disposal-queue');
    const [first, second] = within(queue).getAllByRole('listitem');
    expect(first).toHaveTextContent('PBV-000123');
    expect(first).toHaveTextContent('2 gün gecikib');
    expect(second).toHaveTextContent('1 gün qalıb');
    await user.click(within(first!).getByRole('button', { name: 'Anbardan çıxar' }));
    const dialog = await screen.findByRole('dialog', { name: 'PBV-000123: anbardan çıxar' });
    await user.selectOptions(within(dialog).getByLabelText(/^Əşyanın taleyi/), 'donated');
    await user.click(within(dialog).getByRole('button', { name: 'Anbardan çıxar' }));
    expect(await screen.findByText('Əşya anbardan çıxarıldı')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ way: 'donated' });
  });
});

describe('/org-admin/inventory: the register’s filters live in the URL', () => {
  it('a shared link opens with its filters; changing them pushes a new URL that Back undoes', async () => {
    const { calls } = mockApi({
      ...signedIn(),
      [`GET ${base}/storage-places`]: { body: [place(), place({ id: SAFE_ID, name: 'Seyf', kind: 'safe' })] },
      [`GET ${base}/items`]: (call) => ({
        body: {
          items: [item()],
          total: 41,
          page: call.url.includes('page=2') ? 2 : 1,
          pageSize: 20,
        },
      }),
    });
    const user = userEvent.setup();
    admin = false;
    // The browser's Back button.
    const Back = () => {
      const navigate = useNavigate();
      return <button onClick={() => navigate(-1)}>Back</button>;
    };
    renderWithProviders(
      <>
        <OrgAdminInventoryPage />
        <Back />
      </>,
      {
        route: `/org-admin/inventory?state=all&place=${SAFE_ID}&reference=pbv-000123&page=2`,
        path: '/org-admin/inventory/*',
      },
    );
    const search = () => new URL(screen.getByTestId('location').textContent!, 'http://x').search;
    await screen.findByTestId('inventory-items');
    expect(calls.find((c) => c.url.startsWith(`${base}/items`))!.url).toBe(
      `${base}/items?page=2&storagePlaceId=${SAFE_ID}&reference=pbv-000123`,
    );
    expect(screen.getByLabelText('Vəziyyət')).toHaveValue('');
    expect(screen.getByLabelText('Saxlama yeri')).toHaveValue(SAFE_ID);
    expect(screen.getByLabelText('İstinad nömrəsi')).toHaveValue('pbv-000123');
    expect(screen.getByText('Səhifə 2/3')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Vəziyyət'), 'claimed');
    await waitFor(() => expect(search()).toBe(`?state=claimed&place=${SAFE_ID}&reference=pbv-000123`));
    await user.clear(screen.getByLabelText('İstinad nömrəsi'));
    await user.click(screen.getByRole('button', { name: 'Axtar' }));
    await waitFor(() => expect(search()).toBe(`?state=claimed&place=${SAFE_ID}`));

    // Back: the previous filters, the field included.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByLabelText('İstinad nömrəsi')).toHaveValue('pbv-000123'));
    expect(screen.getByLabelText('Vəziyyət')).toHaveValue('claimed');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByLabelText('Vəziyyət')).toHaveValue(''));
    expect(screen.getByText('Səhifə 2/3')).toBeInTheDocument();
  });
});
