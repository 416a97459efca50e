import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates the environment once, at start-up. Every bad or missing variable is reported
 * together so an operator fixes them in one pass.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}

const port = z.coerce.number().int().min(0).max(65535);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * The bearer token `/metrics` requires (empty counts as unset). Unset: `/metrics` answers only
 * direct requests from this host (loopback).
 */
export const metricsTokenSchema = z
  .string()
  .optional()
  .transform((v) => v || undefined)
  .pipe(
    z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')
      .optional(),
  );

/** Names `proxy-addr` (Express's `trust proxy`) understands for whole address ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(item: string): boolean {
  if (NAMED_RANGES.includes(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the gateway are trusted to say who the client is (X-Forwarded-For):
 * unset (default) trusts none, the client is the socket's address; a number trusts that many hops;
 * otherwise a comma-separated list of addresses, CIDR ranges or `loopback`/`linklocal`/`uniquelocal`.
 * `true` (trust everyone) is refused: any client could then choose its own address.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined)
  .pipe(
    z
      .string()
      .refine(
        (v) => /^\d{1,2}$/.test(v) || v.split(',').every((item) => isAddressOrCidr(item.trim())),
        'a hop count (e.g. 1) or a comma-separated list of addresses / CIDR ranges (e.g. 10.0.0.0/8, loopback)',
      )
      .transform((v): number | string[] =>
        /^\d+$/.test(v) ? Number(v) : v.split(',').map((item) => item.trim()),
      )
      .optional(),
  )
  .transform((v): false | number | string[] => (v === undefined || v === 0 ? false : v));

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/** `<count>/<seconds>[,<count>/<seconds>…]`: at most `count` requests per `seconds`; every rule applies. */
export const rateRulesSchema = (fallback: string) =>
  z
    .string()
    .regex(/^\s*\d+\s*\/\s*\d+\s*(,\s*\d+\s*\/\s*\d+\s*)*$/, 'count/seconds[,count/seconds…], e.g. 10/60')
    .transform((v): RateRule[] =>
      v.split(',').map((rule) => {
        const [limit, windowSeconds] = rule.split('/').map((n) => Number(n.trim()));
        return { limit: limit!, windowSeconds: windowSeconds! };
      }),
    )
    .refine((rules) => rules.every((r) => r.limit > 0 && r.windowSeconds > 0), 'counts and seconds above 0')
    .prefault(fallback);

/**
 * The map's tile server (`/xerite`, issue 24): an http(s) URL with `{z}`, `{x}` and `{y}` (and
 * optionally `{s}`, a subdomain, or `{r}`), as Leaflet reads it. OpenStreetMap's by default.
 */
export const mapTileUrlSchema = z
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'an http(s) URL')
  .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'must contain {z}, {x} and {y}')
  .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png');

