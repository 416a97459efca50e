import { DAY_MS } from '@tapinti/contracts/baku-calendar';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import {
  DEFAULT_RETENTION_DAYS,
  INVENTORY_EVENTS,
  type ItemClaimedV1,
  type ItemDisposedV1,
  type ItemIdentityCheckedV1,
  type ItemReturnedV1,
  type ItemLoggedV1,
  type ItemLoggedV2,
  type ItemLoggedV3,
  type ItemMovedV1,
  type NumberIssuedV1,
  type PrefixSetV1,
  type RetentionSetV1,
  type StoragePlaceCreatedV1,
  type StoragePlaceRenamedV1,
} from '@tapinti/contracts/inventory-events';
import { foldCase } from '@tapinti/contracts/text-folding';
import { itemSearchText } from '../../migrations/007-item-search';
import type { Projector } from '@tapinti/eventstore/event-sourcing';
import { TABLES } from './tables';

/** The tables a rebuild empties and refills from this service's events. */
export const READ_MODEL_TABLES = [
  'registers',
  'storage_places',
  'items',
  'custody_entries',
  'retention_periods',
];

/**
 * When a logged item is due: v2 says; v1 (logged before retention existed) counts the default
 * retention of its category from when it was found.
 */
function disposeAfterOf(event: EventEnvelope): string {
  if (event.schemaVersion >= 2) return (event.payload as ItemLoggedV2).disposeAfter;
  const p = event.payload as ItemLoggedV1;
  return new Date(Date.parse(p.foundAt) + DEFAULT_RETENTION_DAYS[p.category] * DAY_MS).toISOString();
}

/** A storage place's name as uniqueness compares it (Azerbaijani case folding, trimmed). */
export const storagePlaceNameKey = (name: string) => foldCase(name.trim());

/** Read models from this service's own events, in the appending transaction (and on a rebuild). */
export const project: Projector = async (trx, event: EventEnvelope) => {
  switch (event.type) {
    case INVENTORY_EVENTS.prefixSet: {
      const p = event.payload as PrefixSetV1;
      await trx(TABLES.registers)
        .insert({ organization_id: p.organizationId, prefix: p.prefix, last_number: 0 })
        .onConflict('organization_id')
        .merge(['prefix']);
      return;
    }
    case INVENTORY_EVENTS.numberIssued: {
      const p = event.payload as NumberIssuedV1;
      await trx(TABLES.registers)
        .insert({ organization_id: p.organizationId, prefix: null, last_number: p.number })
        .onConflict('organization_id')
        .merge(['last_number']);
      return;
    }
    case INVENTORY_EVENTS.storagePlaceCreated: {
      const p = event.payload as StoragePlaceCreatedV1;
      await trx(TABLES.storagePlaces).insert({
        id: p.storagePlaceId,
        organization_id: p.organizationId,
        name: p.name,
        name_key: storagePlaceNameKey(p.name),
        kind: p.kind,
        created_at: p.createdAt,
      });
      return;
    }
    case INVENTORY_EVENTS.storagePlaceRenamed: {
      const p = event.payload as StoragePlaceRenamedV1;
      await trx(TABLES.storagePlaces)
        .where({ id: p.storagePlaceId })
        .update({ name: p.name, name_key: storagePlaceNameKey(p.name) });
      return;
    }
    case INVENTORY_EVENTS.itemLogged: {
      const p = event.payload as ItemLoggedV1;
      await trx(TABLES.items).insert({
        id: p.itemId,
        organization_id: p.organizationId,
        number: p.number,
        reference_number: p.referenceNumber,
        state: 'stored',
        category: p.category,
        title: p.title,
        found_area: p.foundArea,
        search_text: itemSearchText(p.title, p.foundArea),
        found_at: p.foundAt,
        found_by: p.foundBy,
        valuable: p.valuable,
        listed_without_details: p.listedWithoutDetails,
        // v1 and v2: every item was listed.
        listed_publicly: event.schemaVersion >= 3 ? (p as ItemLoggedV3).listedPublicly : true,
        photo_urls: JSON.stringify(p.photoUrls),
        storage_place_id: p.storagePlaceId,
        dispose_after: disposeAfterOf(event),
        logged_by: p.loggedBy,
        logged_at: p.loggedAt,
        updated_at: p.loggedAt,
      });
      await trx(TABLES.custodyEntries).insert({
        item_id: p.itemId,
        version: event.streamVersion,
        kind: 'logged',
        by: p.loggedBy,
        at: p.loggedAt,
        from_place_id: null,
        to_place_id: p.storagePlaceId,
      });
      return;
    }
    case INVENTORY_EVENTS.itemMoved: {
      const p = event.payload as ItemMovedV1;
      await trx(TABLES.items)
        .where({ id: p.itemId })
        .update({ storage_place_id: p.toStoragePlaceId, updated_at: p.movedAt });
      await trx(TABLES.custodyEntries).insert({
        item_id: p.itemId,
        version: event.streamVersion,
        kind: 'moved',
        by: p.movedBy,
        at: p.movedAt,
        from_place_id: p.fromStoragePlaceId,
        to_place_id: p.toStoragePlaceId,
      });
      return;
    }
    case INVENTORY_EVENTS.itemDisposed: {
      const p = event.payload as ItemDisposedV1;
      await trx(TABLES.items).where({ id: p.itemId }).update({
        state: 'disposed',
        disposal_way: p.way,
        disposal_receiving_organization: p.receivingOrganization,
        disposal_note: p.note,
        disposed_by: p.disposedBy,
        disposed_at: p.disposedAt,
        updated_at: p.disposedAt,
      });
      return;
    }
    case INVENTORY_EVENTS.itemClaimed: {
      const p = event.payload as ItemClaimedV1;
      await trx(TABLES.items).where({ id: p.itemId }).update({
        state: 'claimed',
        claim_request_id: p.requestId,
        claimed_by: p.claimedBy,
        claimed_at: p.claimedAt,
        updated_at: p.claimedAt,
      });
      return;
    }
    case INVENTORY_EVENTS.itemIdentityChecked: {
      const p = event.payload as ItemIdentityCheckedV1;
      await trx(TABLES.items).where({ id: p.itemId }).update({
        identity_document_type: p.documentType,
        identity_document_last4: p.documentLast4,
        identity_checked_by: p.checkedBy,
        identity_checked_at: p.checkedAt,
        updated_at: p.checkedAt,
      });
      return;
    }
    case INVENTORY_EVENTS.itemReturned: {
      const p = event.payload as ItemReturnedV1;
      await trx(TABLES.items).where({ id: p.itemId }).update({
        state: 'returned',
        returned_request_id: p.requestId,
        returned_by: p.returnedBy,
        returned_at: p.returnedAt,
        updated_at: p.returnedAt,
      });
      return;
    }
    case INVENTORY_EVENTS.retentionSet: {
      const p = event.payload as RetentionSetV1;
      await trx(TABLES.retentionPeriods)
        .insert({ organization_id: p.organizationId, category: p.category, days: p.days })
        .onConflict(['organization_id', 'category'])
        .merge(['days']);
      return;
    }
    default:
      return;
  }
};
