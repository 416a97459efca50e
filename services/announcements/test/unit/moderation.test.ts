import { randomUUID } from 'node:crypto';
import { MODERATION_MESSAGES } from '@tapinti/contracts/announcements-api';
import { ANNOUNCEMENT_EVENTS, type AnnouncementCreatedV1 } from '@tapinti/contracts/announcements-events';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { ConflictError, ForbiddenError, NotFoundError } from '@tapinti/platform/errors';
import { announcementDecider } from '../../src/domain/announcement';
import { reportWeight, type ReporterStanding } from '../../src/domain/report-weight';
import { riskRulesOf, type RiskInput } from '../../src/domain/risk-rules';

const spec = deciderSpecification(announcementDecider);

const id = randomUUID();
const authorId = randomUUID();
const [first, second, third, fourth] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const now = new Date('2026-01-10T10:00:00.000Z');
const at = now.toISOString();

const createdPayload: AnnouncementCreatedV1 = {
  announcementId: id,
  userId: authorId,
  organizationId: null,
  type: 'lost',
  title: 'Qara pulqabı itirilib',
  description: 'Gənclik metrosunda qara dəri pulqabı itirmişəm',
  category: 'bags',
  location: 'Gənclik metrosu',
  roomNumber: null,
  contactInfo: null,
  imageUrl: null,
  rewardAmount: 20,
  rewardDescription: null,
  isPublic: true,
  createdAt: '2026-01-01T10:00:00.000Z',
};
const created: NewEvent = { type: ANNOUNCEMENT_EVENTS.created, schemaVersion: 1, payload: createdPayload };
const event = (type: string, payload: Record<string, unknown>): NewEvent => ({
  type,
  schemaVersion: 1,
  payload: { announcementId: id, ...payload },
});
/** A trusted reporter's report (weight 1) from an address and a browser of their own. */
const reported = (
  reporterId: string,
  type = 'fraud',
  weight = 1,
  addressKey: string | null = reporterId,
  deviceKey: string | null = reporterId,
) => ({
  ...event(ANNOUNCEMENT_EVENTS.reported, {
    reporterId,
    type,
    hasNote: false,
    reportedAt: at,
    weight,
    addressKey,
    deviceKey,
  }),
  schemaVersion: 3,
});
const edited = event(ANNOUNCEMENT_EVENTS.edited, { ...createdPayload, title: 'Qara pulqabı', editedAt: at });
const held = (rules: string[]) => event(ANNOUNCEMENT_EVENTS.heldForReview, { rules, heldAt: at });
const hidden = event(ANNOUNCEMENT_EVENTS.hidden, { reason: 'Saxta elan', hiddenAt: at });
const approved = event(ANNOUNCEMENT_EVENTS.approved, { approvedAt: at });
const restored = event(ANNOUNCEMENT_EVENTS.restored, { restoredAt: at });
const report = (
  reporterId: string,
  reportType: 'fraud' | 'spam' = 'fraud',
  weight = 1,
  addressKey: string | null = reporterId,
  deviceKey: string | null = reporterId,
) =>
  ({ type: 'report', reporterId, reportType, hasNote: false, weight, addressKey, deviceKey, now }) as const;

