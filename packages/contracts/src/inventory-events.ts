import { z } from 'zod';
import { CATEGORIES, type Category } from './announcements-api';

/**
 * Events of the inventory context (a venue's register of the found items it holds, issue 25),
 * published on `inventory.events`, keyed by stream id: `register-<organisation uuid>` (the
 * organisation's reference prefix and its reference counter), `storage-place-<uuid>`,
 * `item-<uuid>`. A published schemaVersion is never edited; a change gets a new version.
 */
export const INVENTORY_EVENTS = {
  prefixSet: 'inventory.register.prefix-set',
  numberIssued: 'inventory.register.number-issued',
  storagePlaceCreated: 'inventory.storage-place.created',
  storagePlaceRenamed: 'inventory.storage-place.renamed',
  itemLogged: 'inventory.item.logged',
  itemMoved: 'inventory.item.moved',
  itemDisposed: 'inventory.item.disposed',
  retentionSet: 'inventory.register.retention-set',
  itemClaimed: 'inventory.item.claimed',
  itemIdentityChecked: 'inventory.item.identity-checked',
  itemReturned: 'inventory.item.returned',
  itemReceiptMailRequested: 'inventory.item.receipt-mail-requested',
} as const;

export const registerStreamId = (organizationId: string) => `register-${organizationId}`;
export const storagePlaceStreamId = (storagePlaceId: string) => `storage-place-${storagePlaceId}`;
export const itemStreamId = (itemId: string) => `item-${itemId}`;

/**
 * The id of an item's public listing (issue 25: every logged item is also a found announcement
 * of its organisation). The same uuid as the item: deterministic, so the announcements service
 * creates it from `item.logged` without a reply, a claim on the announcement names the item (the
 * inventory service reads the requests' events by it), and the link needs no stored mapping.
 */
export const itemListingId = (itemId: string) => itemId;
/** The item an announcement lists, if it lists one (`itemListingId`'s inverse). */
export const listedItemId = (announcementId: string) => announcementId;

/** What a storage place is (issue 25: shelf, box, safe; anything else is `other`). */
export const STORAGE_PLACE_KINDS = ['shelf', 'box', 'safe', 'other'] as const;
export type StoragePlaceKind = (typeof STORAGE_PLACE_KINDS)[number];

/**
 * The states of a held item (issue 25's life of an item): `stored` from intake; `claimed` when a
 * claim on its listing was accepted (`inventory.item.claimed`); `returned` when it is in its
 * owner's hands (the owner's hand-over code confirmed, or the desk hand-over of an unclaimed item:
 * `inventory.item.returned`); `disposed` when the venue let it go (its way in
 * `inventory.item.disposed`). Only a `stored` item is disposed of; a `stored` or `claimed` one is
 * moved.
 */
