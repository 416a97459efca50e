import { z } from 'zod';
import { CATEGORIES, type Category, photoPathsSchema } from './announcements-api';
import { endpoint } from './endpoint';
import {
  charCount,
  emptyOr,
  intParam,
  ONE_TO_HUNDRED_TEXT,
  optionalQueryText,
  optionalTrimmedText,
  POSITIVE_INTEGER_TEXT,
  text,
  trimmedText,
  UUID_TEXT,
} from './input-text';
import {
  DISPOSAL_WAYS,
  IDENTITY_DOCUMENT_TYPES,
  type IdentityDocumentType,
  ITEM_STATES,
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  STORAGE_PLACE_KINDS,
} from './inventory-events';

/** The most items one label request prints: four A4 sheets. */
export const MAX_LABEL_ITEMS = 96;

/**
 * The inventory service's API (issue 25): a venue's register of the found items it holds — its
 * reference prefix, its storage places, intake and custody. Every path is under
 * `/api/organizations/:id/inventory`. Every refusal is `{ message }` in Azerbaijani.
 */
export const INVENTORY_MESSAGES = {
  prefix: 'Prefiks 2–5 böyük latın hərfindən ibarət olmalıdır (məsələn, PBV)',
  prefixNotSet:
    'Əşyaları qeydə almaq üçün əvvəlcə təşkilatın admini istinad prefiksini təyin etməlidir (Ayarlar → Prefiks)',
  storagePlaceName: 'Saxlama yerinin adı 1–60 simvol olmalıdır',
  storagePlaceKind: 'Saxlama yerinin növünü seçin: rəf, qutu, seyf və ya digər',
  storagePlaceExists: 'Bu adda saxlama yeri artıq var',
  storagePlaceNotFound: 'Saxlama yeri tapılmadı',
  storagePlaceRequired: 'Saxlama yerini seçin',
  category: 'Kateqoriyanı seçin',
  title: 'Qısa ad 2–80 simvol olmalıdır',
  foundArea: 'Tapıldığı yeri (otaq və ya ərazi) yazın: 2–100 simvol',
  foundAt: 'Tapılma vaxtı ISO formatında olmalıdır (məsələn, 2026-11-27T14:30:00Z)',
  foundAtInFuture: 'Tapılma vaxtı gələcəkdə ola bilməz',
  foundAtTooOld: 'Tapılma vaxtı 2000-ci ildən əvvəl ola bilməz',
  foundBy: 'Tapan şəxsin adı ən çox 100 simvol ola bilər',
  valuable: 'Qiymətli əşya bəli və ya xeyir olmalıdır',
  listPublicly: 'İctimai lövhədə göstərmək bəli və ya xeyir olmalıdır',
  itemNotFound: 'Əşya tapılmadı',
  alreadyThere: 'Əşya artıq bu saxlama yerindədir',
  state: 'Vəziyyət yanlışdır',
  storagePlaceFilter: 'Saxlama yeri yanlışdır',
  reference: 'İstinad nömrəsi ən çox 20 simvol ola bilər',
  search: 'Axtarış mətni ən çox 100 simvol ola bilər',
  categoryFilter: 'Kateqoriya yanlışdır',
  page: 'Səhifə nömrəsi 1-dən başlayan tam ədəd olmalıdır',
  pageSize: 'Səhifədə 1 ilə 100 arasında əşya ola bilər',
  labelSize: 'Etiketin ölçüsünü seçin: 62mm (termal lent) və ya a4 (vərəq)',
  labelItems: 'Etiket üçün əşyaları vergüllə ayrılmış identifikatorlarla göstərin',
  labelTooMany: `Bir dəfəyə ən çox ${MAX_LABEL_ITEMS} əşyanın etiketi çap oluna bilər`,
  labelItemNotFound: 'Göstərilən əşyaların bəziləri bu təşkilatda tapılmadı',
  notStored:
    'Əşya artıq anbardan çıxarılıb (bağışlanıb, məhv edilib və ya təhvil verilib): onu köçürmək və ya yenidən çıxarmaq olmaz',
  disposalWay:
    'Əşyanın taleyini seçin: bağışlandı, məhv edildi, polisə təhvil verildi, ASAN xidmətinə təhvil verildi və ya başqa təşkilata verildi',
  receivingOrganization: 'Əşyanın verildiyi təşkilatın adını yazın: 2–120 simvol',
  receivingOrganizationNotTransferred: 'Təşkilatın adı yalnız əşya başqa təşkilata verildikdə yazılır',
  disposalNote: 'Qeyd ən çox 500 simvol ola bilər',
  retentionCategory: 'Saxlama müddəti üçün kateqoriyanı seçin',
  retentionDays: `Saxlama müddəti ${MIN_RETENTION_DAYS} ilə ${MAX_RETENTION_DAYS} gün arasında tam ədəd olmalıdır`,
  ownerName: 'Sahibin adını təqdim etdiyi kimi yazın: 2–100 simvol',
  documentType:
    'Şəxsiyyəti təsdiq edən sənədin növünü seçin: şəxsiyyət vəsiqəsi, pasport, sürücülük vəsiqəsi və ya digər',
  documentLast4: 'Sənədin nömrəsindən yalnız son 4 simvolu (hərf və ya rəqəm) yazın',
  notHandedOver: 'Əşya anbardan çıxarılıb: onu sahibinə təhvil vermək olmaz',
  alreadyHandedOver: 'Bu əşyanın sahibinə təhvili artıq qeydə alınıb',
  receiptNotReady: 'Təhvil qəbzi əşya sahibinə qaytarıldıqdan və şəxsiyyəti yoxlanıldıqdan sonra hazırlanır',
  receiptMailWalkIn:
    'Qəbz e-poçtla yalnız platformada iddia ilə gələn sahibə göndərilir (ünvanı onun hesabındadır): bu sahibə qəbzi çap edib verin',
} as const;

