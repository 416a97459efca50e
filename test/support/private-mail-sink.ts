import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from './eventually';
import { INFRA, mailInbox, type MailInbox } from './infra';
import { freePort } from './platform';

/** The shared sink's rule (infra/local/lib.sh): every recipient starting with `refused` gets 550 at RCPT TO. */
const ACCEPTED_RECIPIENTS = '(?i)^(?:[^r]|r[^e]|re[^f]|ref[^u]|refu[^s]|refus[^e]|refuse[^d])';

export interface PrivateMailSink {
  host: string;
  smtpPort: number;
  inbox: MailInbox;
  /** What a platform needs to send here (MAIL=smtp in either mode). */
  env: Record<string, string>;
  /** Stops the sink (SIGTERM); returns once it has exited and its SMTP port refuses connections. */
  stop(): Promise<void>;
  /** Starts it again on the same ports and database (messages survive); returns once it answers. */
  start(): Promise<void>;
  /** Mailpit's counters since this process started: accepted, and ignored duplicates (by Message-ID). */
  stats(): Promise<{ accepted: number; ignored: number; rejected: number }>;
  /** Stops it for good and removes its data. */
  destroy(): Promise<void>;
}

const tcpOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(!!socket.destroy()));
    socket.once('error', () => resolve(false));
  });

/**
 * A Mailpit of the test's own (same binary and settings as the shared sink, refusing `refused…`
 * addresses with 550), for tests that stop the sink or count everything it received: the shared
 * sink serves every other suite at the same time. `ignoreDuplicateIds`: keep one message per
 * Message-ID, as receivers such as Gmail do (the duplicates are still counted in `stats().ignored`).
 */
export async function startPrivateMailSink(
  name: string,
  options: { ignoreDuplicateIds?: boolean } = {},
): Promise<PrivateMailSink> {
  if (!fs.existsSync(INFRA.mailpitBin)) {
    throw new Error(`${INFRA.mailpitBin} is missing: run bash infra/local/install.sh (or set MAILPIT_BIN)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tapinti-mailpit-${name}-`));
  const smtpPort = await freePort();
  // The OS may hand out the port it just freed again: two different ones, or Mailpit cannot start.
  let httpPort = await freePort();
  while (httpPort === smtpPort) httpPort = await freePort();
  const httpUrl = `http://127.0.0.1:${httpPort}`;
  const logFile = path.join(dir, 'mailpit.log');
  let child: ChildProcess | null = null;

  const args = [
    '--smtp',
    `127.0.0.1:${smtpPort}`,
    '--listen',
    `127.0.0.1:${httpPort}`,
    '--database',
    path.join(dir, 'mailpit.db'),
    '--max',
    '0',
    '--smtp-disable-rdns',
    '--smtp-auth-accept-any',
    '--smtp-auth-allow-insecure',
    '--smtp-allowed-recipients',
    ACCEPTED_RECIPIENTS,
    '--label',
    name,
    ...(options.ignoreDuplicateIds ? ['--ignore-duplicate-ids'] : []),
  ];

  async function start() {
    const out = fs.openSync(logFile, 'a');
    child = spawn(INFRA.mailpitBin, args, { stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const started = child;
    try {
      await eventually(
        async () => {
          if (started.exitCode !== null) throw new Error(`mailpit ${name} exited`);
          expect((await fetch(`${httpUrl}/readyz`)).ok).toBe(true);
          expect(await tcpOpen(smtpPort)).toBe(true);
        },
        { timeoutMs: 15_000, intervalMs: 100 },
      );
    } catch (error) {
      started.kill('SIGKILL');
      throw new Error(
        `mailpit ${name} did not come up: ${String(error)}\n${fs.readFileSync(logFile, 'utf8')}`,
        {
          cause: error,
        },
      );
    }
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
    await eventually(async () => expect(await tcpOpen(smtpPort)).toBe(false), { timeoutMs: 5000 });
  }

  await start();
  return {
    host: '127.0.0.1',
    smtpPort,
    inbox: mailInbox(httpUrl),
    env: { MAIL: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort) },
    stop,
    start,
    async stats() {
      const info = (await (await fetch(`${httpUrl}/api/v1/info`)).json()) as {
        RuntimeStats: { SMTPAccepted: number; SMTPIgnored: number; SMTPRejected: number };
      };
      return {
        accepted: info.RuntimeStats.SMTPAccepted,
        ignored: info.RuntimeStats.SMTPIgnored,
        rejected: info.RuntimeStats.SMTPRejected,
      };
    },
    async destroy() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
