import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface SmtpMailerOptions {
  host: string;
  port: number;
  from: string;
}

/** Mail over SMTP, plain (the local sink has no TLS or auth); pooled connections. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transporter = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });

  return {
    async send(message) {
      const info = await transporter.sendMail({ from: options.from, ...message });
      return { messageId: info.messageId };
    },
    async ping() {
      await transporter.verify();
    },
    async close() {
      transporter.close();
    },
  };
}