describe('moderation on the announcement aggregate', () => {
  it('holds a new announcement that matched risk rules, right after created', () => {
    const input = {
      type: 'lost' as const,
      title: createdPayload.title,
      description: createdPayload.description,
      category: 'bags' as const,
      location: createdPayload.location,
      rewardAmount: 900,
      securityQuestions: undefined,
    };
    const caller = { userId: authorId, role: 'user' as const, organizationId: null };
    spec
      .given([])
      .when({
        type: 'create',
        input,
        context: { announcementId: id, caller, now, knownContacts: null, riskRules: ['high-reward'] },
      })
      .then([
        {
          type: ANNOUNCEMENT_EVENTS.created,
          schemaVersion: 2,
          payload: { ...createdPayload, imageUrls: [], rewardAmount: 900, createdAt: at },
        },
        held(['high-reward']),
      ]);
  });

  it('counts one report per user; three trusted reporters hold it for review', () => {
    spec
      .given([created])
      .when(report(first))
      .then([reported(first)]);
    spec
      .given([created, reported(first)])
      .when(report(first, 'spam'))
      .thenThrows(new ConflictError(MODERATION_MESSAGES.alreadyReported));
    spec
      .given([created, reported(first), reported(second)])
      .when(report(third))
      .then([reported(third), held(['reports'])]);
    // Already waiting: the report lands, nothing more.
    spec
      .given([created, held(['card-number'])])
      .when(report(first))
      .then([reported(first)]);
  });

  it('weighs reports: light ones do not add up to three, one address and one browser count once', () => {
    // Three fresh accounts (issue 21): 0.3 of 3.
    spec
      .given([created, reported(first, 'fraud', 0.1), reported(second, 'fraud', 0.1)])
      .when(report(third, 'fraud', 0.1))
      .then([reported(third, 'fraud', 0.1)]);
    // A second account from the first one's address weighs nothing.
    spec
      .given([created, reported(first, 'fraud', 1, 'addr-1'), reported(second, 'fraud', 1, 'addr-2')])
      .when(report(third, 'fraud', 1, 'addr-1'))
      .then([reported(third, 'fraud', 0, 'addr-1')]);
    spec
      .given([
        created,
        reported(first, 'fraud', 1, 'addr-1'),
        reported(second, 'fraud', 1, 'addr-2'),
        reported(third, 'fraud', 0, 'addr-1'),
      ])
      .when(report(fourth, 'fraud', 1, 'addr-3'))
      .then([reported(fourth, 'fraud', 1, 'addr-3'), held(['reports'])]);
    // A second account signed in on the first one's browser weighs nothing, from any address; a
    // report without a device cookie is counted by its address alone.
    spec
      .given([created, reported(first, 'fraud', 1, 'addr-1', 'device-1')])
      .when(report(second, 'fraud', 1, 'addr-2', 'device-1'))
      .then([reported(second, 'fraud', 0, 'addr-2', 'device-1')]);
    spec
      .given([created, reported(first, 'fraud', 1, 'addr-1', 'device-1')])
      .when(report(second, 'fraud', 1, 'addr-2', null))
      .then([reported(second, 'fraud', 1, 'addr-2', null)]);
    spec
      .given([
        created,
        reported(first, 'fraud', 1, 'addr-1', 'device-1'),
        reported(second, 'fraud', 1, 'addr-2', 'device-2'),
        reported(third, 'fraud', 0, 'addr-3', 'device-1'),
      ])
      .when(report(fourth, 'fraud', 1, 'addr-4', 'device-4'))
      .then([reported(fourth, 'fraud', 1, 'addr-4', 'device-4'), held(['reports'])]);
    // A review starts a new round: the same browser counts again.
    spec
      .given([created, reported(first, 'fraud', 1, 'addr-1', 'device-1'), approved])
      .when(report(second, 'fraud', 1, 'addr-2', 'device-1'))
      .then([reported(second, 'fraud', 1, 'addr-2', 'device-1')]);
    // Reports from before issue 21 (v1) weighed 1 each.
    const v1 = {
      ...event(ANNOUNCEMENT_EVENTS.reported, {
        reporterId: first,
        type: 'fraud',
        hasNote: false,
        reportedAt: at,
      }),
    };
    spec
      .given([created, v1, reported(second)])
      .when(report(third))
      .then([reported(third), held(['reports'])]);
  });

  it('a super admin keeping it stands against later reports, until it is edited', () => {
    for (const review of [[approved], [hidden, restored]])
      spec
        .given([created, ...review, reported(first), reported(second)])
        .when(report(third))
        .then([reported(third)]);
    spec
      .given([created, approved, edited, reported(first), reported(second)])
      .when(report(third))
      .then([reported(third), held(['reports'])]);
  });

  it('refuses a report on one’s own announcement and on a deleted one', () => {
    spec
      .given([created])
      .when(report(authorId))
      .thenThrows(new ForbiddenError(MODERATION_MESSAGES.ownReport));
    spec
      .given([created, event(ANNOUNCEMENT_EVENTS.deleted, { deletedAt: at })])
      .when(report(first))
      .thenThrows(NotFoundError);
  });

  it('a review starts a new round of reports', () => {
    spec
      .given([created, reported(first), approved])
      .when(report(first))
      .then([reported(first)]);
    spec
      .given([created, reported(first), hidden, restored])
      .when(report(first))
      .then([reported(first)]);
  });

  it('approves a held one or dismisses reports; hides anything not hidden; restores a hidden one', () => {
    spec
      .given([created, held(['link-in-title'])])
      .when({ type: 'approve', now })
      .then([approved]);
    spec
      .given([created, reported(first)])
      .when({ type: 'approve', now })
      .then([approved]);
    spec
      .given([created])
      .when({ type: 'approve', now })
      .thenThrows(new ConflictError(MODERATION_MESSAGES.notPending));
    spec.given([created, hidden]).when({ type: 'approve', now }).thenThrows(ConflictError);
    spec.given([created]).when({ type: 'hide', reason: 'Saxta elan', now }).then([hidden]);
    spec
      .given([created, hidden])
      .when({ type: 'hide', reason: 'Saxta elan', now })
      .thenThrows(new ConflictError(MODERATION_MESSAGES.alreadyHidden));
    spec.given([created, hidden]).when({ type: 'restore', now }).then([restored]);
    spec
      .given([created, held(['reports'])])
      .when({ type: 'restore', now })
      .thenThrows(new ConflictError(MODERATION_MESSAGES.notHidden));
  });
});

