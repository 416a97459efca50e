import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface SmtpMailerOptions {
  host: string;
  port: number;
  from: string;
  /** Implicit TLS from the first byte (usually port 465). When false, STARTTLS is used if the server offers it. */
  secure?: boolean;
  /** SMTP authentication (PLAIN/LOGIN): both or neither. */
  user?: string;
  password?: string;
  /** Extra trusted CA certificates (PEM): a sink with a self-signed certificate, in tests. */
  ca?: string | Buffer;
}

const REDACTED = '[redacted]';

/**
 * Replaces the password, and the base64 forms AUTH PLAIN / AUTH LOGIN put on the wire, in every
 * string an error carries (message, stack, response, …; its cause too), so that no log line or
 * error report ever shows it. Other fields (code, responseCode, command) are kept for callers
 * that tell permanent failures (5xx) from transient ones.
 */
function createRedactor(user: string | undefined, password: string | undefined) {
  if (!password) return (error: unknown) => error;
  const secrets = [
    Buffer.from(`\u0000${user ?? ''}\u0000${password}`).toString('base64'),
    Buffer.from(password).toString('base64'),
    password,
  ];
  const scrub = (text: string) => secrets.reduce((t, secret) => t.split(secret).join(REDACTED), text);
  const redact = (error: unknown, depth = 0): unknown => {
    if (typeof error === 'string') return scrub(error);
    if (!error || typeof error !== 'object' || depth > 3) return error;
    const record = error as Record<string, unknown>;
    for (const key of Object.getOwnPropertyNames(error)) {
      const value = record[key];
      try {
        if (typeof value === 'string') record[key] = scrub(value);
        else if (key === 'cause' || value instanceof Error) record[key] = redact(value, depth + 1);
      } catch {
        // a read-only property: leave it
      }
    }
    return error;
  };
  return redact;
}

/**
 * Mail over SMTP; pooled connections. Works with the local sink (Mailpit: no TLS, any or no
 * credentials) and with a real provider: implicit TLS (`secure`) or STARTTLS whenever the server
 * offers it (the certificate is verified), PLAIN/LOGIN authentication. The password never appears
 * in an error this mailer throws, and nodemailer's own logging stays off.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  if (Boolean(options.user) !== Boolean(options.password)) {
    throw new Error('SMTP user and password go together: set both or neither');
  }
  const redact = createRedactor(options.user, options.password);
  const transporter = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure ?? false,
    auth: options.user ? { user: options.user, pass: options.password } : undefined,
    tls: { minVersion: 'TLSv1.2', ...(options.ca ? { ca: options.ca } : {}) },
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
    debug: false,
  });

  return {
    async send(message) {
      try {
        const info = await transporter.sendMail({ from: options.from, ...message });
        return { messageId: info.messageId };
      } catch (error) {
        throw redact(error);
      }
    },
    async ping() {
      try {
        await transporter.verify();
      } catch (error) {
        throw redact(error);
      }
    },
    async close() {
      transporter.close();
    },
  };
}
