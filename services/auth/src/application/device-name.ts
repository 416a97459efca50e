import { UAParser } from 'ua-parser-js';
import { MAX_DEVICE_NAME_LENGTH } from '@tapinti/contracts/auth-events';
import { truncateText } from '@tapinti/contracts/input-text';

/**
 * What a person recognises a browser by: 'Chrome, Android', 'Firefox, Windows' (browser, then
 * system), from its User-Agent header (ua-parser-js); null when neither is known. Shown in the
 * sessions list and the new-device e-mail instead of the raw header.
 */
export function deviceNameOf(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const parsed = new UAParser(userAgent);
  const parts = [parsed.getBrowser().name, parsed.getOS().name].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return parts.length ? truncateText(parts.join(', '), MAX_DEVICE_NAME_LENGTH) : null;
}