/** The identity documents' names in Azerbaijani (the receipt prints them; the web translates them). */
export const IDENTITY_DOCUMENT_LABELS: Readonly<Record<IdentityDocumentType, string>> = {
  id_card: 'Şəxsiyyət vəsiqəsi',
  passport: 'Pasport',
  driving_licence: 'Sürücülük vəsiqəsi',
  other: 'Digər sənəd',
};

/** `<PREFIX>-000123`: the prefix, a hyphen, the organisation's number with at least six digits. */
export const referenceNumberOf = (prefix: string, number: number) =>
  `${prefix}-${String(number).padStart(6, '0')}`;

/**
 * Categories whose public listing shows category, date and area only (issue 25: documents —
 * cards among them, the spec has no category of their own — and phones); so does anything marked
 * valuable.
 */
export const LISTED_WITHOUT_DETAILS_CATEGORIES: readonly Category[] = ['documents', 'phones'];

export const listedWithoutDetails = (category: Category, valuable: boolean) =>
  valuable || LISTED_WITHOUT_DETAILS_CATEGORIES.includes(category);

/** A found-at time may be this far ahead of the server's clock (a phone's clock runs fast). */
export const FOUND_AT_CLOCK_SKEW_MS = 5 * 60 * 1000;
const EARLIEST_FOUND_AT = '2000-01-01T00:00:00.000Z';

export const INVENTORY_PAGE_SIZE = 20;

/**
 * Label sizes: `62mm`, a thermal roll label (62 × 50 mm, one item a page) and `a4`, a sheet of
 * 3 × 8 labels of 70 × 37 mm (several pages when needed).
 */
