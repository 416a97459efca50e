import { randomUUID } from 'node:crypto';
import { INVENTORY_MESSAGES, itemIntakeRequestSchema } from '@tapinti/contracts/inventory-api';
import { INVENTORY_EVENTS, INVENTORY_EVENT_SCHEMAS } from '@tapinti/contracts/inventory-events';
import { foldEvents } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { ConflictError, NotFoundError, ValidationError } from '@tapinti/platform/errors';
import { itemDecider } from '../../src/domain/item';
import { registerDecider } from '../../src/domain/register';
import { storagePlaceDecider } from '../../src/domain/storage-place';

const now = new Date('2026-11-27T10:00:00.000Z');
const organizationId = randomUUID();
const by = randomUUID();

/** Every event a decider makes is valid against its published contract schema. */
function expectContractValid(events: NewEvent[]) {
  for (const event of events) {
    const schema = INVENTORY_EVENT_SCHEMAS[event.type]?.[event.schemaVersion];
    expect(schema).toBeDefined();
    expect(schema!.parse(event.payload)).toEqual(event.payload);
  }
}

describe('register', () => {
  const spec = deciderSpecification(registerDecider);
  const prefixSet = registerDecider.decide(
    { type: 'set-prefix', organizationId, prefix: 'PBV', by, now },
    registerDecider.initialState(),
  );

  it('sets the prefix once; the same prefix again changes nothing; a new one remembers the old', () => {
    expectContractValid(prefixSet);
    expect(prefixSet[0]!.payload).toMatchObject({ prefix: 'PBV', previousPrefix: null });
    spec.given(prefixSet).when({ type: 'set-prefix', organizationId, prefix: 'PBV', by, now }).then([]);
    const changed = registerDecider.decide(
      { type: 'set-prefix', organizationId, prefix: 'ABC', by, now },
      foldEvents(registerDecider, prefixSet),
    );
    expect(changed[0]!.payload).toMatchObject({ prefix: 'ABC', previousPrefix: 'PBV' });
  });

  it('keeps the default retention (documents 10 days, the rest 30) until an admin sets a category’s', () => {
    expect(registerDecider.initialState().retentionDays).toEqual({
      phones: 30,
      bags: 30,
      keys: 30,
      documents: 10,
      other: 30,
    });
    const setRetention = (category: 'documents' | 'bags', days: number) =>
      ({ type: 'set-retention', organizationId, category, days, by, now }) as const;
    const set = registerDecider.decide(setRetention('documents', 1), registerDecider.initialState());
    expectContractValid(set);
    spec
      .given([])
      .when(setRetention('documents', 1))
      .then([
        {
          type: INVENTORY_EVENTS.retentionSet,
          schemaVersion: 1,
          payload: {
            organizationId,
            category: 'documents',
            days: 1,
            previousDays: 10,
            setBy: by,
            setAt: now.toISOString(),
          },
        },
      ]);
    // The same days again change nothing; the other categories keep theirs.
    spec.given(set).when(setRetention('documents', 1)).then([]);
    expect(foldEvents(registerDecider, set).retentionDays).toMatchObject({ documents: 1, bags: 30 });
    expect(
      registerDecider.decide(setRetention('bags', 60), foldEvents(registerDecider, set))[0]!.payload,
    ).toMatchObject({ category: 'bags', days: 60, previousDays: 30 });
  });

  it('issues numbers one after another, and none before the prefix is set', () => {
    spec
      .given([])
      .when({ type: 'issue-number', organizationId, itemId: randomUUID() })
      .thenThrows(new ConflictError(INVENTORY_MESSAGES.prefixNotSet));
    const itemId = randomUUID();
    const first = registerDecider.decide(
      { type: 'issue-number', organizationId, itemId },
      foldEvents(registerDecider, prefixSet),
    );
    expectContractValid(first);
    spec
      .given([...prefixSet, ...first])
      .when({ type: 'issue-number', organizationId, itemId })
      .then([
        {
          type: INVENTORY_EVENTS.numberIssued,
          schemaVersion: 1,
          payload: { organizationId, number: 2, itemId },
        },
      ]);
  });
});

describe('storage place', () => {
  const spec = deciderSpecification(storagePlaceDecider);
  const storagePlaceId = randomUUID();
  const created = storagePlaceDecider.decide(
    { type: 'create', storagePlaceId, organizationId, name: 'Rəf 1', kind: 'shelf', by, now },
    null,
  );
  const rename = (name: string, nameTaken = false, org = organizationId) =>
    ({ type: 'rename', organizationId: org, name, nameTaken, by, now }) as const;

  it('is created once and renamed; a taken name or another organisation’s place is refused', () => {
    expectContractValid(created);
    const renamed = storagePlaceDecider.decide(rename('Rəf 2'), foldEvents(storagePlaceDecider, created));
    expectContractValid(renamed);
    expect(renamed[0]!.payload).toMatchObject({ name: 'Rəf 2', previousName: 'Rəf 1' });
    spec.given(created).when(rename('Rəf 1')).then([]);
    spec
      .given(created)
      .when(rename('Seyf', true))
      .thenThrows(new ConflictError(INVENTORY_MESSAGES.storagePlaceExists));
    spec
      .given(created)
      .when(rename('Seyf', false, randomUUID()))
      .thenThrows(new NotFoundError(INVENTORY_MESSAGES.storagePlaceNotFound));
    spec
      .given([])
      .when(rename('Seyf'))
      .thenThrows(new NotFoundError(INVENTORY_MESSAGES.storagePlaceNotFound));
  });
});

