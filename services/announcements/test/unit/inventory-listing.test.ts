import { randomUUID } from 'node:crypto';
import { ANNOUNCEMENT_EVENTS } from '@tapinti/contracts/announcements-events';
import type { ItemLoggedV1 } from '@tapinti/contracts/inventory-events';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { announcementDecider } from '../../src/domain/announcement';
import { DESCRIBE_ITEM_QUESTION, listingOfItem } from '../../src/domain/inventory-listing';

const item: ItemLoggedV1 = {
  itemId: randomUUID(),
  organizationId: randomUUID(),
  number: 7,
  referenceNumber: 'PBV-000007',
  category: 'bags',
  title: 'Göy idman çantası',
  foundArea: 'Lobbi',
  foundAt: '2026-03-01T08:30:00.000Z',
  foundBy: null,
  valuable: false,
  listedWithoutDetails: false,
  photoUrls: ['/objects/a', '/objects/b'],
  storagePlaceId: randomUUID(),
  loggedBy: randomUUID(),
  loggedAt: '2026-03-01T09:00:00.000Z',
};

describe('an organisation’s held item as its public listing (issue 25)', () => {
  it('with details: its title, photos, the area and when it was found (Baku time)', () => {
    expect(listingOfItem(item)).toEqual({
      type: 'found',
      title: 'Göy idman çantası',
      description: 'Tapıldığı yer: Lobbi. Tapıldığı vaxt: 01.03.2026 12:30. Əşya təşkilatda saxlanılır.',
      category: 'bags',
      location: 'Lobbi',
      imageUrls: ['/objects/a', '/objects/b'],
      rewardAmount: 0,
      organizationId: item.organizationId,
      isPublic: true,
      securityQuestions: [],
    });
  });

  it('without details: category, date and area only, and the owner is asked to describe it', () => {
    const listing = listingOfItem({
      ...item,
      category: 'phones',
      title: 'iPhone 13, qara',
      listedWithoutDetails: true,
    });
    expect(listing).toMatchObject({ title: 'Tapılmış telefon', imageUrls: [], location: 'Lobbi' });
    expect(listing.description).not.toMatch(/iPhone/);
    expect(listing.securityQuestions).toEqual([
      { question: DESCRIBE_ITEM_QUESTION, expectedAnswer: 'iPhone 13, qara' },
    ]);
  });

  const spec = deciderSpecification(announcementDecider);
  const now = new Date('2026-03-05T10:00:00.000Z');
  const created = {
    type: ANNOUNCEMENT_EVENTS.created,
    schemaVersion: 2,
    payload: {
      announcementId: item.itemId,
      userId: item.loggedBy,
      ...listingOfItem(item),
      roomNumber: null,
      contactInfo: null,
      imageUrl: '/objects/a',
      rewardDescription: null,
      createdAt: item.loggedAt,
    },
  };

  it('closes once when the item leaves the register; never a resolved, deleted or unknown one', () => {
    spec
      .given([created])
      .when({ type: 'end-listing', outcome: 'returned', now })
      .then([
        {
          type: ANNOUNCEMENT_EVENTS.closed,
          schemaVersion: 1,
          payload: { announcementId: item.itemId, outcome: 'returned', closedAt: now.toISOString() },
        },
      ]);
    const closed = {
      type: ANNOUNCEMENT_EVENTS.closed,
      schemaVersion: 1,
      payload: { announcementId: item.itemId, outcome: 'no_longer_needed', closedAt: now.toISOString() },
    };
    spec.given([created, closed]).when({ type: 'end-listing', outcome: 'returned', now }).then([]);
    const deleted = {
      type: ANNOUNCEMENT_EVENTS.deleted,
      schemaVersion: 1,
      payload: { announcementId: item.itemId, deletedAt: now.toISOString() },
    };
    spec.given([created, deleted]).when({ type: 'end-listing', outcome: 'returned', now }).then([]);
    spec.given([]).when({ type: 'end-listing', outcome: 'no_longer_needed', now }).then([]);
  });
});
