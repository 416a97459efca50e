import {
  registerFormSchema,
  registerRequestSchema,
  invitationAccountFormSchema,
} from '@tapinti/contracts/auth-api';
import { isCommonPassword } from '@tapinti/contracts/common-passwords';
import {
  commonPasswordProblem,
  PASSWORD_MESSAGES,
  passwordProblem,
  personalPasswordProblem,
} from '@tapinti/contracts/password-policy';

const form = (password: string, username = 'nigar', email = 'nigar.aliyeva@example.az') => ({
  username,
  email,
  phone: '',
  password,
  confirmPassword: password,
});
const passwordMessages = async (
  result: Promise<{ success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }>,
) => ((await result).error?.issues ?? []).filter((i) => i.path[0] === 'password').map((i) => i.message);

describe('the common password list', () => {
  it('holds the well-known ones, case-folded (Azerbaijani I/ı/İ/i included)', () => {
    for (const password of [
      'password',
      '12345678',
      'qwerty123',
      'iloveyou',
      'PASSWORD',
      'ILOVEYOU',
      'İloveyou',
    ])
      expect(isCommonPassword(password)).toBe(true);
  });

  it('holds local words followed only by digits or symbols', () => {
    for (const password of ['baku1234', 'Baki2024!', 'AZERBAIJAN1', 'azərbaycan123', 'Qarabağ-2020'])
      expect(isCommonPassword(password)).toBe(true);
  });

  it('lets other passwords through', () => {
    for (const password of ['Parol-12345', 'bakuda-yagis-yagir', 'Gizli-Parol-1', 'Xq7!mZ2#pL'])
      expect(isCommonPassword(password)).toBe(false);
  });
});

describe('password rules beyond the length', () => {
  it('refuses the username and the e-mail local part, case-folded, each with its message', () => {
    expect(personalPasswordProblem('xx-NIGAR-2025', { username: 'nigar' })).toBe(
      PASSWORD_MESSAGES.containsUsername,
    );
    expect(personalPasswordProblem('ılham-2025!', { username: 'İlham' })).toBe(
      PASSWORD_MESSAGES.containsUsername,
    );
    expect(personalPasswordProblem('ILHAM-2025!', { username: 'ilham' })).toBe(
      PASSWORD_MESSAGES.containsUsername,
    );
    expect(personalPasswordProblem('1-Sevda.Q-1', { username: 'other', email: 'sevda.q@example.az' })).toBe(
      PASSWORD_MESSAGES.containsEmail,
    );
    expect(
      personalPasswordProblem('Parol-12345', { username: 'nigar', email: 'nigar@example.az' }),
    ).toBeNull();
  });

  it('does not look for names under 3 characters (they would refuse nearly every password)', () => {
    expect(personalPasswordProblem('abcdefgh-1', { username: 'ab', email: 'a@example.az' })).toBeNull();
  });

  it('tells the personal rule first, then the common list', async () => {
    expect(await commonPasswordProblem('password')).toBe(PASSWORD_MESSAGES.common);
    expect(await passwordProblem('password', { username: 'password' })).toBe(
      PASSWORD_MESSAGES.containsUsername,
    );
    expect(await passwordProblem('12345678', { username: 'nigar' })).toBe(PASSWORD_MESSAGES.common);
    expect(await passwordProblem('Parol-12345', { username: 'nigar' })).toBeNull();
  });
});

describe('the shared schemas', () => {
  it('registration form: every rule, one message each, on the password field', async () => {
    expect(await passwordMessages(registerFormSchema.safeParseAsync(form('short')))).toEqual([
      PASSWORD_MESSAGES.tooShort,
    ]);
    expect(await passwordMessages(registerFormSchema.safeParseAsync(form('password')))).toEqual([
      PASSWORD_MESSAGES.common,
    ]);
    expect(await passwordMessages(registerFormSchema.safeParseAsync(form('baku1234')))).toEqual([
      PASSWORD_MESSAGES.common,
    ]);
    expect(await passwordMessages(registerFormSchema.safeParseAsync(form('Nigar-2025!')))).toEqual([
      PASSWORD_MESSAGES.containsUsername,
    ]);
    expect(await passwordMessages(registerFormSchema.safeParseAsync(form('my-NIGAR.ALIYEVA')))).toEqual([
      PASSWORD_MESSAGES.containsUsername,
    ]);
    expect(
      await passwordMessages(registerFormSchema.safeParseAsync(form('x-nigar.aliyeva', 'leyla'))),
    ).toEqual([PASSWORD_MESSAGES.containsEmail]);
    expect((await registerFormSchema.safeParseAsync(form('Parol-12345'))).success).toBe(true);
  });

  it('registration request (synchronous, as the API parses it): the personal rule; the list is the use case’s', () => {
    const refused = registerRequestSchema.safeParse(form('Nigar-2025!'));
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: PASSWORD_MESSAGES.containsUsername }),
    ]);
    expect(registerRequestSchema.safeParse(form('password')).success).toBe(true);
  });

  it('invitation form: the invited e-mail counts too', async () => {
    const schema = invitationAccountFormSchema('sevda.q@example.az');
    const input = (password: string) => ({ username: 'sevda', password, confirmPassword: password });
    expect(await passwordMessages(schema.safeParseAsync(input('1-sevda.q-1')))).toEqual([
      PASSWORD_MESSAGES.containsUsername,
    ]);
    expect(
      await passwordMessages(
        invitationAccountFormSchema('qsevda.x@example.az').safeParseAsync({
          username: 'leyla',
          password: 'QSEVDA.X-77',
          confirmPassword: 'QSEVDA.X-77',
        }),
      ),
    ).toEqual([PASSWORD_MESSAGES.containsEmail]);
    expect(await passwordMessages(schema.safeParseAsync(input('iloveyou')))).toEqual([
      PASSWORD_MESSAGES.common,
    ]);
    expect((await schema.safeParseAsync(input('Parol-12345'))).success).toBe(true);
  });
});