describe('item', () => {
  const spec = deciderSpecification(itemDecider);
  const itemId = randomUUID();
  const shelf = randomUUID();
  const safe = randomUUID();
  const log = (input: Record<string, unknown>) =>
    ({
      type: 'log',
      itemId,
      organizationId,
      prefix: 'PBV',
      number: 123,
      retentionDays: 10,
      intake: itemIntakeRequestSchema.parse({
        category: 'bags',
        title: 'Qara çanta',
        foundArea: 'Lobbi',
        storagePlaceId: shelf,
        ...input,
      }),
      by,
      now,
    }) as const;

  it('is logged with its reference number, found now unless told, listed without details when it must be', () => {
    const logged = itemDecider.decide(log({}), null);
    expectContractValid(logged);
    expect(logged[0]!.payload).toMatchObject({
      referenceNumber: 'PBV-000123',
      foundAt: now.toISOString(),
      foundBy: null,
      photoUrls: [],
      valuable: false,
      listedWithoutDetails: false,
      retentionDays: 10,
      disposeAfter: new Date(now.getTime() + 10 * 86_400_000).toISOString(),
      listedPublicly: true,
    });
    expect(logged[0]!.schemaVersion).toBe(3);
    // The intake may keep it off the public board.
    expect(itemDecider.decide(log({ listPublicly: false }), null)[0]!.payload).toMatchObject({
      listedPublicly: false,
    });
    // Retention counts from when it was found: found 12 days ago with 10 days, due 2 days ago.
    const late = itemDecider.decide(
      log({ foundAt: new Date(now.getTime() - 12 * 86_400_000).toISOString() }),
      null,
    );
    expect(late[0]!.payload).toMatchObject({
      disposeAfter: new Date(now.getTime() - 2 * 86_400_000).toISOString(),
    });
    for (const [input, hidden] of [
      [{ category: 'documents' }, true],
      [{ category: 'phones' }, true],
      [{ category: 'keys', valuable: true }, true],
      [{ category: 'other' }, false],
    ] as const) {
      expect(itemDecider.decide(log(input), null)[0]!.payload).toMatchObject({
        listedWithoutDetails: hidden,
      });
    }
    spec
      .given([])
      .when(log({ foundAt: new Date(now.getTime() + 3600_000).toISOString() }))
      .thenThrows(new ValidationError(INVENTORY_MESSAGES.foundAtInFuture, 'foundAt'));
  });

  it('moves from where it is to another place of its organisation only', () => {
    const logged = itemDecider.decide(log({}), null);
    const move = (to: string, org = organizationId) =>
      ({ type: 'move', organizationId: org, toStoragePlaceId: to, by, now }) as const;
    const moved = itemDecider.decide(move(safe), foldEvents(itemDecider, logged));
    expectContractValid(moved);
    expect(moved[0]!.payload).toMatchObject({
      fromStoragePlaceId: shelf,
      toStoragePlaceId: safe,
      movedBy: by,
    });
    spec
      .given([...logged, ...moved])
      .when(move(safe))
      .thenThrows(new ConflictError(INVENTORY_MESSAGES.alreadyThere));
    spec
      .given(logged)
      .when(move(safe, randomUUID()))
      .thenThrows(new NotFoundError(INVENTORY_MESSAGES.itemNotFound));
  });

  it('is disposed of once, with its way; a disposed item is neither moved nor disposed again', () => {
    const logged = itemDecider.decide(log({}), null);
    const dispose = (overrides: Record<string, unknown> = {}, org = organizationId) =>
      ({ type: 'dispose', organizationId: org, way: 'handed_to_asan', by, now, ...overrides }) as const;
    spec
      .given(logged)
      .when(dispose())
      .then([
        {
          type: INVENTORY_EVENTS.itemDisposed,
          schemaVersion: 1,
          payload: {
            itemId,
            organizationId,
            way: 'handed_to_asan',
            receivingOrganization: null,
            note: null,
            storagePlaceId: shelf,
            disposedBy: by,
            disposedAt: now.toISOString(),
          },
        },
      ]);
    const transferred = itemDecider.decide(
      dispose({ way: 'transferred', receivingOrganization: 'Bakı Metropoliteni', note: 'Akt №12' }),
      foldEvents(itemDecider, logged),
    );
    expectContractValid(transferred);
    expect(transferred[0]!.payload).toMatchObject({
      way: 'transferred',
      receivingOrganization: 'Bakı Metropoliteni',
      note: 'Akt №12',
    });
    const disposed = [...logged, ...transferred];
    expect(foldEvents(itemDecider, disposed)!.state).toBe('disposed');
    spec.given(disposed).when(dispose()).thenThrows(new ConflictError(INVENTORY_MESSAGES.notStored));
    spec
      .given(disposed)
      .when({ type: 'move', organizationId, toStoragePlaceId: safe, by, now })
      .thenThrows(new ConflictError(INVENTORY_MESSAGES.notStored));
    spec
      .given(logged)
      .when(dispose({}, randomUUID()))
      .thenThrows(new NotFoundError(INVENTORY_MESSAGES.itemNotFound));
    spec.given([]).when(dispose()).thenThrows(new NotFoundError(INVENTORY_MESSAGES.itemNotFound));
  });

  describe('claims and the desk hand-over', () => {
    const requestId = randomUUID();
    const handOver = (overrides: Record<string, unknown> = {}) =>
      ({
        type: 'hand-over',
        organizationId,
        documentType: 'id_card',
        documentLast4: '7K3Z',
        by,
        now,
        ...overrides,
      }) as const;
    const checked = (request: string | null) => ({
      type: INVENTORY_EVENTS.itemIdentityChecked,
      schemaVersion: 1,
      payload: {
        itemId,
        organizationId,
        requestId: request,
        documentType: 'id_card',
        documentLast4: '7K3Z',
        checkedBy: by,
        checkedAt: now.toISOString(),
      },
    });
    const returned = (request: string | null) => ({
      type: INVENTORY_EVENTS.itemReturned,
      schemaVersion: 1,
      payload: { itemId, organizationId, requestId: request, returnedBy: by, returnedAt: now.toISOString() },
    });

    it('an unclaimed item is checked and returned at the desk at once, once', () => {
      const logged = itemDecider.decide(log({}), null);
      const events = itemDecider.decide(handOver(), foldEvents(itemDecider, logged));
      expect(events).toEqual([checked(null), returned(null)]);
      expectContractValid(events);
      const after = [...logged, ...events];
      expect(foldEvents(itemDecider, after)!.state).toBe('returned');
      spec.given(after).when(handOver()).thenThrows(new ConflictError(INVENTORY_MESSAGES.alreadyHandedOver));
      spec
        .given(after)
        .when({ type: 'dispose', organizationId, way: 'donated', by, now })
        .thenThrows(new ConflictError(INVENTORY_MESSAGES.notStored));
      spec
        .given(logged)
        .when(handOver({ organizationId: randomUUID() }))
        .thenThrows(new NotFoundError(INVENTORY_MESSAGES.itemNotFound));
    });

    it('a claimed item is returned by its owner’s code, the desk check before or after it', () => {
      const logged = itemDecider.decide(log({}), null);
      const claimed = itemDecider.decide(
        { type: 'claim', requestId, by, now },
        foldEvents(itemDecider, logged),
      );
      expect(claimed).toEqual([
        {
          type: INVENTORY_EVENTS.itemClaimed,
          schemaVersion: 1,
          payload: { itemId, organizationId, requestId, claimedBy: by, claimedAt: now.toISOString() },
        },
      ]);
      expectContractValid(claimed);
      const history = [...logged, ...claimed];
      // Claimed: still moved, never disposed of; the desk check alone does not return it.
      spec
        .given(history)
        .when({ type: 'dispose', organizationId, way: 'donated', by, now })
        .thenThrows(new ConflictError(INVENTORY_MESSAGES.notStored));
      spec
        .given(history)
        .when(handOver())
        .then([checked(requestId)]);
      spec
        .given([...history, checked(requestId)])
        .when({ type: 'return-by-code', requestId, by, now })
        .then([returned(requestId)]);
      // The code first, then the desk.
      spec
        .given([...history, returned(requestId)])
        .when(handOver())
        .then([checked(requestId)]);
      // A second claim, a redelivery or an announcement that lists no item: nothing.
      spec.given(history).when({ type: 'claim', requestId: randomUUID(), by, now }).then([]);
      spec
        .given([...history, returned(requestId)])
        .when({ type: 'return-by-code', requestId, by, now })
        .then([]);
      spec.given([]).when({ type: 'claim', requestId, by, now }).then([]);
      spec.given([]).when({ type: 'return-by-code', requestId, by, now }).then([]);
    });

    it('a disposed item is not handed over', () => {
      const logged = itemDecider.decide(log({}), null);
      const disposed = itemDecider.decide(
        { type: 'dispose', organizationId, way: 'donated', by, now },
        foldEvents(itemDecider, logged),
      );
      spec
        .given([...logged, ...disposed])
        .when(handOver())
        .thenThrows(new ConflictError(INVENTORY_MESSAGES.notHandedOver));
    });
  });
});
