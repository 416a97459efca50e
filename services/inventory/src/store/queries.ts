import type { Knex } from 'knex';
import { CATEGORIES, type Category } from '@tapinti/contracts/announcements-api';
import { addDays, bakuDay, daysBetween, startOfBakuDay } from '@tapinti/contracts/baku-calendar';
import type {
  CustodyEntry,
  DisposalQueue,
  InventoryItem,
  InventoryItemDetails,
  InventorySettings,
  ListItemsQuery,
  Retention,
  StoragePlace,
} from '@tapinti/contracts/inventory-api';
import {
  DISPOSAL_QUEUE_HORIZON_DAYS,
  DISPOSAL_QUEUE_LIMIT,
  INVENTORY_PAGE_SIZE,
} from '@tapinti/contracts/inventory-api';
import {
  DEFAULT_RETENTION_DAYS,
  type DisposalWay,
  type IdentityDocumentType,
  itemListingId,
} from '@tapinti/contracts/inventory-events';
import { foldForSearch } from '@tapinti/contracts/text-folding';
import { storagePlaceNameKey } from './projection';
import { TABLES } from './tables';

const iso = (v: Date | string) => new Date(v).toISOString();

interface PlaceRow {
  id: string;
  organization_id: string;
  name: string;
  kind: StoragePlace['kind'];
  created_at: Date | string;
}

const toPlace = (r: PlaceRow): StoragePlace => ({
  id: r.id,
  organizationId: r.organization_id,
  name: r.name,
  kind: r.kind,
  createdAt: iso(r.created_at),
});

export async function settingsOf(db: Knex, organizationId: string): Promise<InventorySettings> {
  const row = await db(TABLES.registers).select('prefix').where({ organization_id: organizationId }).first();
  return { organizationId, prefix: row?.prefix ?? null };
}

export async function storagePlacesOf(db: Knex, organizationId: string): Promise<StoragePlace[]> {
  const rows: PlaceRow[] = await db(TABLES.storagePlaces)
    .where({ organization_id: organizationId })
    .orderBy('name_key')
    .orderBy('id');
  return rows.map(toPlace);
}

export async function findStoragePlace(
  db: Knex,
  organizationId: string,
  id: string,
): Promise<StoragePlace | null> {
  const row: PlaceRow | undefined = await db(TABLES.storagePlaces)
    .where({ organization_id: organizationId, id })
    .first();
  return row ? toPlace(row) : null;
}

/**
 * Serialises the storage-place names of one organisation for the rest of the transaction, then
 * says whether another of its places (not `exceptId`) has this name, Azerbaijani-folded.
 */
export async function storagePlaceNameTaken(
  trx: Knex.Transaction,
  organizationId: string,
  name: string,
  exceptId: string,
): Promise<boolean> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`inventory:storage-places:${organizationId}`]);
  const row = await trx(TABLES.storagePlaces)
    .select('id')
    .where({ organization_id: organizationId, name_key: storagePlaceNameKey(name) })
    .whereNot({ id: exceptId })
    .first();
  return !!row;
}

const ITEM_COLUMNS = [
  'i.id',
  'i.organization_id',
  'i.reference_number',
  'i.state',
  'i.category',
  'i.title',
  'i.found_area',
  'i.found_at',
  'i.found_by',
  'i.valuable',
  'i.listed_without_details',
  'i.listed_publicly',
  'i.photo_urls',
  'i.dispose_after',
  'i.disposal_way',
  'i.disposal_receiving_organization',
  'i.disposal_note',
  'i.disposed_by',
  'i.disposed_at',
  'i.claim_request_id',
  'i.claimed_by',
  'i.claimed_at',
  'i.returned_request_id',
  'i.returned_by',
  'i.returned_at',
  'i.logged_by',
  'i.logged_at',
  'i.updated_at',
  'p.id as place_id',
  'p.name as place_name',
  'p.kind as place_kind',
];

interface ItemRow {
  id: string;
  organization_id: string;
  reference_number: string;
  state: InventoryItem['state'];
  category: InventoryItem['category'];
  title: string;
  found_area: string;
  found_at: Date | string;
  found_by: string | null;
  valuable: boolean;
  listed_without_details: boolean;
  listed_publicly: boolean;
  photo_urls: string[] | string;
  dispose_after: Date | string;
  disposal_way: DisposalWay | null;
  disposal_receiving_organization: string | null;
  disposal_note: string | null;
  disposed_by: string | null;
  disposed_at: Date | string | null;
  claim_request_id: string | null;
  claimed_by: string | null;
  claimed_at: Date | string | null;
  returned_request_id: string | null;
  returned_by: string | null;
  returned_at: Date | string | null;
  logged_by: string;
  logged_at: Date | string;
  updated_at: Date | string;
  place_id: string;
  place_name: string;
  place_kind: StoragePlace['kind'];
}

