import { randomUUID } from 'node:crypto';
import {
  ANNOUNCEMENT_LIFE_MESSAGES,
  updateAnnouncementRequestSchema,
} from '@tapinti/contracts/announcements-api';
import {
  ANNOUNCEMENT_EVENT_SCHEMAS,
  ANNOUNCEMENT_EVENTS,
  type AnnouncementCreatedV1,
} from '@tapinti/contracts/announcements-events';
import type { Role } from '@tapinti/contracts/roles';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@tapinti/platform/errors';
import { announcementDecider } from '../../src/domain/announcement';

const spec = deciderSpecification(announcementDecider);

const id = randomUUID();
const authorId = randomUUID();
const organizationId = randomUUID();
const postedAt = new Date('2026-01-01T10:00:00.000Z');
const now = new Date('2026-01-10T10:00:00.000Z');
const PERIOD = 30 * 24 * 3600_000;

type Caller = { userId: string; role: Role; organizationId: string | null };
const author: Caller = { userId: authorId, role: 'user', organizationId: null };
const stranger = { userId: randomUUID(), role: 'user' as const, organizationId: null };
const orgAdmin = { userId: randomUUID(), role: 'org_admin' as const, organizationId };
const otherOrgAdmin = { userId: randomUUID(), role: 'org_admin' as const, organizationId: randomUUID() };
const superAdmin = { userId: randomUUID(), role: 'super_admin' as const, organizationId: null };

const createdPayload: AnnouncementCreatedV1 = {
  announcementId: id,
  userId: authorId,
  organizationId,
  type: 'lost',
  title: 'Qara pulqabı itirilib',
  description: 'Gənclik metrosunda qara dəri pulqabı itirmişəm',
  category: 'bags',
  location: 'Gənclik metrosu',
  roomNumber: null,
  contactInfo: '+994501112233',
  imageUrl: '/objects/11111111-1111-4111-8111-111111111111',
  rewardAmount: 20,
  rewardDescription: null,
  isPublic: true,
  createdAt: postedAt.toISOString(),
};
const created: NewEvent = { type: ANNOUNCEMENT_EVENTS.created, schemaVersion: 1, payload: createdPayload };
const event = (type: string, payload: Record<string, unknown>): NewEvent => ({
  type,
  schemaVersion: 1,
  payload: { announcementId: id, ...payload },
});
const archived = event(ANNOUNCEMENT_EVENTS.archived, { reason: 'expired', archivedAt: now.toISOString() });
const closed = event(ANNOUNCEMENT_EVENTS.closed, { outcome: 'returned', closedAt: now.toISOString() });
const deleted = event(ANNOUNCEMENT_EVENTS.deleted, { deletedAt: now.toISOString() });
const resolved = event(ANNOUNCEMENT_EVENTS.resolved, {
  requestId: randomUUID(),
  resolvedAt: now.toISOString(),
});

/** The form as it shows the announcement, with `changes` made. */
const form = (changes: Record<string, unknown> = {}) =>
  updateAnnouncementRequestSchema.parse({
    type: createdPayload.type,
    title: createdPayload.title,
    description: createdPayload.description,
    category: createdPayload.category,
    location: createdPayload.location,
    contactInfo: createdPayload.contactInfo,
    imageUrl: createdPayload.imageUrl,
    rewardAmount: createdPayload.rewardAmount,
    ...changes,
  });
const edit = (caller: Caller, changes: Record<string, unknown> = {}) => ({
  type: 'edit' as const,
  input: form(changes),
  context: { caller, now, knownContacts: null },
});
const edited = (changes: Record<string, unknown>): NewEvent => ({
  ...event(ANNOUNCEMENT_EVENTS.edited, {
    userId: authorId,
    organizationId,
    type: 'lost',
    title: createdPayload.title,
    description: createdPayload.description,
    category: createdPayload.category,
    location: createdPayload.location,
    roomNumber: null,
    contactInfo: createdPayload.contactInfo,
    imageUrl: createdPayload.imageUrl,
    rewardAmount: createdPayload.rewardAmount,
    rewardDescription: null,
    isPublic: true,
    imageUrls: [createdPayload.imageUrl],
    ...changes,
    editedAt: now.toISOString(),
  }),
  schemaVersion: 2,
});

/** Every event the decider makes parses against its published schema. */
const valid = (events: NewEvent[]) => {
  for (const e of events) ANNOUNCEMENT_EVENT_SCHEMAS[e.type]![e.schemaVersion]!.parse(e.payload);
  return events;
};

