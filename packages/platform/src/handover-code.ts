import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The 6-digit hand-over code of a resolved claim: an HMAC-SHA256 of the request id and the code's
 * generation, keyed from the platform secret. Nothing is stored: the requests service verifies a
 * code and shows it to the owner, the notifications service e-mails it, each computing it again.
 * A new generation (a super admin lifting a lock) gives a new code and voids the earlier ones.
 */
const keyOf = (secret: string) => createHmac('sha256', secret).update('tapinti-handover-v1').digest();

export const HANDOVER_CODE_PATTERN = /^[0-9]{6}$/;

export function handoverCodeOf(secret: string, requestId: string, generation: number): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${requestId.toLowerCase()}.${generation}`).digest();
  // 32 bits of the MAC reduced to 6 digits: the bias of the modulo is below one part in 4000.
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/** Whether `code` is the current code, compared in constant time. */
export function isHandoverCode(secret: string, requestId: string, generation: number, code: string): boolean {
  const expected = Buffer.from(handoverCodeOf(secret, requestId, generation));
  const given = Buffer.from(code);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