const toItem = (r: ItemRow): InventoryItem => ({
  id: r.id,
  organizationId: r.organization_id,
  referenceNumber: r.reference_number,
  state: r.state,
  category: r.category,
  title: r.title,
  foundArea: r.found_area,
  foundAt: iso(r.found_at),
  foundBy: r.found_by,
  valuable: r.valuable,
  listedWithoutDetails: r.listed_without_details,
  listedPublicly: r.listed_publicly,
  photoUrls: typeof r.photo_urls === 'string' ? (JSON.parse(r.photo_urls) as string[]) : r.photo_urls,
  storagePlace: { id: r.place_id, name: r.place_name, kind: r.place_kind },
  disposeAfter: iso(r.dispose_after),
  disposal: r.disposal_way
    ? {
        way: r.disposal_way,
        receivingOrganization: r.disposal_receiving_organization,
        note: r.disposal_note,
        by: r.disposed_by!,
        at: iso(r.disposed_at!),
      }
    : null,
  announcementId: itemListingId(r.id),
  claim: r.claim_request_id
    ? { requestId: r.claim_request_id, by: r.claimed_by!, at: iso(r.claimed_at!) }
    : null,
  returned: r.returned_at
    ? { requestId: r.returned_request_id, by: r.returned_by!, at: iso(r.returned_at) }
    : null,
  loggedBy: r.logged_by,
  loggedAt: iso(r.logged_at),
  updatedAt: iso(r.updated_at),
});

const itemsOf = (db: Knex, organizationId: string) =>
  db(`${TABLES.items} as i`)
    .join(`${TABLES.storagePlaces} as p`, 'p.id', 'i.storage_place_id')
    .where('i.organization_id', organizationId);

