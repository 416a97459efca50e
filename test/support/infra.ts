import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const REPO_ROOT = path.resolve(__dirname, '../..');

/** Where the real servers started by infra/local/infra-up.sh listen (overridable, e.g. in CI). */
export const INFRA = {
  postgresAdminUrl:
    process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://tapinti:tapinti@127.0.0.1:5432/postgres',
  postgresBaseUrl: process.env.TEST_POSTGRES_BASE_URL ?? 'postgres://tapinti:tapinti@127.0.0.1:5432',
  kafkaBrokers: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  s3Endpoint: process.env.S3_ENDPOINT ?? 'http://127.0.0.1:7070',
  s3AccessKey: process.env.S3_ACCESS_KEY ?? 'tapinti',
  s3SecretKey: process.env.S3_SECRET_KEY ?? 'tapinti-secret',
  s3Bucket: process.env.S3_BUCKET ?? 'tapinti-objects',
  smtpHost: process.env.SMTP_HOST ?? '127.0.0.1',
  smtpPort: process.env.SMTP_PORT ?? '1025',
  /** The SMTP sink's HTTP API (Mailpit: `/api/v1/...`). */
  mailInboxUrl: process.env.MAIL_INBOX_URL ?? 'http://127.0.0.1:8025',
  /** The Mailpit binary infra/local/install.sh builds, for tests that need a sink of their own. */
  mailpitBin:
    process.env.MAILPIT_BIN ??
    path.join(process.env.TAPINTI_CACHE ?? path.join(REPO_ROOT, '.cache'), 'bin', 'mailpit'),
};

/** Runs `fn` with a client of the Postgres admin database (creating and dropping test databases). */
export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: INFRA.postgresAdminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The local part every address the SMTP sink refuses starts with (any case): RCPT TO gets
 * `550 5.1.0 Requested action not taken: mailbox unavailable` (Mailpit's --smtp-allowed-recipients,
 * set by infra/local/lib.sh). Use it for tests of permanent delivery failures, e.g.
 * `refused-${id}@example.az`.
 */
export const REFUSED_RECIPIENT_PREFIX = 'refused';

export type InfraServer = 'kafka' | 'smtp-sink';

/**
 * Controls one shared server through its script in infra/local (`kafka.sh`, `smtp-sink.sh`):
 * `stop` returns once the process is gone and its ports are closed, `start` once it answers
 * again (data and messages survive). Throws with the script's output when it fails, e.g. when the
 * server on the port was not started by infra-up.sh (it is never stopped then). Outage tests stop
 * a server every suite shares: run them alone (see the kafka-outage stage in scripts/test.mjs).
 */