describe('editing an announcement', () => {
  it('the author: one edited event with the whole announcement after the edit', () => {
    const expected = edited({ title: 'Qəhvəyi pulqabı itirilib', rewardAmount: 50 });
    valid([expected]);
    spec
      .given([created])
      .when(edit(author, { title: 'Qəhvəyi pulqabı itirilib', rewardAmount: 50 }))
      .then([expected]);
  });

  it("the organisation's admins and super admins may edit; others and other organisations' admins get 403", () => {
    spec
      .given([created])
      .when(edit(orgAdmin, { location: '28 May metrosu' }))
      .then([edited({ location: '28 May metrosu' })]);
    spec
      .given([created])
      .when(edit(superAdmin, { location: '28 May metrosu' }))
      .then([edited({ location: '28 May metrosu' })]);
    spec
      .given([created])
      .when(edit(stranger, { location: '28 May metrosu' }))
      .thenThrows(new ForbiddenError(ANNOUNCEMENT_LIFE_MESSAGES.notManager));
    spec
      .given([created])
      .when(edit(otherOrgAdmin, { location: '28 May metrosu' }))
      .thenThrows(ForbiddenError);
  });

  it('changes nothing when nothing changed', () => {
    spec.given([created]).when(edit(author)).then([]);
  });

  it('reorders, adds and removes photos (issue 22); a client that knows only the cover changes only it', () => {
    const [cover, second, third] = [
      createdPayload.imageUrl!,
      ...[2, 3].map((n) => `/objects/${n}2222222-2222-4222-8222-222222222222`),
    ];
    const three = edited({ imageUrls: [cover, second, third] });
    spec
      .given([created])
      .when(edit(author, { imageUrls: [cover, second, third] }))
      .then([three]);
    valid([three]);
    // Reordered: the new first is the cover.
    spec
      .given([created, three])
      .when(edit(author, { imageUrls: [third, cover, second] }))
      .then([edited({ imageUrl: third, imageUrls: [third, cover, second] })]);
    // Only `imageUrl`, as the spec's client sends it: the cover is replaced, the others stay.
    const other = '/objects/33333333-3333-4333-8333-333333333333';
    spec.given([created, three]).when(edit(author, {})).then([]);
    spec
      .given([created, three])
      .when(edit(author, { imageUrl: other }))
      .then([edited({ imageUrl: other, imageUrls: [other, second, third] })]);
    spec
      .given([created, three])
      .when(edit(author, { imageUrls: [] }))
      .then([edited({ imageUrl: null, imageUrls: [] })]);
  });

  it('sets the security questions of a found item when their texts change, as on create', () => {
    const found = {
      ...created,
      payload: { ...createdPayload, type: 'found', rewardAmount: 0, imageUrl: null },
    };
    const command = {
      type: 'edit' as const,
      input: form({
        type: 'found',
        rewardAmount: 0,
        imageUrl: null,
        securityQuestions: [{ question: 'Pulqabının içində nə var?', expectedAnswer: 'Vəsiqə' }],
      }),
      context: { caller: author, now, knownContacts: null },
    };
    const [questionsSet] = announcementDecider.decide(command, announcementDecider.evolve(null, found));
    spec
      .given([found])
      .when(command)
      .then([
        {
          type: ANNOUNCEMENT_EVENTS.securityQuestionsSet,
          schemaVersion: 1,
          payload: { announcementId: id, questions: ['Pulqabının içində nə var?'], setAt: now.toISOString() },
        },
      ]);
    // The same questions again: nothing new (the expected answers are not events).
    spec.given([found, questionsSet!]).when(command).then([]);
  });

  it('refuses a change of type or organisation (400), a closed or archived one (409), a deleted one (404)', () => {
    spec
      .given([created])
      .when(edit(author, { type: 'found', rewardAmount: 0 }))
      .thenThrows(new ValidationError(ANNOUNCEMENT_LIFE_MESSAGES.typeChanged, 'type'));
    spec
      .given([created])
      .when(edit(author, { organizationId: randomUUID() }))
      .thenThrows(new ValidationError(ANNOUNCEMENT_LIFE_MESSAGES.organizationChanged, 'organizationId'));
    spec.given([created]).when(edit(author, { organizationId })).then([]);
    spec
      .given([created, archived])
      .when(edit(author, { title: 'Başqa başlıq' }))
      .thenThrows(new ConflictError(ANNOUNCEMENT_LIFE_MESSAGES.notEditable));
    spec
      .given([created, closed])
      .when(edit(author, { title: 'Başqa başlıq' }))
      .thenThrows(ConflictError);
    spec
      .given([created, deleted])
      .when(edit(author, { title: 'Başqa başlıq' }))
      .thenThrows(NotFoundError);
    spec.given([]).when(edit(author)).thenThrows(NotFoundError);
  });
});

