import path from 'node:path';
import type { SharedConfig } from '@tapinti/platform/config';
import { createFileSmsSender } from './file-sms-sender';
import type { SmsSender } from './sms-sender';

/** The SMS adapter the configuration names (`SMS`): `file` → `DATA_DIR/sms`. */
export function buildSmsSender(config: Pick<SharedConfig, 'SMS' | 'DATA_DIR'>): SmsSender {
  switch (config.SMS) {
    case 'file':
      return createFileSmsSender({ dir: path.join(path.resolve(config.DATA_DIR), 'sms') });
  }
}
