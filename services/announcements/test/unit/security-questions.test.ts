import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  SECURITY_QUESTION_MESSAGES,
  createAnnouncementRequestSchema,
  type CreateAnnouncementRequest,
} from '@tapinti/contracts/announcements-api';
import {
  ANNOUNCEMENT_EVENTS,
  announcementResolvedV1Schema,
  announcementSecurityQuestionsSetV1Schema,
  announcementStreamId,
} from '@tapinti/contracts/announcements-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { REQUEST_EVENTS, type RequestStatusChangedV1 } from '@tapinti/contracts/requests-events';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createEventSourcing, type EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createLogger } from '@tapinti/platform/logger';
import { createMemoryJobQueue } from '@tapinti/ports/memory-job-queue';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import { createAnnouncements } from '../../src/application/announcements';
import { requestStatusChanged } from '../../src/consumers/request-outcomes';
import { announcementDecider, type CreateContext } from '../../src/domain/announcement';
import { projectAnnouncementEvent } from '../../src/store/projection';
import { findDetails, listPublic } from '../../src/store/queries';
import { announcementsModule } from '../../src/module';

const spec = deciderSpecification(announcementDecider);
const now = new Date('2025-08-25T10:00:00.000Z');
const author: CreateContext['caller'] = { userId: randomUUID(), role: 'user', organizationId: null };
const QUESTIONS = [
  { question: 'Arxa örtüyü hansı rəngdədir?', expectedAnswer: 'Bənövşəyi' },
  { question: 'Kilid ekranında nə var?' },
];

const found = {
  type: 'found',
  title: 'Qara telefon tapılıb',
  description: 'Nizami küçəsində qara telefon tapmışam, sahibini axtarıram',
  category: 'phones',
  location: 'Nizami küçəsi',
};

