import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsSender } from './sms-sender';

/**
 * SMS as files under `dir`, like the `.eml` mail adapter: `<timestamp>-<id>.sms`, a JSON object
 * `{ to, text, sentAt }`, written under a temporary name and renamed so a reader never sees half.
 */
export function createFileSmsSender(options: { dir: string }): SmsSender {
  const dir = path.resolve(options.dir);
  return {
    async send(message) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomUUID()}.sms`);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const tmp = `${file}.tmp`;
      await writeFile(tmp, JSON.stringify({ ...message, sentAt: new Date().toISOString() }), { mode: 0o600 });
      await rename(tmp, file);
    },
  };
}