export const LABEL_SIZES = ['62mm', 'a4'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

/** The item's staff page in the web app, the payload of its label's QR code (after `PUBLIC_URL`). */
export const itemStaffPagePath = (itemId: string) => `/org-admin/inventory/${itemId}`;

/** PUT …/inventory/prefix */
export const prefixRequestSchema = z.object({
  prefix: text(INVENTORY_MESSAGES.prefix).regex(/^[A-Z]{2,5}$/, INVENTORY_MESSAGES.prefix),
});

const storagePlaceNameSchema = trimmedText({
  min: 1,
  max: 60,
  required: INVENTORY_MESSAGES.storagePlaceName,
  tooShort: INVENTORY_MESSAGES.storagePlaceName,
  tooLong: INVENTORY_MESSAGES.storagePlaceName,
});

/** POST …/inventory/storage-places */
export const storagePlaceRequestSchema = z.object({
  name: storagePlaceNameSchema,
  kind: z.enum(STORAGE_PLACE_KINDS, { error: INVENTORY_MESSAGES.storagePlaceKind }),
});
export type StoragePlaceRequest = z.output<typeof storagePlaceRequestSchema>;

/** PUT …/inventory/storage-places/:placeId */
export const renameStoragePlaceRequestSchema = z.object({ name: storagePlaceNameSchema });

/** A uuid in a body (any other text is refused with `message`). */
const uuidField = (message: string) => text(message).regex(new RegExp(`^${UUID_TEXT}$`), message);

/** POST …/inventory/items: intake of a found item. */
export const itemIntakeRequestSchema = z.object({
  category: z.enum(CATEGORIES, { error: INVENTORY_MESSAGES.category }),
  title: trimmedText({
    min: 2,
    max: 80,
    required: INVENTORY_MESSAGES.title,
    tooShort: INVENTORY_MESSAGES.title,
    tooLong: INVENTORY_MESSAGES.title,
  }),
  foundArea: trimmedText({
    min: 2,
    max: 100,
    required: INVENTORY_MESSAGES.foundArea,
    tooShort: INVENTORY_MESSAGES.foundArea,
    tooLong: INVENTORY_MESSAGES.foundArea,
  }),
  /** Absent or null: now. Not in the future (a rule: the server's clock decides). */
  foundAt: z.iso
    .datetime({ offset: true, error: INVENTORY_MESSAGES.foundAt })
    .refine((v) => Date.parse(v) >= Date.parse(EARLIEST_FOUND_AT), INVENTORY_MESSAGES.foundAtTooOld)
    .nullable()
    .transform((v) => v ?? undefined)
    .optional(),
  foundBy: optionalTrimmedText(100, INVENTORY_MESSAGES.foundBy),
  valuable: z.boolean({ error: INVENTORY_MESSAGES.valuable }).default(false),
  /** Listed on the public board as the organisation's found announcement (default); false: the register only. */
  listPublicly: z.boolean({ error: INVENTORY_MESSAGES.listPublicly }).default(true),
  photoUrls: photoPathsSchema.default([]),
  storagePlaceId: uuidField(INVENTORY_MESSAGES.storagePlaceRequired),
});
export type ItemIntakeRequest = z.output<typeof itemIntakeRequestSchema>;

/** POST …/inventory/items/:itemId/moves */
export const moveItemRequestSchema = z.object({
  storagePlaceId: uuidField(INVENTORY_MESSAGES.storagePlaceRequired),
});

/**
 * POST …/inventory/items/:itemId/disposal: how the item leaves. `receivingOrganization` (the other
 * organisation's name) is required for `transferred` and refused otherwise; `note` optional, ≤ 500.
 */
export const disposalRequestSchema = z
  .object({
    way: z.enum(DISPOSAL_WAYS, { error: INVENTORY_MESSAGES.disposalWay }),
    receivingOrganization: optionalTrimmedText(120, INVENTORY_MESSAGES.receivingOrganization),
    note: optionalTrimmedText(500, INVENTORY_MESSAGES.disposalNote),
  })
  .superRefine((v, ctx) => {
    if (v.way === 'transferred' && (!v.receivingOrganization || charCount(v.receivingOrganization) < 2))
      ctx.addIssue({
        code: 'custom',
        path: ['receivingOrganization'],
        message: INVENTORY_MESSAGES.receivingOrganization,
      });
    if (v.way !== 'transferred' && v.receivingOrganization)
      ctx.addIssue({
        code: 'custom',
        path: ['receivingOrganization'],
        message: INVENTORY_MESSAGES.receivingOrganizationNotTransferred,
      });
  });
export type DisposalRequest = z.output<typeof disposalRequestSchema>;

/** PUT …/inventory/retention: one category's retention in days (for items logged afterwards). */
export const retentionRequestSchema = z.object({
  category: z.enum(CATEGORIES, { error: INVENTORY_MESSAGES.retentionCategory }),
  days: z
    .number({ error: INVENTORY_MESSAGES.retentionDays })
    .int(INVENTORY_MESSAGES.retentionDays)
    .min(MIN_RETENTION_DAYS, INVENTORY_MESSAGES.retentionDays)
    .max(MAX_RETENTION_DAYS, INVENTORY_MESSAGES.retentionDays),
});
export type RetentionRequest = z.output<typeof retentionRequestSchema>;

/**
 * POST …/inventory/items/:itemId/handover: the desk hand-over — the owner's name as given and the
 * identity document checked: its type and **only the last 4 characters** of its number (more is
 * refused: the whole number is never taken, stored or logged). Letters are kept upper-case.
 */
export const handOverRequestSchema = z.object({
  ownerName: trimmedText({
    min: 2,
    max: 100,
    required: INVENTORY_MESSAGES.ownerName,
    tooShort: INVENTORY_MESSAGES.ownerName,
    tooLong: INVENTORY_MESSAGES.ownerName,
  }),
  documentType: z.enum(IDENTITY_DOCUMENT_TYPES, { error: INVENTORY_MESSAGES.documentType }),
  documentLast4: text(INVENTORY_MESSAGES.documentLast4)
    .regex(/^[A-Za-z0-9]{4}$/, INVENTORY_MESSAGES.documentLast4)
    .transform((v) => v.toUpperCase()),
});
export type HandOverRequest = z.output<typeof handOverRequestSchema>;

/** GET …/inventory/items: newest first; every filter optional (empty: not given). */
export const listItemsQuerySchema = z.object({
  state: z
    .enum(['', ...ITEM_STATES], { error: INVENTORY_MESSAGES.state })
    .optional()
    .transform((v) => v || undefined),
  storagePlaceId: text(INVENTORY_MESSAGES.storagePlaceFilter)
    .regex(emptyOr(UUID_TEXT), INVENTORY_MESSAGES.storagePlaceFilter)
    .optional()
    .transform((v) => v?.toLowerCase() || undefined),
  /** The whole reference number, any case (`pbv-000001` finds `PBV-000001`). */
  reference: optionalQueryText(20, {
    invalid: INVENTORY_MESSAGES.reference,
    tooLong: INVENTORY_MESSAGES.reference,
  }),
  /** Words found in the title or the area (Azerbaijani case folding, ı = i): the desk's search. */
  q: optionalQueryText(100, { invalid: INVENTORY_MESSAGES.search, tooLong: INVENTORY_MESSAGES.search }),
  category: z
    .enum(['', ...CATEGORIES], { error: INVENTORY_MESSAGES.categoryFilter })
    .optional()
    .transform((v) => v || undefined),
  page: intParam(INVENTORY_MESSAGES.page, POSITIVE_INTEGER_TEXT, 1),
  pageSize: intParam(INVENTORY_MESSAGES.pageSize, ONE_TO_HUNDRED_TEXT, 1, 100),
});
export type ListItemsQuery = z.output<typeof listItemsQuerySchema>;

const labelSizeSchema = (fallback: LabelSize) =>
  z
    .enum(['', ...LABEL_SIZES], { error: INVENTORY_MESSAGES.labelSize })
    .optional()
    .transform((v): LabelSize => v || fallback);

/** GET …/inventory/items/:itemId/label: a thermal roll label unless `size=a4`. */
export const itemLabelQuerySchema = z.object({ size: labelSizeSchema('62mm') });

const LABEL_ITEMS_PATTERN = `^${UUID_TEXT}(?:,${UUID_TEXT}){0,${MAX_LABEL_ITEMS - 1}}$`;

/**
 * GET …/inventory/labels?items=<id>,<id>…: an A4 sheet unless `size=62mm`; the ids in the order
 * given, a repeated one printed once.
 */
export const labelsQuerySchema = z.object({
  items: text(INVENTORY_MESSAGES.labelItems)
    .refine((v) => v.split(',').length <= MAX_LABEL_ITEMS, INVENTORY_MESSAGES.labelTooMany)
    .regex(new RegExp(LABEL_ITEMS_PATTERN), INVENTORY_MESSAGES.labelItems)
    .transform((v) => [...new Set(v.toLowerCase().split(','))]),
  size: labelSizeSchema('a4'),
});
export type LabelsQuery = z.output<typeof labelsQuerySchema>;

/** `:id` (the organisation); malformed ids are answered like unknown ones. */
export const inventoryParamsSchema = z.object({ id: text() });
export const storagePlaceParamsSchema = z.object({ id: text(), placeId: text() });
export const itemParamsSchema = z.object({ id: text(), itemId: text() });

const timestamp = z.string();

export const inventorySettingsSchema = z.object({
  organizationId: z.uuid(),
  /** Null until an admin sets it; intake is refused until then. */
  prefix: z.string().nullable(),
});
export type InventorySettings = z.infer<typeof inventorySettingsSchema>;

export const storagePlaceSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  name: z.string(),
  kind: z.enum(STORAGE_PLACE_KINDS),
  createdAt: timestamp,
});
export type StoragePlace = z.infer<typeof storagePlaceSchema>;

