import { randomUUID } from 'node:crypto';
import {
  createAnnouncementSchema,
  type CreateAnnouncementRequest,
} from '@tapinti/contracts/announcements-api';
import {
  ANNOUNCEMENT_EVENTS,
  announcementCreatedV2Schema,
  announcementArchivedV1Schema,
} from '@tapinti/contracts/announcements-events';
import { ConflictError, ForbiddenError } from '@tapinti/platform/errors';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { announcementDecider, resolveContactInfo, type CreateContext } from '../../src/domain/announcement';

const decideCreate = (input: CreateAnnouncementRequest, context: CreateContext) =>
  announcementDecider.decide({ type: 'create', input, context }, null);

const valid = {
  type: 'lost',
  title: 'Qara pulqabı',
  description: 'Metroda qara dəri pulqabı itirmişəm',
  category: 'bags',
  location: 'Gənclik metrosu',
};

const parse = (body: Record<string, unknown>) => createAnnouncementSchema.safeParse(body);
const messageOf = (body: Record<string, unknown>) => {
  const result = parse(body);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('create announcement rules (spec §5)', () => {
  it('answers each rule with its exact message', () => {
    expect(messageOf({ ...valid, title: 'Açar' })).toBe('Başlıq ən azı 5 simvol olmalıdır');
    expect(messageOf({ ...valid, description: 'Çox qısa təsvir' })).toBe('Təsvir ən azı 20 simvol olmalıdır');
    expect(messageOf({ ...valid, location: 'Ba' })).toBe('Yer ən azı 3 simvol olmalıdır');
    expect(messageOf({ ...valid, rewardAmount: -5 })).toBe('Mükafat məbləği müsbət olmalıdır');
    expect(messageOf({ ...valid, rewardAmount: 'abc' })).toBe('Mükafat məbləği müsbət olmalıdır');
    expect(messageOf({ ...valid, category: 'electronics' })).toBe('Kateqoriyanı seçin');
    expect(messageOf({ ...valid, type: 'found', rewardAmount: 10 })).toBe(
      'Mükafat yalnız itirilmiş əşya elanlarına əlavə edilə bilər',
    );
  });

  it('accepts a lost announcement with a reward and a found one without', () => {
    expect(parse({ ...valid, rewardAmount: 50, rewardDescription: '50 AZN' }).success).toBe(true);
    expect(parse({ ...valid, type: 'found', rewardAmount: 0 }).success).toBe(true);
  });
});

describe('creating an announcement', () => {
  const caller = { userId: randomUUID(), role: 'user' as const, organizationId: null };
  const now = new Date('2025-08-25T10:00:00.000Z');

  it('makes one created event, valid against its published schema', () => {
    const input = createAnnouncementSchema.parse({ ...valid, rewardAmount: '25' });
    const [event] = decideCreate(input, { announcementId: randomUUID(), caller, now, knownContacts: null });
    expect(event!.type).toBe(ANNOUNCEMENT_EVENTS.created);
    expect(event!.schemaVersion).toBe(2);
    const payload = announcementCreatedV2Schema.parse(event!.payload);
    expect(payload).toMatchObject({
      userId: caller.userId,
      rewardAmount: 25,
      isPublic: true,
      contactInfo: null,
      imageUrl: null,
      imageUrls: [],
      createdAt: now.toISOString(),
    });
  });

  it('keeps every photo in order, the first as the cover; refuses a sixth and a repeated one', () => {
    const photos = [1, 2, 3].map((n) => `/objects/${n}1111111-1111-4111-8111-111111111111`);
    const input = createAnnouncementSchema.parse({ ...valid, imageUrl: photos[2], imageUrls: photos });
    const [event] = decideCreate(input, { announcementId: randomUUID(), caller, now, knownContacts: null });
    expect(event!.payload).toMatchObject({ imageUrl: photos[0], imageUrls: photos });
    // A client that knows only the cover still posts one photo.
    const legacy = createAnnouncementSchema.parse({ ...valid, imageUrl: photos[1] });
    const [one] = decideCreate(legacy, { announcementId: randomUUID(), caller, now, knownContacts: null });
    expect(one!.payload).toMatchObject({ imageUrl: photos[1], imageUrls: [photos[1]] });

    const six = [...photos, ...[4, 5, 6].map((n) => `/objects/${n}1111111-1111-4111-8111-111111111111`)];
    expect(messageOf({ ...valid, imageUrls: six })).toBe('Ən çox 5 şəkil əlavə etmək olar');
    expect(messageOf({ ...valid, imageUrls: [photos[0], photos[0]] })).toBe(
      'Eyni şəkil bir dəfədən çox əlavə edilə bilməz',
    );
    expect(messageOf({ ...valid, imageUrls: ['https://evil.example/x.png'] })).toBe('Şəkil ünvanı yanlışdır');
  });

  it('defaults contact info to the phone, else the e-mail, and keeps what the form gave', () => {
    expect(resolveContactInfo(undefined, { phone: '+994501234567', email: 'a@b.az' })).toBe('+994501234567');
    expect(resolveContactInfo(undefined, { phone: null, email: 'a@b.az' })).toBe('a@b.az');
    expect(resolveContactInfo('WhatsApp +994', { phone: '+994501234567', email: 'a@b.az' })).toBe(
      'WhatsApp +994',
    );
    expect(resolveContactInfo(undefined, null)).toBeNull();
  });

  it("refuses posting for an organisation that is not the caller's", () => {
    const input = createAnnouncementSchema.parse({ ...valid, organizationId: randomUUID() });
    expect(() =>
      decideCreate(input, { announcementId: randomUUID(), caller, now, knownContacts: null }),
    ).toThrow(ForbiddenError);
    const orgId = randomUUID();
    const own = createAnnouncementSchema.parse({ ...valid, organizationId: orgId });
    const [event] = decideCreate(own, {
      announcementId: randomUUID(),
      caller: { ...caller, role: 'org_admin', organizationId: orgId },
      now,
      knownContacts: null,
    });
    expect((event!.payload as { organizationId: string }).organizationId).toBe(orgId);
  });
});

describe('organisation admins post for their organisation', () => {
  const orgId = randomUUID();
  const admin: CreateContext['caller'] = { userId: randomUUID(), role: 'org_admin', organizationId: orgId };
  const now = new Date('2025-08-25T10:00:00.000Z');
  const created = (body: Record<string, unknown>, caller = admin) => {
    const [event] = decideCreate(createAnnouncementSchema.parse({ ...valid, ...body }), {
      announcementId: randomUUID(),
      caller,
      now,
      knownContacts: null,
    });
    return announcementCreatedV2Schema.parse(event!.payload);
  };

  it("files the announcement under the session's organisation, with a room number, public or not", () => {
    expect(created({ type: 'found', roomNumber: '214', isPublic: false })).toMatchObject({
      organizationId: orgId,
      userId: admin.userId,
      roomNumber: '214',
      isPublic: false,
    });
    expect(created({ organizationId: orgId })).toMatchObject({ organizationId: orgId, isPublic: true });
  });

  it("refuses another organisation's id in the body (403), whatever the role but super admin", () => {
    const foreign = randomUUID();
    expect(() => created({ organizationId: foreign })).toThrow(ForbiddenError);
    expect(() => created({ organizationId: foreign })).toThrow(
      'Bu təşkilat adından elan yerləşdirə bilməzsiniz',
    );
    expect(
      created({ organizationId: foreign }, { ...admin, role: 'super_admin', organizationId: null }),
    ).toMatchObject({ organizationId: foreign });
  });

  it('leaves a user without an organisation, and an org_admin without one posts without', () => {
    expect(created({}, { ...admin, role: 'user', organizationId: null }).organizationId).toBeNull();
    expect(created({}, { ...admin, organizationId: null }).organizationId).toBeNull();
  });
});

describe('archiving (given events, when archive, then events)', () => {
  const spec = deciderSpecification(announcementDecider);
  const id = randomUUID();
  const created = new Date('2025-08-01T00:00:00.000Z');
  const period = 30 * 24 * 3600 * 1000;
  const createdEvent = {
    type: ANNOUNCEMENT_EVENTS.created,
    schemaVersion: 1,
    payload: { announcementId: id, userId: randomUUID(), createdAt: created.toISOString() },
  };
  const archive = (now: Date) => ({ type: 'archive' as const, now, archiveAfterMs: period });

  it('is not due before the period is over', () => {
    spec
      .given([createdEvent])
      .when(archive(new Date(created.getTime() + period - 1)))
      .then([]);
  });

  it('archives once the period is over', () => {
    const now = new Date(created.getTime() + period);
    spec
      .given([createdEvent])
      .when(archive(now))
      .then([
        {
          type: ANNOUNCEMENT_EVENTS.archived,
          schemaVersion: 1,
          payload: announcementArchivedV1Schema.parse({
            announcementId: id,
            reason: 'expired',
            archivedAt: now.toISOString(),
          }),
        },
      ]);
  });

  it('does nothing for an archived or unknown announcement', () => {
    const archived = {
      type: ANNOUNCEMENT_EVENTS.archived,
      schemaVersion: 1,
      payload: { announcementId: id },
    };
    spec.given([createdEvent, archived]).when(archive(new Date())).then([]);
    spec.given([]).when(archive(new Date())).then([]);
  });

  it('refuses to create an announcement twice', () => {
    const input = createAnnouncementSchema.parse(valid);
    const context = {
      announcementId: id,
      caller: { userId: randomUUID(), role: 'user' as const, organizationId: null },
      now: created,
      knownContacts: null,
    };
    spec.given([createdEvent]).when({ type: 'create', input, context }).thenThrows(ConflictError);
  });
});
