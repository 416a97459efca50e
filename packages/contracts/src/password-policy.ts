import { charCount } from './input-text';
import { foldForSearch } from './text-folding';

/** The password rules' refusals, the same from the API and in the web forms. */
export const PASSWORD_MESSAGES = {
  required: 'Şifrə tələb olunur',
  tooShort: 'Şifrə ən azı 8 simvol olmalıdır',
  tooLong: 'Şifrə ən çox 128 simvol ola bilər',
  common: 'Bu şifrə çox geniş yayılıb və asanlıqla təxmin edilir. Başqa şifrə seçin',
  containsUsername: 'Şifrədə istifadəçi adınız olmamalıdır',
  containsEmail: 'Şifrədə e-poçt ünvanınızın @ işarəsinə qədər olan hissəsi olmamalıdır',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The account a password is for: it must contain neither its username nor its e-mail's local part. */
export interface PasswordOwner {
  username?: string | undefined;
  email?: string | undefined;
}

// Names shorter than this are not looked for: a one-letter local part ('a@…') would refuse almost
// every password.
const MIN_NAME_LENGTH = 3;

function containsName(password: string, name: string | undefined): boolean {
  const folded = foldForSearch((name ?? '').trim());
  return charCount(folded) >= MIN_NAME_LENGTH && foldForSearch(password).includes(folded);
}

/**
 * The refusal of a password that contains the owner's username or e-mail local part, compared
 * case-folded (Azerbaijani folding, ı and i as one letter), or null.
 */
export function personalPasswordProblem(password: string, owner: PasswordOwner): string | null {
  if (containsName(password, owner.username)) return PASSWORD_MESSAGES.containsUsername;
  const email = owner.email ?? '';
  const at = email.lastIndexOf('@');
  if (at > 0 && containsName(password, email.slice(0, at))) return PASSWORD_MESSAGES.containsEmail;
  return null;
}

/**
 * The refusal of one of the most common passwords, or null. The list (~40 KB) is imported on first
 * use: the web loads it as its own chunk only when a password form is checked, never with the home page.
 */
export async function commonPasswordProblem(password: string): Promise<string | null> {
  const { isCommonPassword } = await import('./common-passwords');
  return isCommonPassword(password) ? PASSWORD_MESSAGES.common : null;
}

/** Every rule beyond the length, in the order a user is told: personal names, then the common list. */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<string | null> {
  return personalPasswordProblem(password, owner) ?? (await commonPasswordProblem(password));
}
