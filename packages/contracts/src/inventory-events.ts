import { z } from 'zod';
import { CATEGORIES } from './announcements-api';

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
} as const;

export const registerStreamId = (organizationId: string) => `register-${organizationId}`;
export const storagePlaceStreamId = (storagePlaceId: string) => `storage-place-${storagePlaceId}`;
export const itemStreamId = (itemId: string) => `item-${itemId}`;

/** What a storage place is (issue 25: shelf, box, safe; anything else is `other`). */
export const STORAGE_PLACE_KINDS = ['shelf', 'box', 'safe', 'other'] as const;
export type StoragePlaceKind = (typeof STORAGE_PLACE_KINDS)[number];

/**
 * The states of a held item. Only `stored` exists yet; `claimed`, `returned` and `disposed` (issue
 * 25's life of an item) come with the hand-over and retention, each as events of their own.
 */
export const ITEM_STATES = ['stored'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

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

/** Every inventory event's payload schema by type and version (consumers parse with them). */
export const INVENTORY_EVENT_SCHEMAS: Record<string, Record<number, z.ZodType>> = {
  [INVENTORY_EVENTS.prefixSet]: { 1: prefixSetV1 },
  [INVENTORY_EVENTS.numberIssued]: { 1: numberIssuedV1 },
  [INVENTORY_EVENTS.storagePlaceCreated]: { 1: storagePlaceCreatedV1 },
  [INVENTORY_EVENTS.storagePlaceRenamed]: { 1: storagePlaceRenamedV1 },
  [INVENTORY_EVENTS.itemLogged]: { 1: itemLoggedV1 },
  [INVENTORY_EVENTS.itemMoved]: { 1: itemMovedV1 },
};
