import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export interface FileMailerOptions {
  dir: string;
  from: string;
}

/** Mail as `.eml` files under `dir` (embedded mode): `<timestamp>-<message id>.eml`. */
export function createFileMailer(options: FileMailerOptions): Mailer {
  const dir = path.resolve(options.dir);
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      const info = await transporter.sendMail({ from: options.from, ...message });
      const id = info.messageId.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '');
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${id}.eml`);
      await mkdir(dir, { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a message.
      const tmp = `${file}.tmp`;
      await writeFile(tmp, info.message as Buffer);
      await rename(tmp, file);
      return { messageId: info.messageId };
    },
    async ping() {
      await mkdir(dir, { recursive: true });
    },
    async close() {
      transporter.close();
    },
  };
}
