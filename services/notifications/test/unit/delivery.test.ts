import { randomUUID } from 'node:crypto';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import type { Knex } from '@tapinti/platform/db';
import { verifyInvitationToken } from '@tapinti/platform/invitation-token';
import { createLogger } from '@tapinti/platform/logger';
import { PermanentJobError, type JobQueue, type JobRun } from '@tapinti/ports/job-queue';
import type { MailMessage, Mailer } from '@tapinti/ports/mailer';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { notify } from '../../src/application/notify';
import { TRIGGERS } from '../../src/application/triggers';
import { isPermanentRefusal } from '../../src/domain/delivery';
import { renderEmail } from '../../src/domain/email';
import { organizationInvitation, welcome } from '../../src/domain/templates';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../../src/domain/unsubscribe-token';
import { createDispatcher } from '../../src/jobs/dispatcher';
import { registerSender, SEND_JOB } from '../../src/jobs/send-notification';
import { projectDirectory } from '../../src/store/directory';
import { pgliteWithSchema } from './support';

const SECRET = 'x'.repeat(40);

describe('e-mail rendering and unsubscribe tokens', () => {
  test('text and HTML carry the brand, the link, the support address and the unsubscribe link; HTML is escaped', () => {
    const mail = renderEmail({
      title: 'Elanınız <arxivləşdirildi>',
      message: 'Birinci sətir & ikinci\n\nYeni abzas',
      url: 'https://tapinti.az/create?type=lost',
      unsubscribe: {
        pageUrl: 'https://tapinti.az/abunelikden-cix?token=abc',
        oneClickUrl: 'https://tapinti.az/api/notifications/unsubscribe?token=abc',
      },
      typeLabel: 'Elanın arxivləşdirilməsi',
    });
    expect(mail.subject).toBe('Elanınız <arxivləşdirildi>');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Tapıntı');
      expect(part).toContain('destek@tapinti.az');
      expect(part).toContain('https://tapinti.az/create?type=lost');
      // The text links to the web page (in the reader's language); the header to the one-click API.
      expect(part).toContain('https://tapinti.az/abunelikden-cix?token=abc');
    }
    expect(mail.html).toContain('Elanınız &lt;arxivləşdirildi&gt;');
    expect(mail.html).toContain('Birinci sətir &amp; ikinci');
    expect(mail.html).not.toContain('<arxivləşdirildi>');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://tapinti.az/api/notifications/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  test('a security e-mail (always sent) offers no unsubscribe: no link, no List-Unsubscribe headers', () => {
    const mail = renderEmail({
      title: 'E-poçt ünvanınızı təsdiqləyin',
      message: 'Ünvanınızı təsdiqləmək üçün linki açın.',
      url: 'https://tapinti.az/verify-email?token=t',
      unsubscribe: null,
      typeLabel: 'E-poçt ünvanının təsdiqi (həmişə göndərilir)',
    });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('hesabınızın təhlükəsizliyi üçün göndərilib');
      expect(part).not.toContain('unsubscribe');
      expect(part).not.toContain('çıx');
    }
    expect(mail.headers).toEqual({});
  });

  test('an unsubscribe token names one recipient and one type; a changed or foreign one is refused', () => {
    const token = signUnsubscribeToken(SECRET, { recipient: 'email:ali@example.az', type: 'welcome' });
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual({
      recipient: 'email:ali@example.az',
      type: 'welcome',
    });
    expect(verifyUnsubscribeToken('y'.repeat(40), token)).toBeNull();
    const [recipient, , mac] = token.split('.');
    expect(verifyUnsubscribeToken(SECRET, `${recipient}.request-filed.${mac}`)).toBeNull();
    expect(
      verifyUnsubscribeToken(SECRET, `${Buffer.from('email:x@y.az').toString('base64url')}.welcome.${mac}`),
    ).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, 'garbage')).toBeNull();
  });

  test('5xx replies are permanent (but a refused login is not); connection errors and 4xx are transient', () => {
    expect(isPermanentRefusal({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' })).toBe(true);
    expect(isPermanentRefusal({ code: 'EMESSAGE', responseCode: 554 })).toBe(true);
    expect(isPermanentRefusal({ code: 'EAUTH', responseCode: 535 })).toBe(false);
    expect(isPermanentRefusal({ code: 'EENVELOPE', responseCode: 451 })).toBe(false);
    expect(isPermanentRefusal({ code: 'ESOCKET' })).toBe(false);
    expect(isPermanentRefusal(new Error('connect ECONNREFUSED'))).toBe(false);
  });
});

describe('send-notification job on PGlite', () => {
  let knex: Knex;
  const sent: MailMessage[] = [];
  let failWith: unknown = null;
  const mailer: Mailer = {
    async send(message) {
      if (failWith) throw failWith;
      sent.push(message);
      return { messageId: message.messageId ?? '<x@y>' };
    },
    async ping() {},
    async close() {},
  };
  const handlers = new Map<string, (data: any, run: JobRun) => Promise<void>>();
  const enqueued: Array<{ name: string; jobId?: string }> = [];
  const jobs = {
    register: (name: string, handler: any) => handlers.set(name, handler),
    enqueue: async (name: string, _data: unknown, options?: { jobId?: string }) => {
      enqueued.push({ name, jobId: options?.jobId });
    },
  } as unknown as JobQueue;
  let context: ServiceContext;
  const now = new Date('2025-08-10T08:00:00.000Z');

  beforeAll(async () => {
    knex = await pgliteWithSchema();
    context = {
      knex,
      jobs,
      mailer,
      logger: createLogger('test', 'silent'),
      clock: () => now,
      config: {
        JWT_SECRET: SECRET,
        MAIL_FROM: 'Tapıntı <no-reply@tapinti.az>',
        PUBLIC_URL: 'https://tapinti.az',
        BUS: 'memory',
      },
    } as unknown as ServiceContext;
    registerSender(context);
  });
  afterAll(async () => {
    await knex.destroy();
  });

  async function welcomeFor(username: string): Promise<{ userId: string; id: string }> {
    const userId = randomUUID();
    await projectDirectory(knex, 'auth.user.registered', {
      userId,
      username,
      email: `${username}@example.az`,
      phone: null,
      role: 'user',
      organizationId: null,
      isActive: true,
      isVerified: false,
      via: 'registration',
    });
    await knex.transaction((trx) => notify(trx, welcome({ userId, username }), [{ userId }], now));
    const row = await knex('notifications.notifications')
      .where({ user_id: userId, channel: 'email' })
      .first();
    return { userId, id: row.id };
  }
  const row = (id: string) => knex('notifications.notifications').where({ id }).first();
  const run = (id: string, attempt: number) => handlers.get(SEND_JOB)!({ id }, { attempt, attempts: 5 });

  test('the dispatcher hands each committed pending row over once, with the row id as job id', async () => {
    const { id } = await welcomeFor('dispatched');
    const dispatcher = createDispatcher(context, {});
    await dispatcher.dispatch();
    await dispatcher.dispatch();
    expect(enqueued.filter((j) => j.jobId === id)).toEqual([{ name: SEND_JOB, jobId: id }]);
    // The start-up sweep hands every pending row over again (a memory queue lost its jobs).
    await dispatcher.sweep();
    expect(enqueued.filter((j) => j.jobId === id)).toHaveLength(2);
    await dispatcher.stop();
  });

  test('success: sent with sentAt, to the user’s address, with a stable Message-ID and List-Unsubscribe', async () => {
    const { id, userId } = await welcomeFor('sender');
    await run(id, 1);
    expect(await row(id)).toMatchObject({ status: 'sent', retry_count: 0, recipient: 'sender@example.az' });
    expect((await row(id)).sent_at).not.toBeNull();
    const message = sent.at(-1)!;
    expect(message).toMatchObject({
      to: 'sender@example.az',
      subject: 'Tapıntıya xoş gəlmisiniz!',
      messageId: `<${id}.notification@tapinti.az>`,
    });
    expect(message.text).toContain('Keçid: https://tapinti.az/');
    const unsubscribe = /<(https:\/\/tapinti\.az\/api\/notifications\/unsubscribe\?token=[^>]+)>/.exec(
      message.headers!['List-Unsubscribe']!,
    )![1]!;
    const token = decodeURIComponent(new URL(unsubscribe).searchParams.get('token')!);
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual({ recipient: `user:${userId}`, type: 'welcome' });
    // Run again (a duplicate job): nothing is sent twice.
    const count = sent.length;
    await run(id, 1);
    expect(sent).toHaveLength(count);
  });

  test('a transient failure counts an attempt and is retried; the last attempt ends failed', async () => {
    const { id } = await welcomeFor('flaky');
    failWith = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1025'), { code: 'ESOCKET' });
    await expect(run(id, 1)).rejects.toThrow('ECONNREFUSED');
    expect(await row(id)).toMatchObject({ status: 'pending', retry_count: 1 });
    await expect(run(id, 2)).rejects.toThrow('ECONNREFUSED');
    await expect(run(id, 5)).rejects.toThrow('ECONNREFUSED');
    expect(await row(id)).toMatchObject({ status: 'failed', retry_count: 3 });
    expect((await row(id)).error).toContain('ECONNREFUSED');
    failWith = null;
  });

  test('a permanent refusal (550) fails at once, without further attempts', async () => {
    const { id } = await welcomeFor('poison');
    failWith = Object.assign(new Error("Can't send mail - all recipients were rejected"), {
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
      response: '550 5.1.0 Requested action not taken: mailbox unavailable',
    });
    await expect(run(id, 1)).rejects.toBeInstanceOf(PermanentJobError);
    expect(await row(id)).toMatchObject({ status: 'failed', retry_count: 1 });
    expect((await row(id)).error).toBe('550 5.1.0 Requested action not taken: mailbox unavailable (RCPT TO)');
    failWith = null;
  });

  /** What the consumer of `organizations.invitation.issued` writes: the invitation's e-mail row. */
  async function invitationFor(
    email: string,
    expiresAt: Date,
  ): Promise<{ invitationId: string; id: string }> {
    const invitationId = randomUUID();
    const payload = {
      invitationId,
      organizationId: randomUUID(),
      organizationName: 'Hilton Baku',
      email,
      expiresAt: expiresAt.toISOString(),
      issuedBy: null,
    };
    const context = {
      now: () => now,
      archiveAfterMs: 0,
      complaintMailRules: [{ limit: 100, windowSeconds: 3600 }],
    };
    const envelope = { metadata: systemMetadata() };
    await knex.transaction((trx) =>
      TRIGGERS['organizations.invitation.issued']!(trx, payload, context, envelope),
    );
    // A second delivery of the event writes nothing twice.
    await knex.transaction((trx) =>
      TRIGGERS['organizations.invitation.issued']!(trx, payload, context, envelope),
    );
    const rows = await knex('notifications.notifications').where({ subject_id: invitationId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'email', type: 'organization-invitation', recipient: email });
    return { invitationId, id: rows[0].id };
  }

  test('an invitation is mailed with its own wording and a link signed at send time, stored nowhere', async () => {
    const expiresAt = new Date(now.getTime() + 7 * 24 * 3600_000);
    const { invitationId, id } = await invitationFor('invited@hilton.az', expiresAt);
    await run(id, 1);
    expect(await row(id)).toMatchObject({ status: 'sent' });
    const mail = sent.at(-1)!;
    expect(mail).toMatchObject({
      to: 'invited@hilton.az',
      subject: 'Tapıntı: «Hilton Baku» təşkilatının admini olmağa dəvət',
      messageId: `<${id}.notification@tapinti.az>`,
    });
    expect(mail.text).toContain(
      'Sizi Tapıntı platformasında «Hilton Baku» təşkilatının admini olmağa dəvət edirik.',
    );
    expect(mail.headers ?? {}).toEqual({});
    const link = /https:\/\/tapinti\.az\/accept-invitation\?token=(\S+)/.exec(mail.text)![1]!;
    expect(verifyInvitationToken(SECRET, decodeURIComponent(link))).toEqual({ invitationId, expiresAt });
    expect(mail.html).toContain(`token=${link}`);
    // Neither the token nor its signature is in any row of the schema.
    const signature = decodeURIComponent(link).split('.').pop()!;
    const { rows } = await knex.raw(
      `select table_name from information_schema.tables where table_schema = 'notifications'`,
    );
    for (const { table_name } of rows as Array<{ table_name: string }>)
      expect(JSON.stringify(await knex(`notifications.${table_name}`).select('*'))).not.toContain(signature);
    expect(
      organizationInvitation({ invitationId, organizationName: 'X', expiresAt: '' }).data,
    ).not.toHaveProperty('token');
  });

  test('an invitation that expired before its e-mail went out is not sent', async () => {
    const { id } = await invitationFor('late@hilton.az', new Date(now.getTime() - 1000));
    const count = sent.length;
    await run(id, 1);
    expect(sent).toHaveLength(count);
    expect(await row(id)).toMatchObject({ status: 'failed' });
  });

  test('a refused login (535) is retried with backoff and logged as an error, for every e-mail', async () => {
    const { id } = await invitationFor('auth@hilton.az', new Date(now.getTime() + 3600_000));
    const errors: unknown[] = [];
    const logger = context.logger;
    context.logger = Object.assign(Object.create(logger), {
      error: (fields: unknown) => errors.push(fields),
    });
    try {
      failWith = Object.assign(new Error('Invalid login: 535 Authentication failed'), {
        code: 'EAUTH',
        responseCode: 535,
        command: 'AUTH PLAIN',
      });
      const thrown = await run(id, 1).catch((err: unknown) => err);
      expect(thrown).not.toBeInstanceOf(PermanentJobError);
      expect(await row(id)).toMatchObject({ status: 'pending', retry_count: 1 });
      expect(errors).toHaveLength(1);
      failWith = null;
      await run(id, 2);
      expect(await row(id)).toMatchObject({ status: 'sent' });
    } finally {
      failWith = null;
      context.logger = logger;
    }
  });
});
