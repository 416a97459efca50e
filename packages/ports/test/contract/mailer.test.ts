import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { INFRA, mailInbox, REFUSED_RECIPIENT_PREFIX, type MailInbox } from '../../../../test/support/infra';
import { parseEml } from '../../../../test/support/mailbox';
import { createFileMailer } from '../../src/file-mailer';
import type { Mailer } from '../../src/mailer';
import { createSmtpMailer, type SmtpMailerOptions } from '../../src/smtp-mailer';
import { eventually } from './support';

const FROM = 'Tapıntı <no-reply@tapinti.az>';
const smtpHost = INFRA.smtpHost;
const smtpPort = Number(INFRA.smtpPort);
const runId = `${Date.now()}-${randomBytes(3).toString('hex')}`;

interface Received {
  subject: string;
  from: string;
  to: string;
  text: string | null;
  html: string | null;
  /** A header field's (unfolded, undecoded) value, by case-insensitive name. */
  header(name: string): string | undefined;
}

interface Subject {
  mailer: Mailer;
  /** The one message delivered to `to`, as a recipient would read it. */
  received(to: string, messageId: string): Promise<Received>;
  cleanup(): Promise<void>;
}

async function fileSubject(): Promise<Subject> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tapinti-mail-'));
  const mailer = createFileMailer({ dir, from: FROM });
  return {
    mailer,
    async received(to, messageId) {
      const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
      const sanitisedId = messageId.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '');
      const file = files.find((f) => f.includes(sanitisedId));
      if (!file) throw new Error(`no .eml for ${messageId} among ${files.join(', ')}`);
      expect(file).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-.+\.eml$/);
      const mail = await parseEml(await readFile(path.join(dir, file)));
      expect(mail.messageId).toBe(messageId.replace(/^<|>$/g, ''));
      expect(mail.to).toContain(to.toLowerCase());
      return {
        subject: mail.subject,
        from: mail.from,
        to: mail.to.join(', '),
        text: mail.text || null,
        html: mail.html || null,
        header: (name) => mail.headers[name.toLowerCase()],
      };
    },
    async cleanup() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Reads what the SMTP server stored through the sink's HTTP API (Mailpit). */
async function smtpSubject(
  mailerOptions: Partial<SmtpMailerOptions> = {},
  inbox: MailInbox = mailInbox(),
): Promise<Subject> {
  const mailer = createSmtpMailer({ host: smtpHost, port: smtpPort, from: FROM, ...mailerOptions });
  const ids: string[] = [];
  return {
    mailer,
    async received(to, messageId) {
      const [summary] = await eventually(async () => {
        const messages = await inbox.messagesTo(to);
        expect(messages).toHaveLength(1);
        return messages;
      });
      ids.push(summary!.id);
      const message = await inbox.message(summary!.id);
      expect(`<${message.messageId}>`).toBe(messageId);
      expect(message.headers['Message-Id']).toEqual([messageId]);
      return {
        subject: message.subject,
        from: `${message.from.name} <${message.from.address}>`,
        to: message.to.map((a) => a.address).join(', '),
        text: message.text,
        html: message.html,
        header: (name) =>
          Object.entries(message.headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1]?.[0],
      };
    },
    async cleanup() {
      // Only this run's messages: the sink is shared with everyone else's tests.
      await inbox.delete(ids);
    },
  };
}

const adapters: Array<[string, () => Promise<Subject>]> = [
  ['file', fileSubject],
  ['smtp', smtpSubject],
];

