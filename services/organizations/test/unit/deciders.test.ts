import { randomUUID } from 'node:crypto';
import {
  applicationRequestSchema,
  approveRequestSchema,
  rejectRequestSchema,
  updateOrganizationSchema,
} from '@tapinti/contracts/organizations-api';
import { ORGANIZATION_EVENTS, ORGANIZATION_EVENT_SCHEMAS } from '@tapinti/contracts/organizations-events';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { ConflictError, NotFoundError, ValidationError } from '@tapinti/platform/errors';
import { applicationDecider } from '../../src/domain/application';
import { addDays, bakuDay, startOfBakuDay } from '@tapinti/contracts/baku-calendar';
import { invitationDecider } from '../../src/domain/invitation';
import { organizationDecider } from '../../src/domain/organization';
import { subscriptionDecider, subscriptionTerms } from '../../src/domain/subscription';

const now = new Date('2025-08-25T10:00:00.000Z');
const at = now.toISOString();
const admin = randomUUID();

/** Every event a decider makes is valid against its published contract schema. */
function expectContractValid(events: NewEvent[]) {
  for (const event of events) {
    const schema = ORGANIZATION_EVENT_SCHEMAS[event.type]?.[event.schemaVersion];
    expect(schema).toBeDefined();
    expect(schema!.parse(event.payload)).toEqual(event.payload);
  }
}

describe('application', () => {
  const spec = deciderSpecification(applicationDecider);
  const applicationId = randomUUID();
  const input = applicationRequestSchema.parse({
    organizationName: 'Hilton Baku',
    organizationType: 'hotel',
    address: 'Azadlıq prospekti 1B, Bakı',
    contactEmail: 'Nigar@Hilton.az',
    contactPerson: 'Nigar Əliyeva',
    contactPhone: '',
  });
  const submitted: NewEvent = {
    type: ORGANIZATION_EVENTS.applicationSubmitted,
    schemaVersion: 1,
    payload: {
      applicationId,
      organizationName: 'Hilton Baku',
      organizationType: 'hotel',
      contactPerson: 'Nigar Əliyeva',
      contactEmail: 'nigar@hilton.az',
      contactPhone: null,
      address: 'Azadlıq prospekti 1B, Bakı',
      message: null,
      status: 'pending',
      submittedBy: null,
      createdAt: at,
    },
  };
  const contractRequested: NewEvent = {
    type: ORGANIZATION_EVENTS.applicationContractRequested,
    schemaVersion: 1,
    payload: { applicationId, reviewedBy: admin, reviewedAt: at, status: 'need_contract' },
  };
  const rejected: NewEvent = {
    type: ORGANIZATION_EVENTS.applicationRejected,
    schemaVersion: 1,
    payload: {
      applicationId,
      reviewedBy: admin,
      reviewedAt: at,
      status: 'rejected',
      rejectionReason: 'Natamam',
    },
  };
  const organizationId = randomUUID();
  const subscriptionId = randomUUID();
  const approved: NewEvent = {
    type: ORGANIZATION_EVENTS.applicationApproved,
    schemaVersion: 1,
    payload: {
      applicationId,
      reviewedBy: admin,
      reviewedAt: at,
      status: 'approved',
      organizationId,
      subscriptionId,
    },
  };
  const submit = (pendingWithSameEmail = false) =>
    ({ type: 'submit', applicationId, input, submittedBy: null, now, pendingWithSameEmail }) as const;
  const approve = { type: 'approve', reviewedBy: admin, now, organizationId, subscriptionId } as const;
  const reject = { type: 'reject', reviewedBy: admin, now, reason: 'Natamam' } as const;
  const requestContract = { type: 'request-contract', reviewedBy: admin, now } as const;

  it('is submitted pending, with the contact e-mail lower-cased and blank optionals null', () => {
    spec.given([]).when(submit()).then([submitted]);
    expectContractValid([submitted, contractRequested, rejected, approved]);
  });

  it('refuses a second pending application with the same contact e-mail (409)', () => {
    spec.given([]).when(submit(true)).thenThrows(ConflictError);
  });

  it('is approved, rejected or sent for a contract from pending', () => {
    spec.given([submitted]).when(approve).then([approved]);
    spec.given([submitted]).when(reject).then([rejected]);
    spec.given([submitted]).when(requestContract).then([contractRequested]);
  });

  it('can still be approved or rejected once a contract was requested', () => {
    spec.given([submitted, contractRequested]).when(approve).then([approved]);
    spec.given([submitted, contractRequested]).when(reject).then([rejected]);
    spec.given([submitted, contractRequested]).when(requestContract).thenThrows(ConflictError);
  });

  it('refuses any review of an approved or rejected application (409) and of an unknown one (404)', () => {
    for (const done of [approved, rejected])
      for (const command of [approve, reject, requestContract])
        spec.given([submitted, done]).when(command).thenThrows(ConflictError);
    for (const command of [approve, reject, requestContract])
      spec.given([]).when(command).thenThrows(NotFoundError);
  });
});

