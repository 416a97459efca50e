import { fillMessage } from '@tapinti/contracts/message-template';
import { randomUUID } from 'node:crypto';
import {
  HANDOVER_MESSAGES,
  REQUEST_LIMIT_MESSAGES,
  REQUEST_LIMITS,
  REQUEST_MESSAGES,
} from '@tapinti/contracts/requests-api';
import {
  REQUEST_EVENTS,
  requestFiledV1,
  requestStatusChangedV1,
  type RequestFiledV1,
  type RequestStatus,
} from '@tapinti/contracts/requests-events';
import { foldEvents } from '@tapinti/eventstore/command-handler';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
} from '@tapinti/platform/errors';
import {
  answersFor,
  canHandle,
  requestDecider,
  type Actor,
  type AnnouncementCopy,
  type ClaimantRecord,
  type FileCommand,
} from '../../src/domain/request';

const spec = deciderSpecification(requestDecider);
const now = new Date('2025-08-25T10:00:00.000Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

const user = (): Actor => ({ userId: randomUUID(), role: 'user', organizationId: null });
const orgAdmin = (organizationId: string): Actor => ({
  userId: randomUUID(),
  role: 'org_admin',
  organizationId,
});
const superAdmin: Actor = { userId: randomUUID(), role: 'super_admin', organizationId: null };

const author = user();
const claimant = user();
const organizationId = randomUUID();

const announcement = (fields: Partial<AnnouncementCopy> = {}): AnnouncementCopy => ({
  id: randomUUID(),
  userId: author.userId,
  organizationId: null,
  type: 'found',
  title: 'Qara telefon tapılıb',
  roomNumber: null,
  status: 'open',
  isPublic: true,
  isActive: true,
  approved: true,
  securityQuestions: [],
  ...fields,
});

const cleanRecord: ClaimantRecord = {
  openRequests: 0,
  filedWithinHour: [],
  hasOpenRequestOnAnnouncement: false,
};

const fileCommand = (fields: Partial<FileCommand> = {}): FileCommand => ({
  type: 'file',
  requestId: randomUUID(),
  claimant,
  input: { contactMethod: 'phone' },
  announcement: announcement(),
  record: cleanRecord,
  itemClaimed: false,
  now,
  ...fields,
});

const filed = (fields: Partial<RequestFiledV1> = {}): NewEvent => ({
  type: REQUEST_EVENTS.filed,
  schemaVersion: 1,
  payload: {
    requestId: randomUUID(),
    announcementId: randomUUID(),
    organizationId: null,
    userId: claimant.userId,
    handlerUserId: author.userId,
    contactMethod: 'email',
    status: 'pending',
    createdAt: minutesAgo(5).toISOString(),
    ...fields,
  } satisfies RequestFiledV1,
});

/** The owner's code issued with a resolved_claimed: a found item's claimant owns it. */
const codeIssued = (history: NewEvent, generation = 1, at = now): NewEvent => {
  const p = history.payload as RequestFiledV1;
  return {
    type: REQUEST_EVENTS.handoverCodeIssued,
    schemaVersion: 1,
    payload: {
      requestId: p.requestId,
      announcementId: p.announcementId,
      ownerUserId: p.userId,
      finderUserId: p.handlerUserId,
      finderOrganizationId: p.organizationId,
      generation,
      issuedAt: at.toISOString(),
    },
  };
};

const changed = (
  history: NewEvent,
  from: RequestStatus,
  to: RequestStatus,
  handledBy = author.userId,
): NewEvent => {
  const p = history.payload as RequestFiledV1;
  return {
    type: REQUEST_EVENTS.statusChanged,
    schemaVersion: 1,
    payload: {
      requestId: p.requestId,
      announcementId: p.announcementId,
      from,
      to,
      handledBy,
      handledAt: now.toISOString(),
      reason: 'handler',
    },
  };
};

describe('filing a request', () => {
  it('makes one filed event, pending, handled by the author of a private announcement', () => {
    const command = fileCommand();
    spec
      .given([])
      .when(command)
      .then([
        {
          type: REQUEST_EVENTS.filed,
          schemaVersion: 1,
          payload: {
            requestId: command.requestId,
            announcementId: command.announcement!.id,
            organizationId: null,
            userId: claimant.userId,
            handlerUserId: author.userId,
            contactMethod: 'phone',
            status: 'pending',
            createdAt: now.toISOString(),
          },
        },
      ]);
    const [event] = requestDecider.decide(command, null);
    expect(requestFiledV1.parse(event!.payload)).toEqual(event!.payload);
  });

  it("is handled by the organisation's admins when the announcement has one", () => {
    const a = announcement({ organizationId });
    const [event] = requestDecider.decide(fileCommand({ announcement: a }), null);
    expect(event!.payload).toMatchObject({ organizationId, handlerUserId: null });
  });

  it('never carries what the claimant wrote', () => {
    const a = announcement({ securityQuestions: ['Arxa örtüyü hansı rəngdədir?'] });
    const [event] = requestDecider.decide(
      fileCommand({ announcement: a, input: { contactMethod: 'phone', answers: ['Bənövşəyi'] } }),
      null,
    );
    expect(JSON.stringify(event)).not.toMatch(/Bənövşəyi|Arxa örtüyü/);
  });

  it('refuses an unknown announcement, and one the claimant cannot see, with 404', () => {
    spec
      .given([])
      .when(fileCommand({ announcement: null }))
      .thenThrows(new NotFoundError(REQUEST_MESSAGES.announcementNotFound));
    const hidden = announcement({ isPublic: false, organizationId });
    spec
      .given([])
      .when(fileCommand({ announcement: hidden }))
      .thenThrows(NotFoundError);
    // Its organisation's admins, its author (below: 403) and super admins see a non-public one.
    expect(
      requestDecider.decide(fileCommand({ announcement: hidden, claimant: superAdmin }), null),
    ).toHaveLength(1);
  });

  it("refuses the caller's own announcement and their organisation's with 403", () => {
    spec
      .given([])
      .when(fileCommand({ claimant: author }))
      .thenThrows(new ForbiddenError(REQUEST_MESSAGES.ownAnnouncement));
    spec
      .given([])
      .when(
        fileCommand({ claimant: orgAdmin(organizationId), announcement: announcement({ organizationId }) }),
      )
      .thenThrows(new ForbiddenError(REQUEST_MESSAGES.ownOrganization));
    // Another organisation's admin may claim like anyone.
    const other = orgAdmin(randomUUID());
    expect(
      requestDecider.decide(
        fileCommand({ claimant: other, announcement: announcement({ organizationId }) }),
        null,
      ),
    ).toHaveLength(1);
  });

  it('refuses an archived, resolved, inactive or already claimed announcement with 409', () => {
    const closed = new ConflictError(REQUEST_MESSAGES.announcementClosed);
    for (const a of [
      announcement({ status: 'archived', isActive: false }),
      announcement({ status: 'resolved' }),
      announcement({ isActive: false }),
    ]) {
      spec
        .given([])
        .when(fileCommand({ announcement: a }))
        .thenThrows(closed);
    }
    spec
      .given([])
      .when(fileCommand({ itemClaimed: true }))
      .thenThrows(closed);
  });

  it('refuses a second open request by the same user on the same announcement with 409', () => {
    spec
      .given([])
      .when(fileCommand({ record: { ...cleanRecord, hasOpenRequestOnAnnouncement: true } }))
      .thenThrows(new ConflictError(REQUEST_MESSAGES.duplicate));
  });

  it('needs one answer per security question (400), pairs them, and ignores answers when there are none', () => {
    const questions = ['Arxa örtüyü hansı rəngdədir?', 'Ekranda nə yazılıb?'];
    const a = announcement({ securityQuestions: questions });
    const bad = new ValidationError(REQUEST_MESSAGES.answersCount, 'answers');
    spec
      .given([])
      .when(fileCommand({ announcement: a }))
      .thenThrows(bad);
    spec
      .given([])
      .when(fileCommand({ announcement: a, input: { contactMethod: 'email', answers: ['Qara'] } }))
      .thenThrows(bad);
    expect(
      requestDecider.decide(
        fileCommand({ announcement: a, input: { contactMethod: 'email', answers: ['Qara', 'Salam'] } }),
        null,
      ),
    ).toHaveLength(1);
    expect(answersFor(questions, ['Qara', 'Salam'])).toEqual([
      { question: questions[0], answer: 'Qara' },
      { question: questions[1], answer: 'Salam' },
    ]);
    expect(answersFor([], ['nə isə'])).toEqual([]);
  });

  it(`allows at most ${REQUEST_LIMITS.maxOpen} open requests at once (429)`, () => {
    spec
      .given([])
      .when(fileCommand({ record: { ...cleanRecord, openRequests: REQUEST_LIMITS.maxOpen } }))
      .thenThrows(
        new TooManyRequestsError(
          fillMessage(REQUEST_LIMIT_MESSAGES.tooManyOpen, { max: REQUEST_LIMITS.maxOpen }),
        ),
      );
    expect(
      requestDecider.decide(
        fileCommand({ record: { ...cleanRecord, openRequests: REQUEST_LIMITS.maxOpen - 1 } }),
        null,
      ),
    ).toHaveLength(1);
  });

  it(`allows at most ${REQUEST_LIMITS.maxPerHour} filings within any hour (429 with Retry-After)`, () => {
    const filedWithinHour = Array.from({ length: REQUEST_LIMITS.maxPerHour }, (_, i) => minutesAgo(50 - i));
    let error: TooManyRequestsError | undefined;
    try {
      requestDecider.decide(fileCommand({ record: { ...cleanRecord, filedWithinHour } }), null);
    } catch (err) {
      error = err as TooManyRequestsError;
    }
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect(error!.message).toBe(
      fillMessage(REQUEST_LIMIT_MESSAGES.tooManyPerHour, { max: REQUEST_LIMITS.maxPerHour }),
    );
    // The oldest of them is 50 minutes old: free again in 10 minutes.
    expect(error!.retryAfterSeconds).toBe(600);
    // One of them an hour old: it no longer counts.
    filedWithinHour[0] = minutesAgo(60);
    expect(
      requestDecider.decide(fileCommand({ record: { ...cleanRecord, filedWithinHour } }), null),
    ).toHaveLength(1);
  });
});

describe('handling a request', () => {
  const request = filed();
  const orgRequest = filed({ organizationId, handlerUserId: null });

  it('moves pending to contacted, resolved_claimed or resolved_rejected, with the handler and the clock', () => {
    for (const to of ['contacted', 'resolved_claimed', 'resolved_rejected'] as const) {
      spec
        .given([request])
        .when({ type: 'change-status', to, handler: author, now })
        .then(
          to === 'resolved_claimed'
            ? [changed(request, 'pending', to), codeIssued(request)]
            : [changed(request, 'pending', to)],
        );
    }
    const [event] = requestDecider.decide(
      { type: 'change-status', to: 'contacted', handler: author, now },
      requestDecider.evolve(null, request),
    );
    expect(requestStatusChangedV1.parse(event!.payload)).toEqual(event!.payload);
  });

  it('keeps contacted open until it is resolved', () => {
    const contacted = changed(request, 'pending', 'contacted');
    spec
      .given([request, contacted])
      .when({ type: 'change-status', to: 'resolved_claimed', handler: author, now })
      .then([changed(request, 'contacted', 'resolved_claimed'), codeIssued(request)]);
    spec
      .given([request, contacted])
      .when({ type: 'change-status', to: 'resolved_rejected', handler: author, now })
      .then([changed(request, 'contacted', 'resolved_rejected')]);
    for (const to of ['contacted', 'pending'] as const) {
      spec
        .given([request, contacted])
        .when({ type: 'change-status', to, handler: author, now })
        .thenThrows(new ConflictError(REQUEST_MESSAGES.transition));
    }
  });

  it('keeps resolved states final (409)', () => {
    for (const resolved of ['resolved_claimed', 'resolved_rejected'] as const) {
      for (const to of ['pending', 'contacted', 'resolved_claimed', 'resolved_rejected'] as const) {
        spec
          .given([request, changed(request, 'pending', resolved)])
          .when({ type: 'change-status', to, handler: author, now })
          .thenThrows(new ConflictError(REQUEST_MESSAGES.finalStatus));
      }
    }
  });

  it('refuses going back to pending (409) and an unknown request (404)', () => {
    spec
      .given([request])
      .when({ type: 'change-status', to: 'pending', handler: author, now })
      .thenThrows(new ConflictError(REQUEST_MESSAGES.transition));
    spec
      .given([])
      .when({ type: 'change-status', to: 'contacted', handler: author, now })
      .thenThrows(new NotFoundError(REQUEST_MESSAGES.notFound));
  });

  it('lets only the handler or a super admin do it (403 for the claimant, other users and other organisations)', () => {
    const forbidden = new ForbiddenError(REQUEST_MESSAGES.notHandler);
    for (const handler of [claimant, user(), orgAdmin(randomUUID()), orgAdmin(organizationId)]) {
      spec
        .given([request])
        .when({ type: 'change-status', to: 'contacted', handler, now })
        .thenThrows(forbidden);
    }
    for (const handler of [author, user(), orgAdmin(randomUUID())]) {
      spec
        .given([orgRequest])
        .when({ type: 'change-status', to: 'contacted', handler, now })
        .thenThrows(forbidden);
    }
    const admin = orgAdmin(organizationId);
    spec
      .given([orgRequest])
      .when({ type: 'change-status', to: 'contacted', handler: admin, now })
      .then([changed(orgRequest, 'pending', 'contacted', admin.userId)]);
    spec
      .given([request])
      .when({ type: 'change-status', to: 'contacted', handler: superAdmin, now })
      .then([changed(request, 'pending', 'contacted', superAdmin.userId)]);
    expect(canHandle(author, { organizationId: null, handlerUserId: author.userId })).toBe(true);
  });

  it('rejects an open competing request when the item was claimed, and leaves a resolved one alone', () => {
    const competing = filed();
    const event = changed(competing, 'pending', 'resolved_rejected');
    spec
      .given([competing])
      .when({ type: 'reject-as-claimed', handledBy: author.userId, now })
      .then([{ ...event, payload: { ...(event.payload as object), reason: 'item-claimed' } }]);
    spec
      .given([competing, changed(competing, 'pending', 'resolved_rejected')])
      .when({ type: 'reject-as-claimed', handledBy: author.userId, now })
      .then([]);
  });
});

describe('the hand-over of a claimed item', () => {
  const request = filed();
  const claimed = [request, changed(request, 'pending', 'resolved_claimed'), codeIssued(request)];
  const right = () => true;
  const wrong = () => false;
  const p = request.payload as RequestFiledV1;

  it("gives the code to a found item's claimant and to a lost item's author", () => {
    const lostAuthor = user();
    const [, issued] = requestDecider.decide(
      {
        type: 'change-status',
        to: 'resolved_claimed',
        handler: lostAuthor,
        now,
        announcement: { type: 'lost', userId: lostAuthor.userId },
      },
      requestDecider.evolve(null, filed({ handlerUserId: lostAuthor.userId })),
    );
    expect(issued!.payload).toMatchObject({
      ownerUserId: lostAuthor.userId,
      finderUserId: claimant.userId,
      finderOrganizationId: null,
    });
  });

  it('is confirmed by the finder with the right code', () => {
    spec
      .given(claimed)
      .when({ type: 'confirm-handover', actor: author, isCurrentCode: right, now })
      .then([
        {
          type: REQUEST_EVENTS.handedOver,
          schemaVersion: 1,
          payload: {
            requestId: p.requestId,
            announcementId: p.announcementId,
            ownerUserId: claimant.userId,
            confirmedBy: author.userId,
            handedOverAt: now.toISOString(),
          },
        },
      ]);
  });

  it('is entered by the finder side only: the owner and strangers are refused (403)', () => {
    for (const actor of [claimant, user(), superAdmin, orgAdmin(organizationId)]) {
      spec
        .given(claimed)
        .when({ type: 'confirm-handover', actor, isCurrentCode: right, now })
        .thenThrows(new ForbiddenError(HANDOVER_MESSAGES.notFinder));
    }
  });

  it("lets an organisation's admins confirm their organisation's item", () => {
    const orgRequest = filed({ organizationId, handlerUserId: null });
    const events = requestDecider.decide(
      { type: 'confirm-handover', actor: orgAdmin(organizationId), isCurrentCode: right, now },
      foldEvents(requestDecider, [
        orgRequest,
        changed(orgRequest, 'pending', 'resolved_claimed'),
        codeIssued(orgRequest),
      ]),
    );
    expect(events.map((e) => e.type)).toEqual([REQUEST_EVENTS.handedOver]);
  });

  it('locks after the 5th wrong code until a super admin issues a new one', () => {
    let history = [...claimed];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const state = foldEvents(requestDecider, history);
      const events = requestDecider.decide(
        { type: 'confirm-handover', actor: author, isCurrentCode: wrong, now },
        state,
      );
      expect(events.map((e) => e.type)).toEqual(
        attempt < 5
          ? [REQUEST_EVENTS.handoverFailedAttempt]
          : [REQUEST_EVENTS.handoverFailedAttempt, REQUEST_EVENTS.handoverLocked],
      );
      expect(events[0]!.payload).toMatchObject({ failedAttempts: attempt });
      history = [...history, ...events];
    }
    spec
      .given(history)
      .when({ type: 'confirm-handover', actor: author, isCurrentCode: right, now })
      .thenThrows(new ConflictError(HANDOVER_MESSAGES.locked));
    spec
      .given(history)
      .when({ type: 'unlock-handover', actor: author, now })
      .thenThrows(new ForbiddenError());
    spec
      .given(history)
      .when({ type: 'unlock-handover', actor: superAdmin, now })
      .then([codeIssued(request, 2)]);
    const unlocked = foldEvents(requestDecider, [...history, codeIssued(request, 2)]);
    expect(unlocked!.handover).toMatchObject({ generation: 2, failedAttempts: 0, locked: false });
  });

  it('refuses a claim that is not resolved_claimed (409) and a second confirmation (409)', () => {
    spec
      .given([request])
      .when({ type: 'confirm-handover', actor: author, isCurrentCode: right, now })
      .thenThrows(new ConflictError(HANDOVER_MESSAGES.notClaimed));
    const handedOver = requestDecider.decide(
      { type: 'confirm-handover', actor: author, isCurrentCode: right, now },
      foldEvents(requestDecider, claimed),
    );
    spec
      .given([...claimed, ...handedOver])
      .when({ type: 'confirm-handover', actor: author, isCurrentCode: right, now })
      .thenThrows(new ConflictError(HANDOVER_MESSAGES.alreadyHandedOver));
  });
});