describe('risk rules', () => {
  const config = { rewardReviewAbove: 500 };
  const base: RiskInput = {
    title: 'Qara pulqabı itirilib',
    description: 'Gənclik metrosunda qara dəri pulqabı itirmişəm, içində sənədlər var',
    rewardAmount: 50,
    rewardDescription: null,
  };
  const rules = (overrides: Partial<RiskInput>) => riskRulesOf({ ...base, ...overrides }, config);

  it('approves an ordinary announcement (a year, a model number, a room are not phones)', () => {
    expect(rules({})).toEqual([]);
    expect(rules({ title: 'iPhone 13 Pro tapılıb, 2025 may' })).toEqual([]);
    expect(rules({ description: 'Otaq 1204, 3-cü mərtəbə, saat 14:30 radələrində itirdim' })).toEqual([]);
  });

  it('finds phone numbers and links in the title only', () => {
    expect(rules({ title: 'Pulqabı 050 123 45 67' })).toEqual(['phone-in-title']);
    expect(rules({ title: 'Pulqabı +994 (55) 123-45-67' })).toEqual(['phone-in-title']);
    expect(rules({ description: `${base.description}, zəng edin: 050 123 45 67` })).toEqual([]);
    expect(rules({ title: 'Pulqabı https://example.org/x' })).toEqual(['link-in-title']);
    expect(rules({ title: 'Pulqabı www.tapdim.az' })).toEqual(['link-in-title']);
    expect(rules({ title: 'Pulqabı tapdim.az saytında' })).toEqual(['link-in-title']);
  });

  it('finds requests for money however they are typed (Azerbaijani folding)', () => {
    expect(rules({ description: 'Əvvəlcə PUL GÖNDƏRİN, sonra pulqabını qaytarım' })).toEqual([
      'money-request',
    ]);
    expect(rules({ description: 'Pulqabini qaytarmaq ucun pul gonder kartima' })).toEqual(['money-request']);
  });

  it('finds card numbers that pass the Luhn check, and rewards above the threshold', () => {
    expect(rules({ description: 'Mükafatı bu karta köçürün: 4111 1111 1111 1111' })).toEqual([
      'money-request',
      'card-number',
    ]);
    expect(rules({ description: 'Sifariş nömrəsi 4111 1111 1111 1112 idi, qutunun üstündə' })).toEqual([]);
    expect(rules({ rewardAmount: 500 })).toEqual([]);
    expect(rules({ rewardAmount: 501 })).toEqual(['high-reward']);
  });
});

describe('report weight', () => {
  const config = { trustedAccountAgeMs: 7 * 24 * 3600 * 1000 };
  const week = config.trustedAccountAgeMs;
  const weight = (standing: Partial<ReporterStanding>) =>
    reportWeight({ verified: false, accountAgeMs: 60_000, upheld: 0, rejected: 0, ...standing }, config);

  it('weighs by verification and account age', () => {
    expect(weight({ verified: true, accountAgeMs: week })).toBe(1);
    expect(weight({ accountAgeMs: week })).toBe(0.3);
    expect(weight({ verified: true })).toBe(0.2);
    expect(weight({})).toBe(0.1);
    // Not known to auth's events yet: a fresh account.
    expect(weight({ verified: true, accountAgeMs: null })).toBe(0.2);
  });

  it('raises it for upheld reports (at most twice) and halves it for each rejected one', () => {
    expect(weight({ verified: true, accountAgeMs: week, upheld: 2 })).toBe(1.5);
    expect(weight({ verified: true, accountAgeMs: week, upheld: 9 })).toBe(2);
    expect(weight({ verified: true, accountAgeMs: week, rejected: 1 })).toBe(0.5);
    expect(weight({ verified: true, accountAgeMs: week, upheld: 4, rejected: 2 })).toBe(0.5);
  });
});