const parse = (body: Record<string, unknown>) => createAnnouncementRequestSchema.safeParse(body);
const messageOf = (body: Record<string, unknown>) => {
  const result = parse(body);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('security questions in the create contract', () => {
  it('takes up to 3 questions with optional expected answers on a found item', () => {
    expect(parse({ ...found, securityQuestions: QUESTIONS }).data?.securityQuestions).toEqual(QUESTIONS);
    expect(parse({ ...found, securityQuestions: [] }).data?.securityQuestions).toBeUndefined();
    expect(parse({ ...found, securityQuestions: null }).success).toBe(true);
    expect(messageOf({ ...found, securityQuestions: [...QUESTIONS, ...QUESTIONS] })).toBe(
      SECURITY_QUESTION_MESSAGES.tooMany,
    );
    expect(messageOf({ ...found, securityQuestions: [{ question: 'Rəng' }] })).toBe(
      SECURITY_QUESTION_MESSAGES.question,
    );
    expect(
      messageOf({
        ...found,
        securityQuestions: [{ question: 'Hansı rəngdədir?', expectedAnswer: 'x'.repeat(301) }],
      }),
    ).toBe(SECURITY_QUESTION_MESSAGES.answerTooLong);
  });

  it('refuses questions on a lost item', () => {
    expect(messageOf({ ...found, type: 'lost', securityQuestions: QUESTIONS })).toBe(
      SECURITY_QUESTION_MESSAGES.onlyFound,
    );
  });
});

describe('security questions and resolving (given events, when command, then events)', () => {
  const id = randomUUID();
  const organizationId = randomUUID();
  const created = (fields: Record<string, unknown> = {}) => ({
    type: ANNOUNCEMENT_EVENTS.created,
    schemaVersion: 1,
    payload: {
      announcementId: id,
      userId: author.userId,
      organizationId: null,
      type: 'found',
      createdAt: now.toISOString(),
      ...fields,
    },
  });
  const questionsSet = (questions: string[]) => ({
    type: ANNOUNCEMENT_EVENTS.securityQuestionsSet,
    schemaVersion: 1,
    payload: announcementSecurityQuestionsSetV1Schema.parse({
      announcementId: id,
      questions,
      setAt: now.toISOString(),
    }),
  });
  const resolved = (requestId: string) => ({
    type: ANNOUNCEMENT_EVENTS.resolved,
    schemaVersion: 1,
    payload: announcementResolvedV1Schema.parse({
      announcementId: id,
      requestId,
      resolvedAt: now.toISOString(),
    }),
  });
  const set = (caller: CreateContext['caller'], questions = QUESTIONS) => ({
    type: 'set-security-questions' as const,
    questions,
    caller,
    now,
  });

  it('creating a found item with questions also sets them, with the texts only', () => {
    const input = createAnnouncementRequestSchema.parse({ ...found, securityQuestions: QUESTIONS });
    const events = announcementDecider.decide(
      { type: 'create', input, context: { announcementId: id, caller: author, now, knownContacts: null } },
      null,
    );
    expect(events.map((e) => e.type)).toEqual([
      ANNOUNCEMENT_EVENTS.created,
      ANNOUNCEMENT_EVENTS.securityQuestionsSet,
    ]);
    expect(events[1]).toEqual(questionsSet(QUESTIONS.map((q) => q.question)));
    expect(JSON.stringify(events)).not.toContain('Bənövşəyi');
    const lost = { ...input, type: 'lost' } as CreateAnnouncementRequest;
    expect(() =>
      announcementDecider.decide(
        {
          type: 'create',
          input: lost,
          context: { announcementId: id, caller: author, now, knownContacts: null },
        },
        null,
      ),
    ).toThrow(ValidationError);
  });

  it("lets the author, the organisation's admins and super admins set them; others 403", () => {
    spec
      .given([created()])
      .when(set(author))
      .then([questionsSet(QUESTIONS.map((q) => q.question))]);
    spec
      .given([created()])
      .when(set(author, []))
      .then([questionsSet([])]);
    const admin = { userId: randomUUID(), role: 'org_admin' as const, organizationId };
    spec
      .given([created({ organizationId })])
      .when(set(admin))
      .then([questionsSet(QUESTIONS.map((q) => q.question))]);
    const superAdmin = { userId: randomUUID(), role: 'super_admin' as const, organizationId: null };
    spec
      .given([created()])
      .when(set(superAdmin))
      .then([questionsSet(QUESTIONS.map((q) => q.question))]);
    for (const other of [
      { userId: randomUUID(), role: 'user' as const, organizationId: null },
      { userId: randomUUID(), role: 'org_admin' as const, organizationId: randomUUID() },
      admin,
    ]) {
      spec
        .given([created()])
        .when(set(other))
        .thenThrows(new ForbiddenError(SECURITY_QUESTION_MESSAGES.notManager));
    }
  });

  it('refuses a lost item, a closed one (409) and an unknown one (404)', () => {
    spec
      .given([created({ type: 'lost' })])
      .when(set(author))
      .thenThrows(new ConflictError(SECURITY_QUESTION_MESSAGES.onlyFound));
    spec
      .given([created(), resolved(randomUUID())])
      .when(set(author))
      .thenThrows(new ConflictError(SECURITY_QUESTION_MESSAGES.closed));
    spec.given([]).when(set(author)).thenThrows(NotFoundError);
  });

  it('resolves once, an archived item too, and is never archived afterwards', () => {
    const requestId = randomUUID();
    spec
      .given([created()])
      .when({ type: 'resolve', requestId, resolvedAt: now })
      .then([resolved(requestId)]);
    const archived = {
      type: ANNOUNCEMENT_EVENTS.archived,
      schemaVersion: 1,
      payload: { announcementId: id },
    };
    spec
      .given([created(), archived])
      .when({ type: 'resolve', requestId, resolvedAt: now })
      .then([resolved(requestId)]);
    spec
      .given([created(), resolved(requestId)])
      .when({ type: 'resolve', requestId: randomUUID(), resolvedAt: now })
      .then([]);
    spec.given([]).when({ type: 'resolve', requestId, resolvedAt: now }).then([]);
    spec
      .given([created(), resolved(requestId)])
      .when({ type: 'archive', now: new Date(now.getTime() + 1e12), archiveAfterMs: 1 })
      .then([]);
  });
});

describe('security questions and resolving on PGlite', () => {
  let knex: Knex;
  let es: EventSourcing;
  let announcements: ReturnType<typeof createAnnouncements>;
  const caller = (c: CreateContext['caller']): Caller => ({ ...c, sessionId: randomUUID(), username: 'u' });

  beforeAll(async () => {
    knex = await createKnex({ driver: 'pglite', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'ann-q-')) });
    await migrateSchema(knex, 'announcements', [
      ...eventStoreMigrations('announcements'),
      ...announcementsModule.migrations,
    ]);
    es = createEventSourcing(knex, {
      schema: 'announcements',
      source: 'announcements',
      project: projectAnnouncementEvent,
      readModelTables: ['announcements'],
    });
    const logger = createLogger('test', 'silent');
    announcements = createAnnouncements({
      es,
      knex,
      clock: () => now,
      logger,
      jobs: createMemoryJobQueue(logger),
      config: { MODERATION_REWARD_REVIEW_ABOVE: 500 },
    });
  }, 60_000);
  afterAll(() => knex.destroy());

  it('shows expected answers only to those who manage the announcement, and keeps them out of events', async () => {
    const input = createAnnouncementRequestSchema.parse({ ...found, securityQuestions: QUESTIONS });
    const posted = await announcements.create(caller(author), input, systemMetadata());
    expect(posted.securityQuestions).toEqual([
      { question: QUESTIONS[0]!.question, expectedAnswer: 'Bənövşəyi' },
      { question: QUESTIONS[1]!.question, expectedAnswer: null },
    ]);
    const stranger = caller({ userId: randomUUID(), role: 'user', organizationId: null });
    expect((await announcements.details(stranger, posted.id)).securityQuestions).toEqual(
      QUESTIONS.map(({ question }) => ({ question })),
    );
    const events = await knex('announcements.events').select('payload');
    expect(JSON.stringify(events)).not.toContain('Bənövşəyi');
    expect(JSON.stringify(await listPublic(knex, { words: [], limit: 10 }))).not.toMatch(
      /Bənövşəyi|Arxa örtüyü/,
    );

    // Replaced later by the author: new expected answers, the old ones gone.
    const replaced = await announcements.setSecurityQuestions(
      caller(author),
      posted.id,
      [{ question: 'Qabında nə yazılıb?', expectedAnswer: 'Salam' }],
      systemMetadata(),
    );
    expect(replaced.securityQuestions).toEqual([
      { question: 'Qabında nə yazılıb?', expectedAnswer: 'Salam' },
    ]);
    await expect(
      announcements.setSecurityQuestions(stranger, posted.id, [], systemMetadata()),
    ).rejects.toThrow(SECURITY_QUESTION_MESSAGES.notManager);
  });

  it("resolves the announcement when a claim on it is resolved_claimed (once), in the consumer's transaction", async () => {
    const input = createAnnouncementRequestSchema.parse(found);
    const posted = await announcements.create(caller(author), input, systemMetadata());
    const handle = requestStatusChanged({ es, clock: () => now });
    const change = (to: RequestStatusChangedV1['to']): RequestStatusChangedV1 => ({
      requestId: randomUUID(),
      announcementId: posted.id,
      from: 'pending',
      to,
      handledBy: author.userId,
      handledAt: now.toISOString(),
      reason: 'handler',
    });
    const envelope = {
      metadata: systemMetadata('claim'),
      type: REQUEST_EVENTS.statusChanged,
    } as EventEnvelope;
    await knex.transaction((trx) => handle(trx, change('contacted'), envelope));
    expect((await findDetails(knex, posted.id))?.status).toBe('open');
    await knex.transaction((trx) => handle(trx, change('resolved_claimed'), envelope));
    await knex.transaction((trx) => handle(trx, change('resolved_claimed'), envelope));
    expect(await findDetails(knex, posted.id)).toMatchObject({ status: 'resolved', isActive: false });
    const stream = await es.store.readStream(announcementStreamId(posted.id));
    expect(stream.map((e) => e.type)).toEqual([ANNOUNCEMENT_EVENTS.created, ANNOUNCEMENT_EVENTS.resolved]);
    expect((await listPublic(knex, { words: [], limit: 500 })).map((a) => a.id)).not.toContain(posted.id);

    // A rebuild gives the same read model (questions and resolved state come from events).
    const before = await knex('announcements.announcements').orderBy('id');
    await es.rebuildReadModels();
    expect(await knex('announcements.announcements').orderBy('id')).toEqual(before);
  });
});