const placeRefSchema = storagePlaceSchema.pick({ id: true, name: true, kind: true });

/** How and by whom an item left the register (null while it is held). */
export const disposalSchema = z.object({
  way: z.enum(DISPOSAL_WAYS),
  receivingOrganization: z.string().nullable(),
  note: z.string().nullable(),
  by: z.uuid(),
  at: timestamp,
});
export type Disposal = z.infer<typeof disposalSchema>;

/** The accepted claim on the item's listing (the requests service's request). */
export const itemClaimSchema = z.object({ requestId: z.uuid(), by: z.uuid(), at: timestamp });

/** How the item went back to its owner: by the claim's code (`requestId`) or at the desk (null). */
export const itemReturnSchema = z.object({ requestId: z.uuid().nullable(), by: z.uuid(), at: timestamp });

/** The desk's identity check of the owner: the document's type and last 4 characters only. */
export const identityCheckSchema = z.object({
  ownerName: z.string(),
  documentType: z.enum(IDENTITY_DOCUMENT_TYPES),
  documentLast4: z.string(),
  by: z.uuid(),
  at: timestamp,
});
export type IdentityCheck = z.infer<typeof identityCheckSchema>;

/** An item of the register as its organisation's staff see it. */
export const inventoryItemSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  referenceNumber: z.string(),
  state: z.enum(ITEM_STATES),
  category: z.enum(CATEGORIES),
  title: z.string(),
  foundArea: z.string(),
  foundAt: timestamp,
  foundBy: z.string().nullable(),
  valuable: z.boolean(),
  listedWithoutDetails: z.boolean(),
  /** On the public board as its organisation's found announcement (chosen at intake). */
  listedPublicly: z.boolean(),
  photoUrls: z.array(z.string()),
  storagePlace: placeRefSchema,
  /** `foundAt` plus the organisation's retention of its category at intake. */
  disposeAfter: timestamp,
  disposal: disposalSchema.nullable(),
  /** Its public listing, the organisation's found announcement (`itemListingId`: the same uuid). */
  announcementId: z.uuid(),
  claim: itemClaimSchema.nullable(),
  returned: itemReturnSchema.nullable(),
  loggedBy: z.uuid(),
  loggedAt: timestamp,
  updatedAt: timestamp,
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** One step of an item's custody: taken in (`logged`, no `from`) or moved. */
export const custodyEntrySchema = z.object({
  kind: z.enum(['logged', 'moved']),
  by: z.uuid(),
  at: timestamp,
  from: placeRefSchema.nullable(),
  to: placeRefSchema,
});
export type CustodyEntry = z.infer<typeof custodyEntrySchema>;