export const ITEM_STATES = ['stored', 'claimed', 'returned', 'disposed'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/**
 * How a venue lets an item go: donated, destroyed, handed to the police or to an ASAN service
 * centre (documents, as Azerbaijani practice is), or transferred to another organisation (named).
 */
export const DISPOSAL_WAYS = [
  'donated',
  'destroyed',
  'handed_to_police',
  'handed_to_asan',
  'transferred',
] as const;
export type DisposalWay = (typeof DISPOSAL_WAYS)[number];

/** The document an owner proves who they are with at the desk (only its last 4 characters are kept). */
export const IDENTITY_DOCUMENT_TYPES = ['id_card', 'passport', 'driving_licence', 'other'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

/** Retention of an organisation's items per category, in days (an admin sets them: 1–365). */
export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 365;
/**
 * The defaults until an admin sets them: documents 10 days (then handed to the authorities, as
 * Azerbaijani practice is), everything else 30 days (the platform's active period).
 */
export const DEFAULT_RETENTION_DAYS: Readonly<Record<Category, number>> = {
  phones: 30,
  bags: 30,
  keys: 30,
  documents: 10,
  other: 30,
};

/** `inventory.register.prefix-set` v1: an admin set the organisation's reference prefix. */
export const prefixSetV1 = z.object({
  organizationId: z.uuid(),
  prefix: z.string().regex(/^[A-Z]{2,5}$/),
  previousPrefix: z.string().nullable(),
  setBy: z.uuid(),
  setAt: z.iso.datetime(),
});
export type PrefixSetV1 = z.infer<typeof prefixSetV1>;

/**
 * `inventory.register.number-issued` v1: the organisation's next reference number went to an item
 * (the register stream is the counter: two intakes at once cannot take the same number).
 */
export const numberIssuedV1 = z.object({
  organizationId: z.uuid(),
  number: z.number().int().min(1),
  itemId: z.uuid(),
});
export type NumberIssuedV1 = z.infer<typeof numberIssuedV1>;

/** `inventory.storage-place.created` v1 */
export const storagePlaceCreatedV1 = z.object({
  storagePlaceId: z.uuid(),
  organizationId: z.uuid(),
  name: z.string(),
  kind: z.enum(STORAGE_PLACE_KINDS),
  createdBy: z.uuid(),
  createdAt: z.iso.datetime(),
});
export type StoragePlaceCreatedV1 = z.infer<typeof storagePlaceCreatedV1>;

/** `inventory.storage-place.renamed` v1 */
export const storagePlaceRenamedV1 = z.object({
  storagePlaceId: z.uuid(),
  organizationId: z.uuid(),
  name: z.string(),
  previousName: z.string(),
  renamedBy: z.uuid(),
  renamedAt: z.iso.datetime(),
});
export type StoragePlaceRenamedV1 = z.infer<typeof storagePlaceRenamedV1>;

/** `inventory.item.logged` v1: staff took a found item in; it is `stored` at `storagePlaceId`. */
export const itemLoggedV1 = z.object({
  itemId: z.uuid(),
  organizationId: z.uuid(),
  number: z.number().int().min(1),
  /** `<PREFIX>-000123`, unique in the organisation. */
  referenceNumber: z.string(),
  category: z.enum(CATEGORIES),
  title: z.string(),
  /** Room or area where it was found. */
  foundArea: z.string(),
  foundAt: z.iso.datetime(),
  foundBy: z.string().nullable(),
  valuable: z.boolean(),
  /** Documents, phones or valuable: a public listing shows category, date and area only. */
  listedWithoutDetails: z.boolean(),
  /** `/objects/<id>` photos (the announcements service's upload flow), at most 5, in order. */
  photoUrls: z.array(z.string()),
  storagePlaceId: z.uuid(),
  loggedBy: z.uuid(),
  loggedAt: z.iso.datetime(),
});
export type ItemLoggedV1 = z.infer<typeof itemLoggedV1>;

/**
 * `inventory.item.logged` v2: v1 and the retention it was logged with — `retentionDays` (the
 * organisation's for its category at intake) and `disposeAfter` (`foundAt` plus those days).
 */
export const itemLoggedV2 = itemLoggedV1.extend({
  retentionDays: z.number().int().min(MIN_RETENTION_DAYS).max(MAX_RETENTION_DAYS),
  disposeAfter: z.iso.datetime(),
});
export type ItemLoggedV2 = z.infer<typeof itemLoggedV2>;

/**
 * `inventory.item.logged` v3: v2 and `listedPublicly` — false when the staff chose at intake not
 * to list it on the public board (v1 and v2: every item is listed).
 */
export const itemLoggedV3 = itemLoggedV2.extend({ listedPublicly: z.boolean() });
export type ItemLoggedV3 = z.infer<typeof itemLoggedV3>;

/** `inventory.item.moved` v1: custody, who moved it from where to where and when. */
export const itemMovedV1 = z.object({
  itemId: z.uuid(),
  organizationId: z.uuid(),
  fromStoragePlaceId: z.uuid(),
  toStoragePlaceId: z.uuid(),
  movedBy: z.uuid(),
  movedAt: z.iso.datetime(),
});
export type ItemMovedV1 = z.infer<typeof itemMovedV1>;

/**
 * `inventory.item.disposed` v1: the venue let a stored item go. `receivingOrganization` is the
 * organisation's name for `transferred` (null otherwise); `note` is the staff's free note about
 * the item's fate (no one's contact details belong there). `storagePlaceId`: where it left from.
 */
export const itemDisposedV1 = z.object({
  itemId: z.uuid(),
  organizationId: z.uuid(),
  way: z.enum(DISPOSAL_WAYS),
  receivingOrganization: z.string().nullable(),
  note: z.string().nullable(),
  storagePlaceId: z.uuid(),
  disposedBy: z.uuid(),
  disposedAt: z.iso.datetime(),
});
export type ItemDisposedV1 = z.infer<typeof itemDisposedV1>;

/**
 * `inventory.register.retention-set` v1: an admin set how many days the organisation keeps items
 * of a category (for items logged afterwards). `previousDays`: what it was (the default included).
 */
export const retentionSetV1 = z.object({
  organizationId: z.uuid(),
  category: z.enum(CATEGORIES),
  days: z.number().int().min(MIN_RETENTION_DAYS).max(MAX_RETENTION_DAYS),
  previousDays: z.number().int(),
  setBy: z.uuid(),
  setAt: z.iso.datetime(),
});
export type RetentionSetV1 = z.infer<typeof retentionSetV1>;

/**
 * `inventory.item.claimed` v1: a claim on the item's listing was accepted (the requests service's
 * `resolved_claimed`); the owner is sent the hand-over code. `claimedBy`: who accepted it.
 */
export const itemClaimedV1 = z.object({
  itemId: z.uuid(),
  organizationId: z.uuid(),
  requestId: z.uuid(),
  claimedBy: z.uuid(),
  claimedAt: z.iso.datetime(),
});
export type ItemClaimedV1 = z.infer<typeof itemClaimedV1>;

/**
 * `inventory.item.identity-checked` v1: at the desk, staff checked the owner's identity document.
 * Only its type and the **last 4 characters** of its number — never the whole number; the owner's
 * name as given is not in the event (the service's `handover_details`, like a claimant's message).
 * `requestId`: the accepted claim, if the item was claimed.
 */
export const itemIdentityCheckedV1 = z.object({
  itemId: z.uuid(),
  organizationId: z.uuid(),
  requestId: z.uuid().nullable(),
  documentType: z.enum(IDENTITY_DOCUMENT_TYPES),
  documentLast4: z.string().regex(/^[A-Z0-9]{4}$/),
  checkedBy: z.uuid(),
  checkedAt: z.iso.datetime(),
});
export type ItemIdentityCheckedV1 = z.infer<typeof itemIdentityCheckedV1>;

/**
 * `inventory.item.returned` v1: the item is in its owner's hands and leaves the register. With a
 * claim (`requestId`): the owner's hand-over code was confirmed (`requests.request.handed-over`;
 * `returnedBy` who entered it); without one: the desk hand-over (`returnedBy` the staff member).
 */
export const itemReturnedV1 = z.object({
  itemId: z.uuid(),
  organizationId: z.uuid(),
  requestId: z.uuid().nullable(),
  returnedBy: z.uuid(),
  returnedAt: z.iso.datetime(),
});
export type ItemReturnedV1 = z.infer<typeof itemReturnedV1>;

/**
 * `inventory.item.receipt-mail-requested` v1: staff asked to e-mail the hand-over receipt to the
 * owner of a claimed item — the claim's claimant (`requestId`): the notifications service finds
 * their account and address in its own directory, so no address is in here. The receipt's facts
 * travel without the owner's name (kept out of events, like the whole document number): the e-mail
 * goes to the owner's own account.
 */
export const itemReceiptMailRequestedV1 = z.object({
  itemId: z.uuid(),
  organizationId: z.uuid(),
  requestId: z.uuid(),
  referenceNumber: z.string(),
  category: z.enum(CATEGORIES),
  title: z.string(),
  foundArea: z.string(),
  foundAt: z.iso.datetime(),
  returnedAt: z.iso.datetime(),
  documentType: z.enum(IDENTITY_DOCUMENT_TYPES),
  documentLast4: z.string().regex(/^[A-Z0-9]{4}$/),
  checkedBy: z.uuid(),
  requestedBy: z.uuid(),
  requestedAt: z.iso.datetime(),
});
export type ItemReceiptMailRequestedV1 = z.infer<typeof itemReceiptMailRequestedV1>;

/**
 * `inventory.item.receipt-mail-requested` v2: v1 and the object-storage key of the receipt PDF the
 * desk printed (the same document, the owner's name as given included), which the notifications
 * service attaches to the e-mail — the name travels in the stored PDF, never in the event.
 */
export const itemReceiptMailRequestedV2 = itemReceiptMailRequestedV1.extend({
  receiptKey: z.string().regex(/^inventory\/handover-receipts\/[0-9a-f-]{36}$/),
});
/** Where the inventory service stores an item's hand-over receipt PDF for the e-mail. */
export const handoverReceiptKeyOf = (itemId: string) => `inventory/handover-receipts/${itemId}`;
export type ItemReceiptMailRequestedV2 = z.infer<typeof itemReceiptMailRequestedV2>;

/** Every inventory event's payload schema by type and version (consumers parse with them). */
export const INVENTORY_EVENT_SCHEMAS: Record<string, Record<number, z.ZodType>> = {
  [INVENTORY_EVENTS.prefixSet]: { 1: prefixSetV1 },
  [INVENTORY_EVENTS.numberIssued]: { 1: numberIssuedV1 },
  [INVENTORY_EVENTS.storagePlaceCreated]: { 1: storagePlaceCreatedV1 },
  [INVENTORY_EVENTS.storagePlaceRenamed]: { 1: storagePlaceRenamedV1 },
  [INVENTORY_EVENTS.retentionSet]: { 1: retentionSetV1 },
  [INVENTORY_EVENTS.itemLogged]: { 1: itemLoggedV1, 2: itemLoggedV2, 3: itemLoggedV3 },
  [INVENTORY_EVENTS.itemMoved]: { 1: itemMovedV1 },
  [INVENTORY_EVENTS.itemDisposed]: { 1: itemDisposedV1 },
  [INVENTORY_EVENTS.itemClaimed]: { 1: itemClaimedV1 },
  [INVENTORY_EVENTS.itemIdentityChecked]: { 1: itemIdentityCheckedV1 },
  [INVENTORY_EVENTS.itemReturned]: { 1: itemReturnedV1 },
  [INVENTORY_EVENTS.itemReceiptMailRequested]: {
    1: itemReceiptMailRequestedV1,
    2: itemReceiptMailRequestedV2,
  },
};