describe('closing an announcement', () => {
  const close = (caller: Caller, outcome: 'returned' | 'no_longer_needed' = 'no_longer_needed') => ({
    type: 'close' as const,
    outcome,
    caller,
    now,
  });

  it('an open or archived one: closed with the outcome', () => {
    const expected = event(ANNOUNCEMENT_EVENTS.closed, {
      outcome: 'no_longer_needed',
      closedAt: now.toISOString(),
    });
    valid([expected]);
    spec.given([created]).when(close(author)).then([expected]);
    spec.given([created, archived]).when(close(orgAdmin)).then([expected]);
  });

  it('refuses one already resolved or closed (409), others (403), a deleted one (404)', () => {
    spec
      .given([created, closed])
      .when(close(author))
      .thenThrows(new ConflictError(ANNOUNCEMENT_LIFE_MESSAGES.alreadyClosed));
    spec.given([created, resolved]).when(close(author)).thenThrows(ConflictError);
    spec.given([created]).when(close(stranger)).thenThrows(ForbiddenError);
    spec.given([created, deleted]).when(close(author)).thenThrows(NotFoundError);
  });

  it('a claim resolving a closed one changes nothing more', () => {
    spec
      .given([created, closed])
      .when({ type: 'resolve', requestId: randomUUID(), resolvedAt: now })
      .then([]);
  });
});

describe('deleting an announcement', () => {
  const remove = (caller: Caller) => ({ type: 'delete' as const, caller, now });

  it('in any state, by its author or admins: one deleted event', () => {
    valid([deleted]);
    spec.given([created]).when(remove(author)).then([deleted]);
    spec.given([created, archived]).when(remove(orgAdmin)).then([deleted]);
    spec.given([created, closed]).when(remove(superAdmin)).then([deleted]);
  });

  it('refuses others (403) and a deleted one (404); nothing else happens to a deleted one', () => {
    spec.given([created]).when(remove(stranger)).thenThrows(ForbiddenError);
    spec.given([created, deleted]).when(remove(author)).thenThrows(NotFoundError);
    spec
      .given([created, deleted])
      .when({ type: 'archive', now: new Date(postedAt.getTime() + PERIOD), archiveAfterMs: PERIOD })
      .then([]);
    spec
      .given([created, deleted])
      .when({ type: 'resolve', requestId: randomUUID(), resolvedAt: now })
      .then([]);
  });
});

describe('renewing an archived announcement', () => {
  const renew = (caller: Caller, at = now) => ({ type: 'renew' as const, caller, now: at });
  const renewed = event(ANNOUNCEMENT_EVENTS.renewed, { renewedAt: now.toISOString() });
  const archiveAt = (at: Date) => ({ type: 'archive' as const, now: at, archiveAfterMs: PERIOD });

  it('an archived one, by its author or admins: renewed', () => {
    valid([renewed]);
    spec.given([created, archived]).when(renew(author)).then([renewed]);
    spec.given([created, archived]).when(renew(orgAdmin)).then([renewed]);
  });

  it('refuses an open, closed or deleted one, and others', () => {
    spec
      .given([created])
      .when(renew(author))
      .thenThrows(new ConflictError(ANNOUNCEMENT_LIFE_MESSAGES.notArchived));
    spec.given([created, closed]).when(renew(author)).thenThrows(ConflictError);
    spec.given([created, archived]).when(renew(stranger)).thenThrows(ForbiddenError);
    spec.given([created, archived, deleted]).when(renew(author)).thenThrows(NotFoundError);
  });

  it('is archived again a whole period after the renewal, not after posting', () => {
    const renewedLater = event(ANNOUNCEMENT_EVENTS.renewed, { renewedAt: now.toISOString() });
    const history = [created, archived, renewedLater];
    // Past the first period (counted from posting) but not from the renewal: stays open.
    spec
      .given(history)
      .when(archiveAt(new Date(postedAt.getTime() + PERIOD + 1)))
      .then([]);
    spec
      .given(history)
      .when(archiveAt(new Date(now.getTime() + PERIOD - 1)))
      .then([]);
    const due = new Date(now.getTime() + PERIOD);
    spec
      .given(history)
      .when(archiveAt(due))
      .then([event(ANNOUNCEMENT_EVENTS.archived, { reason: 'expired', archivedAt: due.toISOString() })]);
  });

  it('an edit after a renewal is allowed again', () => {
    spec
      .given([created, archived, renewed])
      .when(edit(author, { title: 'Yenilənmiş elan' }))
      .then([edited({ title: 'Yenilənmiş elan' })]);
  });
});