/** The CSP `img-src` source that lets browsers load the tiles (`{s}` subdomains: any subdomain). */
export function mapTileImageSource(tileUrl: string): string {
  const [, scheme = 'https:', host = ''] = /^(https?:)\/\/([^/?#]+)/.exec(tileUrl) ?? [];
  return `${scheme}//${host.replace('{s}', '*')}`;
}

/** Variables every process shares. Adapters are picked here, once. */
export const sharedConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./.data'),
  /** Prefix for Kafka topics and groups and Redis keys, so several installations share one server. */
  NAMESPACE: z
    .string()
    .regex(/^[a-z0-9-]*$/)
    .default(''),
  /**
   * Where browsers reach the platform (links in e-mails, e.g. `<PUBLIC_URL>/accept-invitation`).
   * Unset: the gateway on this machine, `http://127.0.0.1:<gateway PORT>` (computed where used).
   */
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  COOKIE_SECURE: bool.optional(),
  DB_DRIVER: z.enum(['postgres', 'pglite']).default('pglite'),
  DATABASE_URL: z.string().optional(),
  BUS: z.enum(['kafka', 'memory']).default('memory'),
  KAFKA_BROKERS: z.string().optional(),
  JOBS: z.enum(['bullmq', 'memory']).default('memory'),
  /** `database`: a table in the service database (embedded mode's default, sessions survive restarts). */
  KV_STORE: z.enum(['redis', 'memory', 'database']).default('memory'),
  REDIS_URL: z.string().optional(),
  STORAGE: z.enum(['s3', 'filesystem']).default('filesystem'),
  S3_ENDPOINT: z.url().optional(),
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_BUCKET: z.string().default('tapinti-objects'),
  S3_REGION: z.string().default('us-east-1'),
  MAIL: z.enum(['smtp', 'file']).default('file'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: port.optional(),
  /** Implicit TLS from the first byte (port 465). Otherwise STARTTLS is used when the server offers it. */
  SMTP_SECURE: bool.default(false),
  /** SMTP authentication: both or neither (empty counts as unset). The password is never logged. */
  SMTP_USER: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  SMTP_PASSWORD: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  MAIL_FROM: z.string().default('Tapıntı <no-reply@tapinti.az>'),
  SUPER_ADMIN_USERNAME: z.string().optional(),
  SUPER_ADMIN_EMAIL: z.string().optional(),
  SUPER_ADMIN_PASSWORD: z.string().optional(),
  ANNOUNCEMENT_ARCHIVE_AFTER_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600 * 1000),
  /** Moderation (issue 15): a new announcement with a reward above this many AZN waits for review. */
  MODERATION_REWARD_REVIEW_ABOVE: z.coerce.number().int().min(0).default(500),
  /**
   * Issue 21: a reporter's account counts as established (its reports weigh fully, with a verified
   * e-mail or phone) once it is this old (7 days).
   */
  REPORT_TRUSTED_ACCOUNT_AGE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600 * 1000),
  /** How often the repeated job looks for announcements due for archiving (and once at start). */
  ARCHIVE_CHECK_EVERY_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60 * 1000),
  /**
   * Issue 25: the lost-property office's daily digest is written by the first reminders run at or
   * after this hour of the Baku day (0–23; 8: in the inbox when the office opens).
   */
  INVENTORY_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /** How long an e-mail verification link works (issue 15: 48 h). */
  EMAIL_VERIFICATION_TTL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(48 * 3600 * 1000),
  /**
   * How long a browser stays a known device of the accounts that signed in on it (issue 21: its
   * own failures count apart from others' on the same address, issue 22: no new-device e-mail).
   * Renewed at every sign-in.
   */
  DEVICE_COOKIE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(365 * 24 * 3600),
  /** How long a password reset link works (issue 15: 1 h). */
  PASSWORD_RESET_TTL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(3600 * 1000),
  /** How long a deleted account's personal data is archived before the purge job removes it (30 days). */
  ACCOUNT_PURGE_AFTER_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600 * 1000),
  /** How often the repeated job looks for deleted accounts due for purging (and once at start). */
  ACCOUNT_PURGE_CHECK_EVERY_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),
  /** Where SMS go: `file` writes each message under `DATA_DIR/sms` (the only adapter yet). */
  SMS: z.enum(['file']).default('file'),
  /** How often the repeated job looks for subscriptions at their end date (and once at start). */
  SUBSCRIPTION_CHECK_EVERY_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60 * 1000),
  /** How long a photo upload URL takes bytes; an upload never normalised is deleted after it. */
  UPLOAD_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** How often the repeated job deletes expired, never normalised uploads (and once at start). */
  PENDING_UPLOADS_SWEEP_EVERY_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60 * 1000),
  /**
   * How soon the relay looks again at committed events waiting behind a still running transaction.
   * New commits wake it themselves (this process, or another replica's notification).
   */
  RELAY_POLL_MS: z.coerce.number().int().positive().default(200),
  /**
   * How long a consumer remembers an event it applied (`processed_events`), against redelivery:
   * longer than the bus keeps events (Kafka: 7 days = 168 h), else an old event could apply twice.
   */
  INBOX_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(169, "longer than the bus's retention (Kafka keeps events 168 h)")
    .default(14 * 24),
  /** The map's tiles (`mapTileUrlSchema`) and the credit the map shows for them. */
  MAP_TILE_URL: mapTileUrlSchema,
  MAP_TILE_ATTRIBUTION: z.string().min(1).max(300).default('© OpenStreetMap contributors'),
  METRICS_TOKEN: metricsTokenSchema,
  TRUST_PROXY: trustProxySchema,
  /**
   * The gateway's limits per client address (per session for announcement details), before any
   * service does work; a person never reaches them, a script does. Tests raise them
   * (test/support/platform.ts), production keeps these.
   */
  RATE_LIMIT_LOGIN: rateRulesSchema('5/60,60/3600'),
  RATE_LIMIT_REGISTER: rateRulesSchema('5/600,50/86400'),
  RATE_LIMIT_APPLICATIONS: rateRulesSchema('5/600,50/86400'),
  RATE_LIMIT_UPLOADS: rateRulesSchema('30/60,200/3600'),
  /** Announcement details (contacts) per signed-in account, however many sessions it holds; per address signed out. */
  RATE_LIMIT_DETAILS: rateRulesSchema('60/60,600/3600'),
  /** Announcement details per client address, signed in or not: many accounts behind one address share it. */
  RATE_LIMIT_DETAILS_ADDRESS: rateRulesSchema('300/60,3000/3600'),
  /** New announcements per account (issue 21): an office posts a few a minute, a script thirty a second. */
  RATE_LIMIT_POSTING: rateRulesSchema('10/60,100/86400'),
  /** Claims per client address, whichever accounts file them (fresh accounts share their address's count). */
  RATE_LIMIT_CLAIMS_ADDRESS: rateRulesSchema('20/3600,60/86400'),
  /**
   * New accounts (younger than NEW_ACCOUNT_AGE_MS) per client address, however many of them share it
   * (issue 21): their new announcements, and separately their claims, count against it.
   */
  RATE_LIMIT_NEW_ACCOUNTS_ADDRESS: rateRulesSchema('10/3600,30/86400'),
  /** An account this old (7 days) is no longer new to RATE_LIMIT_NEW_ACCOUNTS_ADDRESS. */
  NEW_ACCOUNT_AGE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600 * 1000),
  /** Complaints per client address (issue 15): a person files a few, a script is stopped. */
  RATE_LIMIT_COMPLAINTS: rateRulesSchema('5/600,20/86400'),
  /** Saved searches per client address (issue 26): a visitor's sign-up mails a confirmation, so a script is stopped. */
  RATE_LIMIT_SAVED_SEARCHES: rateRulesSchema('5/600,20/86400'),
  /**
   * Password-reset requests (and confirmations) per client address: past them, 429. Mails one
   * e-mail address receives, whoever asks: past them no new mail, the same answer and the last
   * link stays valid (issue 21: strangers never get the owner a 429).
   */
  PASSWORD_RESET_PER_ADDRESS: rateRulesSchema('30/3600'),
  PASSWORD_RESET_MAILS_PER_EMAIL: rateRulesSchema('5/3600'),
  /** Complaint e-mails (number, replies) one address receives; past them the complainant is told in the app only. */
  COMPLAINT_MAILS_PER_RECIPIENT: rateRulesSchema('5/3600,20/86400'),
  /**
   * argon2 runs (hash or verify) at once per process, and how many more requests may wait for
   * one; any further login or registration is refused at once with 503 rather than queued.
   * Default: half the cores, at least one, so hashing never takes the whole machine.
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .positive()
    .default(Math.max(1, Math.floor(availableParallelism() / 2))),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(4),
});

/** Cross-field rules: an adapter picked without its connection settings is a start-up error. */
export const adapterConfigSchema = sharedConfigSchema.superRefine((c, ctx) => {
  const need = (when: boolean, key: keyof typeof c, why: string) => {
    if (when && !c[key]) ctx.addIssue({ code: 'custom', path: [key], message: `required when ${why}` });
  };
  need(c.DB_DRIVER === 'postgres', 'DATABASE_URL', 'DB_DRIVER=postgres');
  need(c.BUS === 'kafka', 'KAFKA_BROKERS', 'BUS=kafka');
  need(c.JOBS === 'bullmq', 'REDIS_URL', 'JOBS=bullmq');
  need(c.KV_STORE === 'redis', 'REDIS_URL', 'KV_STORE=redis');
  need(c.STORAGE === 's3', 'S3_ENDPOINT', 'STORAGE=s3');
  need(c.STORAGE === 's3', 'S3_ACCESS_KEY', 'STORAGE=s3');
  need(c.STORAGE === 's3', 'S3_SECRET_KEY', 'STORAGE=s3');
  need(c.MAIL === 'smtp', 'SMTP_HOST', 'MAIL=smtp');
  need(c.MAIL === 'smtp', 'SMTP_PORT', 'MAIL=smtp');
  need(Boolean(c.SMTP_USER), 'SMTP_PASSWORD', 'SMTP_USER is set (both or neither)');
  need(Boolean(c.SMTP_PASSWORD), 'SMTP_USER', 'SMTP_PASSWORD is set (both or neither)');
  const admin = [c.SUPER_ADMIN_USERNAME, c.SUPER_ADMIN_EMAIL, c.SUPER_ADMIN_PASSWORD];
  if (admin.some(Boolean) && !admin.every(Boolean)) {
    ctx.addIssue({
      code: 'custom',
      path: ['SUPER_ADMIN_*'],
      message: 'set SUPER_ADMIN_USERNAME, SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD together',
    });
  }
});

export type SharedConfig = z.infer<typeof sharedConfigSchema>;

/**
 * Where links in e-mails point: `PUBLIC_URL`, else the gateway on this machine. In embedded mode
 * (one process, in-memory bus) `PORT` is the gateway's; a distributed service process listens on
 * its own port, so the gateway's default, 8080, is assumed there (set PUBLIC_URL in any real
 * deployment).
 */
export function publicUrlOf(
  config: Pick<SharedConfig, 'PUBLIC_URL' | 'BUS'>,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const port = config.BUS === 'memory' && env.PORT ? env.PORT : '8080';
  return `http://127.0.0.1:${port}`;
}