describe.each(adapters)('%s mailer', (adapter, make) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await make();
  });
  afterAll(async () => {
    await subject.mailer.close();
    await subject.cleanup();
  });

  test('ping answers', async () => {
    await expect(subject.mailer.ping()).resolves.toBeUndefined();
  });

  test('a message arrives with its Azerbaijani subject, text and html intact', async () => {
    const to = `contract-${adapter}-${runId}@example.az`;
    const { messageId } = await subject.mailer.send({
      to,
      subject: 'Müraciətiniz qəbul edildi',
      text: 'Salam! Müraciətiniz qəbul edildi. Şəkil: çanta, göy rəngli.',
      html: '<p>Salam! <b>Müraciətiniz</b> qəbul edildi. Şəkil: çanta, göy rəngli.</p>',
    });
    expect(messageId).toMatch(/^<.+@.+>$/);

    const received = await subject.received(to, messageId);
    expect(received.subject).toBe('Müraciətiniz qəbul edildi');
    expect(received.from).toContain('no-reply@tapinti.az');
    expect(received.from).toContain('Tapıntı');
    expect(received.to).toContain(to);
    expect(received.text?.trim()).toBe('Salam! Müraciətiniz qəbul edildi. Şəkil: çanta, göy rəngli.');
    expect(received.html).toContain('<b>Müraciətiniz</b> qəbul edildi');
  });

  test('a Message-ID and extra header fields given by the caller arrive as given', async () => {
    const to = `contract-${adapter}-headers-${runId}@example.az`;
    const given = `<notification-${adapter}-${runId}@tapinti.az>`;
    const unsubscribe = `<https://tapinti.az/api/notifications/unsubscribe?token=${runId}>`;
    const { messageId } = await subject.mailer.send({
      to,
      subject: 'Bildiriş',
      text: 'Salam!',
      messageId: given,
      headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(messageId).toBe(given);
    const received = await subject.received(to, messageId);
    expect(received.header('List-Unsubscribe')).toBe(unsubscribe);
    expect(received.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  test('a text-only message arrives too', async () => {
    const to = `contract-${adapter}-plain-${runId}@example.az`;
    const { messageId } = await subject.mailer.send({
      to,
      subject: 'Elanınız dərc olundu',
      text: 'Təbriklər!',
    });
    const received = await subject.received(to, messageId);
    expect(received.subject).toBe('Elanınız dərc olundu');
    expect(received.text?.trim()).toBe('Təbriklər!');
    expect(received.html).toBeNull();
  });
});

describe('smtp mailer: permanent failures from the shared sink', () => {
  let mailer: Mailer;
  beforeAll(() => {
    mailer = createSmtpMailer({ host: smtpHost, port: smtpPort, from: FROM });
  });
  afterAll(async () => {
    await mailer.close();
  });

  test(`an address starting with "${REFUSED_RECIPIENT_PREFIX}" is refused with 550 at RCPT TO and nothing is stored`, async () => {
    const to = `${REFUSED_RECIPIENT_PREFIX}-${runId}@example.az`;
    const error = await mailer.send({ to, subject: 'Geri qayıdacaq', text: 'Salam!' }).then(
      () => null,
      (e: unknown) => e as { code?: string; responseCode?: number; command?: string; message: string },
    );
    expect(error).toMatchObject({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' });
    expect(error!.message).toContain('550 5.1.0');
    // The other addresses, and the same mailer afterwards, still work.
    const other = `not-${REFUSED_RECIPIENT_PREFIX}-${runId}@example.az`;
    const inbox = mailInbox();
    const { messageId } = await mailer.send({ to: other, subject: 'Çatdı', text: 'Salam!' });
    const [arrived] = await eventually(async () => {
      const messages = await inbox.messagesTo(other);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(`<${arrived!.messageId}>`).toBe(messageId);
    expect(await inbox.messagesTo(to)).toHaveLength(0);
    await inbox.delete([arrived!.id]);
  });
});

// ---------------------------------------------------------------- TLS and authentication
// A real provider wants TLS (implicit on 465, or STARTTLS on 587) and a login. The shared sink has
// neither, so these tests start Mailpits of their own: one that requires STARTTLS and a login, one
// that speaks TLS from the first byte (SMTP_SECURE=true) and requires a login.

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const tcpOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(!!socket.destroy()));
    socket.once('error', () => resolve(false));
  });

interface PrivateSink {
  smtpPort: number;
  inbox: MailInbox;
  stop(): Promise<void>;
}

async function startPrivateSink(dir: string, name: string, args: string[]): Promise<PrivateSink> {
  const [smtp, http] = [await freePort(), await freePort()];
  const log: string[] = [];
  const child: ChildProcess = spawn(
    INFRA.mailpitBin,
    ['--smtp', `127.0.0.1:${smtp}`, '--listen', `127.0.0.1:${http}`, '--smtp-disable-rdns', '--label', name]
      .concat(['--database', path.join(dir, `${name}.db`)])
      .concat(args),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`mailpit ${name} exited: ${log.join('')}`);
        expect((await fetch(`http://127.0.0.1:${http}/readyz`)).ok).toBe(true);
        expect(await tcpOpen(smtp)).toBe(true);
      },
      { timeoutMs: 10_000 },
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`mailpit ${name} did not come up: ${String(error)}\n${log.join('')}`, { cause: error });
  }
  return {
    smtpPort: smtp,
    inbox: mailInbox(`http://127.0.0.1:${http}`),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('smtp mailer with TLS and authentication (Mailpits of its own)', () => {
  const user = 'tapinti-mailer';
  const password = `Pw-${randomBytes(12).toString('hex')}`;
  let dir: string;
  let ca: string;
  let starttls: PrivateSink;
  let implicitTls: PrivateSink;
  const mailers: Mailer[] = [];
  const mailerFor = (sink: PrivateSink, options: Partial<SmtpMailerOptions>) => {
    const mailer = createSmtpMailer({ host: '127.0.0.1', port: sink.smtpPort, from: FROM, ...options });
    mailers.push(mailer);
    return mailer;
  };

  beforeAll(async () => {
    if (!existsSync(INFRA.mailpitBin)) {
      throw new Error(`${INFRA.mailpitBin} is missing: run bash infra/local/install.sh (or set MAILPIT_BIN)`);
    }
    dir = await mkdtemp(path.join(os.tmpdir(), 'tapinti-smtp-tls-'));
    const [cert, key, auth] = ['cert.pem', 'key.pem', 'smtp-auth'].map((f) => path.join(dir, f)) as [
      string,
      string,
      string,
    ];
    const openssl = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
        .concat(['-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=localhost'])
        .concat(['-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost']),
      { encoding: 'utf8' },
    );
    if (openssl.status !== 0) throw new Error(`openssl: ${openssl.stderr}`);
    ca = await readFile(cert, 'utf8');
    await writeFile(auth, `${user}:${password}\n`, { mode: 0o600 });
    const tls = ['--smtp-tls-cert', cert, '--smtp-tls-key', key, '--smtp-auth-file', auth];
    [starttls, implicitTls] = await Promise.all([
      startPrivateSink(dir, 'starttls', [...tls, '--smtp-require-starttls']),
      startPrivateSink(dir, 'implicit-tls', [...tls, '--smtp-require-tls']),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled(mailers.map((m) => m.close()));
    await Promise.allSettled([starttls?.stop(), implicitTls?.stop()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const send = (mailer: Mailer, to: string) =>
    mailer.send({ to, subject: 'Şifrəli yol', text: 'Salam, TLS!', html: '<p>Salam, <b>TLS</b>!</p>' });

  test('STARTTLS (offered, here required) with the right login: ping answers, the message arrives intact', async () => {
    const subject = await smtpSubject(
      { host: '127.0.0.1', port: starttls.smtpPort, user, password, ca },
      starttls.inbox,
    );
    mailers.push(subject.mailer);
    await expect(subject.mailer.ping()).resolves.toBeUndefined();
    const to = `tls-${runId}@example.az`;
    const { messageId } = await send(subject.mailer, to);
    const received = await subject.received(to, messageId);
    expect(received).toMatchObject({ subject: 'Şifrəli yol', text: 'Salam, TLS!' });
    expect(received.html).toContain('<b>TLS</b>');
  });

  test('implicit TLS (SMTP_SECURE=true) with the right login: the message arrives', async () => {
    const mailer = mailerFor(implicitTls, { secure: true, user, password, ca });
    await expect(mailer.ping()).resolves.toBeUndefined();
    const to = `implicit-${runId}@example.az`;
    const { messageId } = await send(mailer, to);
    const [arrived] = await eventually(async () => {
      const messages = await implicitTls.inbox.messagesTo(to);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(`<${arrived!.messageId}>`).toBe(messageId);
  });

  test('a wrong password is refused (535), and neither it nor its base64 forms appear in the error', async () => {
    const wrong = `Wrong-${randomBytes(12).toString('hex')}`;
    const mailer = mailerFor(starttls, { user, password: wrong, ca });
    for (const attempt of [() => mailer.ping(), () => send(mailer, `wrong-${runId}@example.az`)]) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e as Error & { code?: string; responseCode?: number },
      );
      expect(error).toMatchObject({ code: 'EAUTH', responseCode: 535 });
      const everything = [
        String(error),
        error!.stack,
        inspect(error, { depth: 5, showHidden: true }),
        JSON.stringify(error),
      ].join('\n');
      for (const secret of [
        wrong,
        Buffer.from(wrong).toString('base64'),
        Buffer.from(`\u0000${user}\u0000${wrong}`).toString('base64'),
      ])
        expect(everything).not.toContain(secret);
    }
    expect(await starttls.inbox.messagesTo(`wrong-${runId}@example.az`)).toHaveLength(0);
  });

  test('a server that echoes the credentials back does not get them into the error either', async () => {
    // A deliberately indiscreet server: it answers AUTH with the base64 it got and the decoded password.
    const secret = `Echo-${randomBytes(12).toString('hex')}`;
    const server = net.createServer((socket) => {
      socket.write('220 indiscreet ESMTP\r\n');
      socket.on('data', (chunk: Buffer) => {
        const line = chunk.toString().trim();
        if (/^EHLO/i.test(line)) socket.write('250-indiscreet\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (/^AUTH PLAIN /i.test(line)) {
          const payload = line.slice('AUTH PLAIN '.length);
          const password = Buffer.from(payload, 'base64').toString().split('\u0000')[2];
          socket.write(`535 5.7.8 no: ${payload} / ${password}\r\n`);
        } else socket.write('221 bye\r\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as net.AddressInfo;
      const mailer = createSmtpMailer({ host: '127.0.0.1', port, from: FROM, user, password: secret });
      mailers.push(mailer);
      const error = await send(mailer, `echo-${runId}@example.az`).then(
        () => null,
        (e: unknown) => e as Error & { response?: string },
      );
      expect(error).toMatchObject({ code: 'EAUTH', responseCode: 535 });
      expect(error!.response).toContain('[redacted]');
      const everything = [String(error), error!.stack, inspect(error, { depth: 5, showHidden: true })].join(
        '\n',
      );
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(Buffer.from(`\u0000${user}\u0000${secret}`).toString('base64'));
    } finally {
      server.close();
    }
  });

  test('without a login a server that requires one refuses the message (530)', async () => {
    const mailer = mailerFor(starttls, { ca });
    await expect(send(mailer, `anonymous-${runId}@example.az`)).rejects.toMatchObject({ responseCode: 530 });
  });

  test("the server's certificate is verified: an untrusted one fails STARTTLS, nothing is sent in clear", async () => {
    const mailer = mailerFor(starttls, { user, password });
    const error = await send(mailer, `untrusted-${runId}@example.az`).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/self[- ]signed certificate/i);
    expect(inspect(error, { depth: 5, showHidden: true })).not.toContain(password);
  });

  test('a user without a password (or the reverse) is refused when the mailer is created', () => {
    expect(() => createSmtpMailer({ host: '127.0.0.1', port: 1, from: FROM, user })).toThrow(
      'SMTP user and password go together',
    );
    expect(() => createSmtpMailer({ host: '127.0.0.1', port: 1, from: FROM, password })).toThrow(
      'SMTP user and password go together',
    );
  });
});