export const inventoryItemDetailsSchema = inventoryItemSchema.extend({
  /** Oldest first. */
  custody: z.array(custodyEntrySchema),
  /** Recorded at the desk hand-over; null before. */
  identityCheck: identityCheckSchema.nullable(),
});
export type InventoryItemDetails = z.infer<typeof inventoryItemDetailsSchema>;

/**
 * The receipt's e-mail was asked for: it goes to the claimant's account. `queued` false: it was
 * asked for before, and that one e-mail stands (nothing is sent twice).
 */
export const receiptMailSchema = z.object({ itemId: z.uuid(), queued: z.boolean() });
export type ReceiptMail = z.infer<typeof receiptMailSchema>;

export const inventoryItemPageSchema = z.object({
  items: z.array(inventoryItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InventoryItemPage = z.infer<typeof inventoryItemPageSchema>;

/** The organisation's retention in days, every category (the defaults where none was set). */
export const retentionSchema = z.object({
  organizationId: z.uuid(),
  days: z.record(z.enum(CATEGORIES), z.number().int()),
});
export type Retention = z.infer<typeof retentionSchema>;

/** An item due for disposal within the queue's horizon (or overdue). */
export const disposalQueueEntrySchema = inventoryItemSchema
  .pick({
    id: true,
    referenceNumber: true,
    category: true,
    title: true,
    foundAt: true,
    storagePlace: true,
    disposeAfter: true,
  })
  .extend({
    /** Baku calendar days from today to `disposeAfter`'s day: 0 today, negative overdue. */
    daysLeft: z.number().int(),
  });
export type DisposalQueueEntry = z.infer<typeof disposalQueueEntrySchema>;

/** Items whose `disposeAfter` is past or at most this many days ahead are in the queue. */
export const DISPOSAL_QUEUE_HORIZON_DAYS = 3;
/** The most entries the queue answers with (the oldest first; `total` counts them all). */
export const DISPOSAL_QUEUE_LIMIT = 200;

export const disposalQueueSchema = z.object({
  items: z.array(disposalQueueEntrySchema),
  total: z.number().int(),
});
export type DisposalQueue = z.infer<typeof disposalQueueSchema>;

const tag = 'inventory';
/** Reading: the organisation's admins and staff; the super admin reads every organisation's. */
const readers = ['super_admin', 'org_admin', 'org_staff'] as const;
/** Intake and custody: the organisation's admins and staff (the super admin reads only). */
const handlers = ['org_admin', 'org_staff'] as const;
/** Settings: the organisation's admins. */
const admins = ['org_admin'] as const;
/** Reading the settings that only admins set: they and the super admin (read-only). */
const adminReaders = ['super_admin', 'org_admin'] as const;
const base = '/api/organizations/:id/inventory';

/**
 * A PDF (a label, a receipt) opens in the browser's own viewer (inline), so printing does not
 * leave the page; `example` says its file name.
 */
const inlinePdfHeaders = (example: string) =>
  [
    {
      name: 'Content-Disposition',
      description: example,
      schema: { type: 'string', pattern: '^inline; filename="[A-Za-z0-9.-]+"$' },
      required: true,
    },
  ] as const;
const labelHeaders = inlinePdfHeaders(
  '`inline; filename="PBV-000123.pdf"` (bir neçə əşya: `etiketler-<say>.pdf`)',
);
const receiptHeaders = inlinePdfHeaders('`inline; filename="tehvil-PBV-000123.pdf"`');

/** The inventory endpoints (gateway prefix `/api/organizations/:id/inventory`). */
export const INVENTORY_ENDPOINTS = {
  getSettings: endpoint({
    method: 'get',
    path: `${base}/settings`,
    summary: 'Anbar ayarları: istinad prefiksi',
    tag,
    access: readers,
    params: inventoryParamsSchema,
    response: { status: 200, schema: inventorySettingsSchema },
    errors: [404],
  }),
  setPrefix: endpoint({
    method: 'put',
    path: `${base}/prefix`,
    summary: 'İstinad prefiksini təyin etmək (2–5 böyük latın hərfi; yalnız admin)',
    tag,
    access: admins,
    params: inventoryParamsSchema,
    body: prefixRequestSchema,
    response: { status: 200, schema: inventorySettingsSchema },
  }),
  listStoragePlaces: endpoint({
    method: 'get',
    path: `${base}/storage-places`,
    summary: 'Saxlama yerləri (rəf, qutu, seyf), ada görə',
    tag,
    access: readers,
    params: inventoryParamsSchema,
    response: { status: 200, schema: z.array(storagePlaceSchema) },
    errors: [404],
  }),
  createStoragePlace: endpoint({
    method: 'post',
    path: `${base}/storage-places`,
    summary: 'Saxlama yeri yaratmaq (yalnız admin)',
    tag,
    access: admins,
    params: inventoryParamsSchema,
    body: storagePlaceRequestSchema,
    response: { status: 201, schema: storagePlaceSchema },
    errors: [409],
  }),
  renameStoragePlace: endpoint({
    method: 'put',
    path: `${base}/storage-places/:placeId`,
    summary: 'Saxlama yerinin adını dəyişmək (yalnız admin)',
    tag,
    access: admins,
    params: storagePlaceParamsSchema,
    body: renameStoragePlaceRequestSchema,
    response: { status: 200, schema: storagePlaceSchema },
    errors: [404, 409],
  }),
  logItem: endpoint({
    method: 'post',
    path: `${base}/items`,
    summary: 'Tapılmış əşyanı qeydə almaq: təşkilat daxilində unikal istinad nömrəsi (PBV-000123) verilir',
    tag,
    access: handlers,
    params: inventoryParamsSchema,
    body: itemIntakeRequestSchema,
    response: { status: 201, schema: inventoryItemDetailsSchema },
    errors: [409],
    rules: [
      { field: 'foundAt', rule: 'gələcəkdə deyil (serverin saatı ilə, 5 dəqiqə fərq qəbul olunur)' },
      { field: 'storagePlaceId', rule: 'bu təşkilatın saxlama yeri (GET …/inventory/storage-places)' },
    ],
  }),
  listItems: endpoint({
    method: 'get',
    path: `${base}/items`,
    summary:
      'Təşkilatın əşyaları, yenidən köhnəyə (vəziyyət, saxlama yeri, istinad nömrəsi, kateqoriya və ad və ya yer üzrə axtarışla süzgəc)',
    tag,
    access: readers,
    params: inventoryParamsSchema,
    query: listItemsQuerySchema,
    response: { status: 200, schema: inventoryItemPageSchema },
    errors: [404],
  }),
  getItem: endpoint({
    method: 'get',
    path: `${base}/items/:itemId`,
    summary: 'Əşya və onun bütün saxlanma tarixçəsi (kim, haradan, haraya, nə vaxt)',
    tag,
    access: readers,
    params: itemParamsSchema,
    response: { status: 200, schema: inventoryItemDetailsSchema },
    errors: [404],
  }),
  moveItem: endpoint({
    method: 'post',
    path: `${base}/items/:itemId/moves`,
    summary: 'Əşyanı başqa saxlama yerinə köçürmək (kim, haradan, haraya, nə vaxt qeydə alınır)',
    tag,
    access: handlers,
    params: itemParamsSchema,
    body: moveItemRequestSchema,
    response: { status: 200, schema: inventoryItemDetailsSchema },
    errors: [404, 409],
    rules: [{ field: 'storagePlaceId', rule: 'bu təşkilatın saxlama yeri, əşyanın indiki yerindən başqa' }],
  }),
  itemLabel: endpoint({
    method: 'get',
    path: `${base}/items/:itemId/label`,
    summary:
      'Əşyanın çap etiketi (PDF): istinad nömrəsi, əşyanın işçi səhifəsinin QR kodu, tapılma tarixi, saxlama yeri; 62mm termal lent və ya A4',
    tag,
    access: readers,
    params: itemParamsSchema,
    query: itemLabelQuerySchema,
    response: { status: 200, schema: null, contentTypes: ['application/pdf'], headers: labelHeaders },
    errors: [404, 409],
  }),
  labels: endpoint({
    method: 'get',
    path: `${base}/labels`,
    summary: `Bir neçə əşyanın etiketləri bir PDF-də (ən çox ${MAX_LABEL_ITEMS}): A4 vərəqində 3 × 8 və ya 62mm lentdə hərəsi bir səhifə`,
    tag,
    access: readers,
    params: inventoryParamsSchema,
    query: labelsQuerySchema,
    response: { status: 200, schema: null, contentTypes: ['application/pdf'], headers: labelHeaders },
    errors: [404, 409],
    rules: [{ field: 'items', rule: 'hamısı bu təşkilatın əşyaları (GET …/inventory/items)' }],
  }),
  disposeItem: endpoint({
    method: 'post',
    path: `${base}/items/:itemId/disposal`,
    summary:
      'Əşyanı anbardan çıxarmaq: bağışlandı, məhv edildi, polisə və ya ASAN xidmətinə təhvil verildi, başqa təşkilata verildi',
    tag,
    access: handlers,
    params: itemParamsSchema,
    body: disposalRequestSchema,
    response: { status: 200, schema: inventoryItemDetailsSchema },
    errors: [404, 409],
    rules: [{ field: 'way', rule: 'yalnız anbarda saxlanan əşya (state=stored) çıxarıla bilər, bir dəfə' }],
  }),
  handOverItem: endpoint({
    method: 'post',
    path: `${base}/items/:itemId/handover`,
    summary:
      'Masada təhvil: sahibin adı və şəxsiyyət sənədinin yoxlanması (növü və nömrəsinin yalnız son 4 simvolu); iddiasız əşya dərhal qaytarılır, iddialı əşya sahibinin 6 rəqəmli kodu təsdiqlənəndə',
    tag,
    access: handlers,
    params: itemParamsSchema,
    body: handOverRequestSchema,
    response: { status: 200, schema: inventoryItemDetailsSchema },
    errors: [404, 409],
    rules: [
      {
        field: 'documentLast4',
        rule: 'iddia qəbul edilibsə, kod POST /api/requests/{claim.requestId}/handover ilə təsdiqlənir (istənilən ardıcıllıqla)',
      },
    ],
  }),
  mailHandoverReceipt: endpoint({
    method: 'post',
    path: `${base}/items/:itemId/handover-receipt/email`,
    summary:
      'Təhvil qəbzini sahibə e-poçtla göndərmək: iddia ilə gələn sahibin hesabındakı ünvana (ünvan heç yerdə göstərilmir); təkrar sorğu yeni məktub göndərmir',
    tag,
    access: handlers,
    params: itemParamsSchema,
    response: { status: 202, schema: receiptMailSchema },
    errors: [404, 409],
  }),
  handoverReceipt: endpoint({
    method: 'get',
    path: `${base}/items/:itemId/handover-receipt`,
    summary:
      'Təhvil qəbzi (PDF): əşya, istinad nömrəsi, tarix (Bakı vaxtı), təhvil verən işçi, sahibin adı və sənədin son 4 simvolu',
    tag,
    access: readers,
    params: itemParamsSchema,
    response: { status: 200, schema: null, contentTypes: ['application/pdf'], headers: receiptHeaders },
    errors: [404, 409],
  }),
  disposalQueue: endpoint({
    method: 'get',
    path: `${base}/disposal-queue`,
    summary: `Çıxarılmalı əşyalar: saxlama müddəti bitmiş və ya ${DISPOSAL_QUEUE_HORIZON_DAYS} gün ərzində bitəcək, ən köhnəsi əvvəl`,
    tag,
    access: readers,
    params: inventoryParamsSchema,
    response: { status: 200, schema: disposalQueueSchema },
    errors: [404],
  }),
  getRetention: endpoint({
    method: 'get',
    path: `${base}/retention`,
    summary: 'Kateqoriyalar üzrə saxlama müddəti (gün)',
    tag,
    access: adminReaders,
    params: inventoryParamsSchema,
    response: { status: 200, schema: retentionSchema },
    errors: [404],
  }),
  setRetention: endpoint({
    method: 'put',
    path: `${base}/retention`,
    summary: `Kateqoriyanın saxlama müddətini təyin etmək (${MIN_RETENTION_DAYS}–${MAX_RETENTION_DAYS} gün; sonra qeydə alınan əşyalara aiddir; yalnız admin)`,
    tag,
    access: admins,
    params: inventoryParamsSchema,
    body: retentionRequestSchema,
    response: { status: 200, schema: retentionSchema },
  }),
};