describe('application rules (spec §5)', () => {
  const valid = {
    organizationName: 'Hilton Baku',
    organizationType: 'hotel',
    address: 'Azadlıq prospekti 1B, Bakı',
    contactEmail: 'nigar@hilton.az',
    contactPerson: 'Nigar Əliyeva',
  };
  const messageOf = (body: Record<string, unknown>) => {
    const result = applicationRequestSchema.safeParse(body);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('answers each rule with its message', () => {
    expect(messageOf(valid)).toBeNull();
    expect(messageOf({ ...valid, organizationType: undefined })).toBe('Təşkilat növü seçin');
    expect(messageOf({ ...valid, organizationType: '' })).toBe('Təşkilat növü seçin');
    expect(messageOf({ ...valid, organizationType: 'zoo' })).toBe('Təşkilat növü seçin');
    expect(messageOf({ ...valid, organizationName: 'H' })).toBe('Təşkilatın adı ən azı 2 simvol olmalıdır');
    expect(messageOf({ ...valid, address: 'Bakı' })).toBe('Ünvan ən azı 10 simvol olmalıdır');
    expect(messageOf({ ...valid, contactEmail: 'nigar' })).toBe('Düzgün email ünvanı daxil edin');
    expect(messageOf({ ...valid, contactPerson: 'N' })).toBe('Əlaqə şəxsinin adı ən azı 2 simvol olmalıdır');
    expect(messageOf({ ...valid, contactPhone: 'zəng edin' })).toBe('Telefon nömrəsi yanlışdır');
    expect(messageOf({ ...valid, contactPhone: ' 1234 ' })).toBe('Telefon nömrəsi yanlışdır');
  });

  it('takes local and international phones, trimmed; blank means none', () => {
    const phoneOf = (contactPhone: unknown) =>
      applicationRequestSchema.parse({ ...valid, contactPhone }).contactPhone;
    expect(phoneOf(' +994 (12) 404-12-34 ')).toBe('+994 (12) 404-12-34');
    expect(phoneOf('012 404 12 34')).toBe('012 404 12 34');
    for (const blank of ['', '   ', null, undefined]) expect(phoneOf(blank)).toBeUndefined();
    const parsed = applicationRequestSchema.parse({
      ...valid,
      organizationName: '  Hilton  ',
      message: '  ',
    });
    expect(parsed.organizationName).toBe('Hilton');
    expect(parsed.message).toBeUndefined();
  });

  it('takes every organisation type of spec §3', () => {
    for (const organizationType of [
      'hotel',
      'mall',
      'university',
      'business_center',
      'airport',
      'hospital',
      'sports_center',
      'event_venue',
      'other',
    ])
      expect(messageOf({ ...valid, organizationType })).toBeNull();
  });

  it("rejecting needs a reason: 'Rədd etmə səbəbi daxil edin'", () => {
    for (const body of [{}, { reason: '' }, { reason: '   ' }])
      expect(rejectRequestSchema.safeParse(body).error?.issues[0]?.message).toBe(
        'Rədd etmə səbəbi daxil edin',
      );
  });

  it('an approval may override any field, and a price is rounded to cents', () => {
    const parsed = approveRequestSchema.parse({ subscriptionData: { plan: 'pro', monthlyPrice: 89.999 } });
    expect(parsed.subscriptionData).toEqual({ plan: 'pro', monthlyPrice: 90 });
    expect(approveRequestSchema.safeParse({ subscriptionData: { endDate: '2025-02-30' } }).success).toBe(
      false,
    );
    expect(approveRequestSchema.safeParse({ subscriptionData: { plan: 'gold' } }).success).toBe(false);
    expect(approveRequestSchema.safeParse({ subscriptionData: { startDate: '1999-12-31' } }).success).toBe(
      false,
    );
  });

  it('an organisation update needs isActive', () => {
    expect(updateOrganizationSchema.safeParse({ name: 'Yeni ad' }).error?.issues[0]?.message).toBe(
      'Təşkilatın aktivlik statusu tələb olunur',
    );
  });
});

describe('subscription', () => {
  const spec = deciderSpecification(subscriptionDecider);
  const subscriptionId = randomUUID();
  const organizationId = randomUUID();

  it('defaults (spec §9): basic, trial, from today for 30 days, 49.99 AZN; the price follows the plan', () => {
    expect(subscriptionTerms({}, '2025-08-25')).toEqual({
      plan: 'basic',
      status: 'trial',
      startDate: '2025-08-25',
      endDate: '2025-09-24',
      monthlyPrice: 49.99,
    });
    expect(subscriptionTerms({ plan: 'pro' }, '2025-08-25').monthlyPrice).toBe(99.99);
    expect(subscriptionTerms({ plan: 'enterprise' }, '2025-08-25').monthlyPrice).toBe(199.99);
    expect(subscriptionTerms({ plan: 'enterprise', monthlyPrice: 150 }, '2025-08-25').monthlyPrice).toBe(150);
    expect(subscriptionTerms({ startDate: '2025-12-15' }, '2025-08-25').endDate).toBe('2026-01-14');
  });

  const started: NewEvent = {
    type: ORGANIZATION_EVENTS.subscriptionStarted,
    schemaVersion: 1,
    payload: {
      subscriptionId,
      organizationId,
      plan: 'basic',
      status: 'trial',
      startDate: '2025-08-25',
      endDate: '2025-09-24',
      monthlyPrice: 49.99,
      features: {},
    },
  };
  const expired: NewEvent = {
    type: ORGANIZATION_EVENTS.subscriptionExpired,
    schemaVersion: 1,
    payload: { subscriptionId, organizationId, status: 'expired', endDate: '2025-09-24', expiredAt: at },
  };

  it('starts once, never ending before it starts', () => {
    const terms = subscriptionTerms({}, '2025-08-25');
    spec
      .given([])
      .when({ type: 'start', subscriptionId, organizationId, terms, features: {} })
      .then([started]);
    spec
      .given([])
      .when({
        type: 'start',
        subscriptionId,
        organizationId,
        terms: { ...terms, endDate: '2025-08-24' },
        features: {},
      })
      .thenThrows(ValidationError);
    spec
      .given([started])
      .when({ type: 'start', subscriptionId, organizationId, terms, features: {} })
      .thenThrows(ConflictError);
    expectContractValid([started, expired]);
  });

  it('expires on its end date (Baku), once', () => {
    spec.given([started]).when({ type: 'expire', today: '2025-09-23', now }).then([]);
    spec.given([started]).when({ type: 'expire', today: '2025-09-24', now }).then([expired]);
    spec.given([started]).when({ type: 'expire', today: '2025-10-01', now }).then([expired]);
    spec.given([started, expired]).when({ type: 'expire', today: '2025-10-01', now }).then([]);
    spec.given([]).when({ type: 'expire', today: '2025-10-01', now }).then([]);
  });

  it('counts days in Baku (UTC+4)', () => {
    expect(bakuDay(new Date('2025-08-24T19:59:59Z'))).toBe('2025-08-24');
    expect(bakuDay(new Date('2025-08-24T20:00:00Z'))).toBe('2025-08-25');
    expect(addDays('2025-02-27', 2)).toBe('2025-03-01');
    expect(startOfBakuDay('2025-08-25').toISOString()).toBe('2025-08-24T20:00:00.000Z');
  });
});

describe('organization', () => {
  const spec = deciderSpecification(organizationDecider);
  const organizationId = randomUUID();
  const applicationId = randomUUID();
  const fields = {
    name: 'Hilton Baku',
    type: 'hotel' as const,
    address: 'Azadlıq prospekti 1B, Bakı',
    contactEmail: 'nigar@hilton.az',
    contactPhone: null,
  };
  const created: NewEvent = {
    type: ORGANIZATION_EVENTS.created,
    schemaVersion: 1,
    payload: { organizationId, applicationId, ...fields, isActive: true, settings: {}, createdAt: at },
  };
  const deactivated: NewEvent = {
    type: ORGANIZATION_EVENTS.deactivated,
    schemaVersion: 1,
    payload: { organizationId, deactivatedBy: admin, deactivatedAt: at },
  };
  const reactivated: NewEvent = {
    type: ORGANIZATION_EVENTS.reactivated,
    schemaVersion: 1,
    payload: { organizationId, reactivatedBy: admin, reactivatedAt: at },
  };
  const update = (changes: Record<string, unknown>) =>
    ({ type: 'update', changes: updateOrganizationSchema.parse(changes), actorId: admin, now }) as const;

  it('is created active', () => {
    spec.given([]).when({ type: 'create', organizationId, applicationId, fields, now }).then([created]);
    spec
      .given([created])
      .when({ type: 'create', organizationId, applicationId, fields, now })
      .thenThrows(ConflictError);
  });

  it('records only the fields that changed, then (de)activation', () => {
    const updated: NewEvent = {
      type: ORGANIZATION_EVENTS.updated,
      schemaVersion: 1,
      payload: {
        organizationId,
        before: { name: 'Hilton Baku', contactPhone: null, settings: {} },
        after: { name: 'Hilton Baku Hotel', contactPhone: '+994 12 464 65 00', settings: { lang: 'az' } },
      },
    };
    spec
      .given([created])
      .when(
        update({
          isActive: false,
          name: 'Hilton Baku Hotel',
          address: fields.address,
          contactPhone: '+994 12 464 65 00',
          settings: { lang: 'az' },
        }),
      )
      .then([updated, deactivated]);
    expectContractValid([created, updated, deactivated, reactivated]);
  });

  it('deactivates and reactivates; nothing changes, nothing happens', () => {
    spec
      .given([created])
      .when(update({ isActive: true, name: 'Hilton Baku' }))
      .then([]);
    spec
      .given([created])
      .when(update({ isActive: false }))
      .then([deactivated]);
    spec
      .given([created, deactivated])
      .when(update({ isActive: false }))
      .then([]);
    spec
      .given([created, deactivated])
      .when(update({ isActive: true }))
      .then([reactivated]);
    spec
      .given([])
      .when(update({ isActive: true }))
      .thenThrows(NotFoundError);
  });
});

describe('organization members (issue 25)', () => {
  const spec = deciderSpecification(organizationDecider);
  const organizationId = randomUUID();
  const staff = randomUUID();
  const created: NewEvent = {
    type: ORGANIZATION_EVENTS.created,
    schemaVersion: 1,
    payload: {
      organizationId,
      applicationId: null,
      name: 'Hilton Baku',
      type: 'hotel',
      address: 'Azadlıq prospekti 1B, Bakı',
      contactEmail: 'nigar@hilton.az',
      contactPhone: null,
      isActive: true,
      settings: {},
      createdAt: at,
    },
  };
  const remove = (member: { userId: string; role: 'org_admin' | 'org_staff' } | null, actorId = admin) =>
    ({ type: 'remove-member', member, actorId, now }) as const;

  it('removes a member, with the role they had and who removed them', () => {
    const removed: NewEvent = {
      type: ORGANIZATION_EVENTS.memberRemoved,
      schemaVersion: 1,
      payload: { organizationId, userId: staff, role: 'org_staff', removedBy: admin, removedAt: at },
    };
    spec
      .given([created])
      .when(remove({ userId: staff, role: 'org_staff' }))
      .then([removed]);
    expectContractValid([removed]);
  });

  it('refuses a non-member (404), oneself (409) and an unknown organisation (404)', () => {
    spec.given([created]).when(remove(null)).thenThrows(NotFoundError);
    spec
      .given([created])
      .when(remove({ userId: admin, role: 'org_admin' }))
      .thenThrows(ConflictError);
    spec
      .given([])
      .when(remove({ userId: staff, role: 'org_staff' }))
      .thenThrows(NotFoundError);
  });
});

describe('invitation', () => {
  const spec = deciderSpecification(invitationDecider);
  const invitationId = randomUUID();
  const organizationId = randomUUID();
  const userId = randomUUID();
  const issued: NewEvent = {
    type: ORGANIZATION_EVENTS.invitationIssued,
    schemaVersion: 2,
    payload: {
      invitationId,
      organizationId,
      organizationName: 'Hilton Baku',
      email: 'nigar@hilton.az',
      expiresAt: '2025-09-01T10:00:00.000Z',
      issuedBy: admin,
      role: 'org_staff',
    },
  };
  /** As published before staff existed: an admin invitation, no role. */
  const issuedV1: NewEvent = {
    ...issued,
    schemaVersion: 1,
    payload: { ...(issued.payload as object), role: undefined },
  };
  const accepted: NewEvent = {
    type: ORGANIZATION_EVENTS.invitationAccepted,
    schemaVersion: 1,
    payload: { invitationId, organizationId, userId, acceptedAt: at },
  };
  const acceptedV2: NewEvent = {
    ...accepted,
    schemaVersion: 2,
    payload: { ...(accepted.payload as object), username: 'nigar' },
  };
  const accept = { type: 'accept', userId, organizationId, acceptedAt: now } as const;

  it('is issued for 7 days with exactly these fields, never a token', () => {
    spec
      .given([])
      .when({
        type: 'issue',
        invitationId,
        organizationId,
        organizationName: 'Hilton Baku',
        email: 'nigar@hilton.az',
        role: 'org_staff',
        issuedBy: admin,
        now,
      })
      .then([issued]);
    expect(Object.keys(issued.payload as object).sort()).toEqual(
      ['email', 'expiresAt', 'invitationId', 'issuedBy', 'organizationId', 'organizationName', 'role'].sort(),
    );
    expectContractValid([issued, accepted, acceptedV2]);
  });

  it('records the username auth sent (v2), and accepts invitations issued before roles (v1)', () => {
    spec
      .given([issued])
      .when({ ...accept, username: 'nigar' })
      .then([acceptedV2]);
    spec.given([issuedV1]).when(accept).then([accepted]);
  });

  it('records an acceptance once, and only of a known invitation of that organisation', () => {
    spec.given([issued]).when(accept).then([accepted]);
    spec.given([issued, accepted]).when(accept).then([]);
    spec.given([]).when(accept).then([]);
    spec
      .given([issued])
      .when({ ...accept, organizationId: randomUUID() })
      .then([]);
  });
});