/** A page of the organisation's items, the latest logged first. */
export async function listItems(db: Knex, organizationId: string, query: ListItemsQuery) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? INVENTORY_PAGE_SIZE;
  const filtered = () => {
    const q = itemsOf(db, organizationId);
    if (query.state) q.andWhere('i.state', query.state);
    if (query.storagePlaceId) q.andWhere('i.storage_place_id', query.storagePlaceId);
    // Prefixes are Latin capitals and numbers digits, so upper-casing is the whole folding.
    if (query.reference) q.andWhere('i.reference_number', query.reference.toUpperCase());
    if (query.category) q.andWhere('i.category', query.category);
    // Every word somewhere in the title or the area, folded as they were (LIKE's wildcards escaped).
    for (const word of foldForSearch(query.q ?? '')
      .split(/\s+/)
      .filter(Boolean))
      q.andWhere('i.search_text', 'like', `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return q;
  };
  const [rows, count] = await Promise.all([
    filtered()
      .select(ITEM_COLUMNS)
      .orderBy('i.number', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize) as Promise<ItemRow[]>,
    filtered().count('* as n').first(),
  ]);
  return { items: rows.map(toItem), total: Number(count?.n ?? 0), page, pageSize };
}

/** The organisation's items among `itemIds` (those of another organisation or none are left out). */
export async function findItems(
  db: Knex,
  organizationId: string,
  itemIds: string[],
): Promise<InventoryItem[]> {
  const rows = (await itemsOf(db, organizationId).whereIn('i.id', itemIds).select(ITEM_COLUMNS)) as ItemRow[];
  return rows.map(toItem);
}

interface CustodyRow {
  kind: CustodyEntry['kind'];
  by: string;
  at: Date | string;
  from_id: string | null;
  from_name: string | null;
  from_kind: StoragePlace['kind'] | null;
  to_id: string;
  to_name: string;
  to_kind: StoragePlace['kind'];
}

interface IdentityCheckRow {
  identity_document_type: IdentityDocumentType | null;
  identity_document_last4: string | null;
  identity_checked_by: string | null;
  identity_checked_at: Date | string | null;
  owner_name: string | null;
  staff_name: string | null;
}

/**
 * The item of this organisation with its whole custody, oldest first, and the desk's identity
 * check (with the owner's name and the staff member's username, for the receipt); null when it
 * has none such.
 */
export async function findItem(
  db: Knex,
  organizationId: string,
  itemId: string,
): Promise<(InventoryItemDetails & { handedOverByName: string | null }) | null> {
  const row = (await itemsOf(db, organizationId)
    .leftJoin(`${TABLES.handoverDetails} as h`, 'h.item_id', 'i.id')
    .andWhere('i.id', itemId)
    .select([
      ...ITEM_COLUMNS,
      'i.identity_document_type',
      'i.identity_document_last4',
      'i.identity_checked_by',
      'i.identity_checked_at',
      'h.owner_name',
      'h.staff_name',
    ])
    .first()) as (ItemRow & IdentityCheckRow) | undefined;
  if (!row) return null;
  const custody: CustodyRow[] = await db(`${TABLES.custodyEntries} as c`)
    .leftJoin(`${TABLES.storagePlaces} as f`, 'f.id', 'c.from_place_id')
    .join(`${TABLES.storagePlaces} as t`, 't.id', 'c.to_place_id')
    .where('c.item_id', itemId)
    .orderBy('c.version')
    .select(
      'c.kind',
      'c.by',
      'c.at',
      'f.id as from_id',
      'f.name as from_name',
      'f.kind as from_kind',
      't.id as to_id',
      't.name as to_name',
      't.kind as to_kind',
    );
  return {
    ...toItem(row),
    custody: custody.map((c) => ({
      kind: c.kind,
      by: c.by,
      at: iso(c.at),
      from: c.from_id ? { id: c.from_id, name: c.from_name!, kind: c.from_kind! } : null,
      to: { id: c.to_id, name: c.to_name, kind: c.to_kind },
    })),
    identityCheck: row.identity_checked_at
      ? {
          ownerName: row.owner_name ?? '',
          documentType: row.identity_document_type!,
          documentLast4: row.identity_document_last4!,
          by: row.identity_checked_by!,
          at: iso(row.identity_checked_at),
        }
      : null,
    handedOverByName: row.staff_name,
  };
}

/** The organisation's name as this service last heard it (null before its event arrived). */
export async function organizationNameOf(db: Knex, organizationId: string): Promise<string | null> {
  const row = await db(TABLES.organizationNames)
    .select('name')
    .where({ organization_id: organizationId })
    .first();
  return row?.name ?? null;
}

/** The desk's words that are no event: the owner's name as given, the staff member's username. */
export async function writeHandoverDetails(
  trx: Knex.Transaction,
  itemId: string,
  ownerName: string,
  staffName: string,
): Promise<void> {
  await trx(TABLES.handoverDetails)
    .insert({ item_id: itemId, owner_name: ownerName, staff_name: staffName })
    .onConflict('item_id')
    .merge();
}

/** The organisation's retention per category: what its admin set, the defaults elsewhere. */
export async function retentionOf(db: Knex, organizationId: string): Promise<Retention> {
  const rows: Array<{ category: Category; days: number }> = await db(TABLES.retentionPeriods)
    .select('category', 'days')
    .where({ organization_id: organizationId });
  const set = new Map(rows.map((r) => [r.category, r.days]));
  return {
    organizationId,
    days: Object.fromEntries(
      CATEGORIES.map((c) => [c, set.get(c) ?? DEFAULT_RETENTION_DAYS[c]]),
    ) as Retention['days'],
  };
}

/**
 * The "to dispose of" queue: held items due by the end of the horizon's last Baku day (or
 * overdue), the longest due first; `daysLeft` in Baku calendar days (0 today, negative overdue).
 */
export async function disposalQueue(db: Knex, organizationId: string, now: Date): Promise<DisposalQueue> {
  const today = bakuDay(now);
  const before = startOfBakuDay(addDays(today, DISPOSAL_QUEUE_HORIZON_DAYS + 1)).toISOString();
  const due = () =>
    itemsOf(db, organizationId).andWhere('i.state', 'stored').andWhere('i.dispose_after', '<', before);
  const [rows, count] = await Promise.all([
    due()
      .select(ITEM_COLUMNS)
      .orderBy('i.dispose_after')
      .orderBy('i.number')
      .limit(DISPOSAL_QUEUE_LIMIT) as Promise<ItemRow[]>,
    due().count('* as n').first(),
  ]);
  return {
    items: rows.map(toItem).map((i) => ({
      id: i.id,
      referenceNumber: i.referenceNumber,
      category: i.category,
      title: i.title,
      foundAt: i.foundAt,
      storagePlace: i.storagePlace,
      disposeAfter: i.disposeAfter,
      daysLeft: daysBetween(today, bakuDay(new Date(i.disposeAfter))),
    })),
    total: Number(count?.n ?? 0),
  };
}
