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
  mailInboxUrl: process.env.MAIL_INBOX_URL ?? 'http://127.0.0.1:8025',
};