export function infraServer(server: InfraServer, action: 'start' | 'stop' | 'restart'): void {
  const script = path.join(REPO_ROOT, 'infra', 'local', `${server}.sh`);
  const result = spawnSync('bash', [script, action], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${server}.sh ${action} failed (${result.status}): ${result.stderr}${result.stdout}`);
  }
}

/** `status`: true when the server answers. */
export function infraServerAnswers(server: InfraServer): boolean {
  const script = path.join(REPO_ROOT, 'infra', 'local', `${server}.sh`);
  return spawnSync('bash', [script, 'status'], { encoding: 'utf8' }).status === 0;
}

// ---------------------------------------------------------------- the SMTP sink's inbox (Mailpit)

export interface MailAddress {
  name: string;
  address: string;
}

/** A message as listed by the sink (newest first). */
export interface SinkMessageSummary {
  /** The sink's id, for `message(id)` and `delete([id])`. */
  id: string;
  /** The Message-ID header without its angle brackets. */
  messageId: string;
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  /** Envelope recipients that are neither in To nor in Cc. */
  bcc: MailAddress[];
  subject: string;
  created: string;
  snippet: string;
}

/** One message, decoded: RFC 2047 words, quoted-printable and base64 bodies. */
export interface SinkMessage extends SinkMessageSummary {
  /** The text/plain body, null when the message has none. */
  text: string | null;
  /** The text/html body, null when the message has none. */
  html: string | null;
  /** Raw header values by canonical name (`Message-Id`, `Subject`, …). */
  headers: Record<string, string[]>;
  /** How many files are attached (read them from `raw`). */
  attachmentCount: number;
}

interface MailpitAddress {
  Name: string;
  Address: string;
}
interface MailpitSummary {
  ID: string;
  MessageID: string;
  From: MailpitAddress | null;
  To: MailpitAddress[] | null;
  Cc: MailpitAddress[] | null;
  Bcc: MailpitAddress[] | null;
  Subject: string;
  Created: string;
  Snippet: string;
}
interface MailpitMessage extends Omit<MailpitSummary, 'Created' | 'Snippet'> {
  Date: string;
  Text: string;
  HTML: string;
  Attachments: unknown[] | null;
}

const address = (a: MailpitAddress | null | undefined): MailAddress => ({
  name: a?.Name ?? '',
  address: a?.Address ?? '',
});

/**
 * The SMTP sink's HTTP API (Mailpit, https://mailpit.axllent.org/docs/api-v1/): list, search,
 * read, delete. The sink is shared by every test and mode, so look messages up by a recipient
 * address unique to the test, and delete only your own.
 */
export function mailInbox(baseUrl: string = INFRA.mailInboxUrl) {
  const api = async <T>(pathAndQuery: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/v1/${pathAndQuery}`, init);
    if (!response.ok) {
      throw new Error(`mail sink ${init?.method ?? 'GET'} /api/v1/${pathAndQuery}: HTTP ${response.status}`);
    }
    const body = await response.text();
    return (body && response.headers.get('content-type')?.includes('json') ? JSON.parse(body) : body) as T;
  };
  const summary = (m: MailpitSummary): SinkMessageSummary => ({
    id: m.ID,
    messageId: m.MessageID,
    from: address(m.From),
    to: (m.To ?? []).map(address),
    cc: (m.Cc ?? []).map(address),
    bcc: (m.Bcc ?? []).map(address),
    subject: m.Subject,
    created: m.Created,
    snippet: m.Snippet,
  });
  const list = async (pathAndQuery: string) =>
    (await api<{ messages: MailpitSummary[] }>(pathAndQuery)).messages.map(summary);

  return {
    /** Newest first, at most `limit`. */
    messages: (limit = 50) => list(`messages?limit=${limit}`),
    /** Mailpit's search syntax, e.g. `to:ali@example.az subject:"Müraciət"`; newest first. */
    search: (query: string, limit = 50) => list(`search?query=${encodeURIComponent(query)}&limit=${limit}`),
    /**
     * The messages delivered to `recipient` (exactly, case-insensitive: To, Cc, or an envelope
     * recipient that is in neither, which Mailpit lists as Bcc), newest first.
     */
    async messagesTo(recipient: string): Promise<SinkMessageSummary[]> {
      const wanted = recipient.toLowerCase();
      // `addressed:` matches substrings of To, Cc, Bcc, From and Reply-To; keep the exact recipients.
      const found = await list(`search?query=${encodeURIComponent(`addressed:"${recipient}"`)}&limit=200`);
      return found.filter((m) =>
        [...m.to, ...m.cc, ...m.bcc].some((a) => a.address.toLowerCase() === wanted),
      );
    },
    /** One message with its decoded bodies and headers. */
    async message(id: string): Promise<SinkMessage> {
      const [m, headers] = await Promise.all([
        api<MailpitMessage>(`message/${encodeURIComponent(id)}`),
        api<Record<string, string[]>>(`message/${encodeURIComponent(id)}/headers`),
      ]);
      return {
        ...summary({ ...m, Created: m.Date, Snippet: '' }),
        text: m.Text || null,
        html: m.HTML || null,
        headers,
        attachmentCount: (m.Attachments ?? []).length,
      };
    },
    /** The message exactly as received (.eml). */
    raw: (id: string) => api<string>(`message/${encodeURIComponent(id)}/raw`),
    async delete(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await api('messages', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ IDs: ids }),
      });
    },
    /** Deletes every message in the sink: everyone's. Only for a sink of your own. */
    async deleteAll(): Promise<void> {
      await api('messages', { method: 'DELETE' });
    },
  };
}

export type MailInbox = ReturnType<typeof mailInbox>;
