import { z } from 'zod';
import { endpoint } from './endpoint';
import { charCount, plainText, text, TRIMMED_SPACE, trimmedText } from './input-text';
import {
  commonPasswordProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  personalPasswordProblem,
} from './password-policy';
import { ROLES } from './roles';

const USERNAME_CHARACTERS = '[\\p{L}\\p{N}._-]';
const usernameMessages = {
  required: 'İstifadəçi adı tələb olunur',
  tooShort: 'İstifadəçi adı ən azı 3 simvol olmalıdır',
  tooLong: 'İstifadəçi adı ən çox 50 simvol ola bilər',
  characters: 'İstifadəçi adında yalnız hərf, rəqəm, nöqtə, tire və alt xətt ola bilər',
};

/** Trimmed, 3 to 50 letters, digits, dots, dashes and underscores (counted as characters). */
export const usernameSchema = text(usernameMessages.required)
  .trim()
  .refine((v) => charCount(v) >= 3, usernameMessages.tooShort)
  .refine((v) => charCount(v) <= 50, usernameMessages.tooLong)
  .regex(new RegExp(`^${USERNAME_CHARACTERS}+$`, 'u'), usernameMessages.characters)
  .meta({ pattern: `^${TRIMMED_SPACE}*${USERNAME_CHARACTERS}{3,50}${TRIMMED_SPACE}*$` });

const EMAIL_MESSAGE = 'Düzgün email ünvanı daxil edin';

/** At most 254 characters as sent; trimmed and lower-cased; zod's e-mail rule. */
export const emailSchema = text(EMAIL_MESSAGE)
  .max(254, EMAIL_MESSAGE)
  .trim()
  .toLowerCase()
  .regex(z.regexes.email, EMAIL_MESSAGE)
  .meta({ pattern: `^${TRIMMED_SPACE}*${z.regexes.email.source.slice(1, -1)}${TRIMMED_SPACE}*$` });

const PHONE_MESSAGE = 'Telefon nömrəsi beynəlxalq formatda olmalıdır (məs. +994501234567)';
const PHONE_SEPARATOR = `[${TRIMMED_SPACE.slice(1, -1)}()-]`;

/**
 * International format, e.g. +994501234567; spaces, dashes and brackets are ignored. Optional:
 * absent, empty or only whitespace means none.
 */
export const phoneSchema = text(PHONE_MESSAGE)
  .regex(
    new RegExp(
      `^(?:${TRIMMED_SPACE}*|${PHONE_SEPARATOR}*\\+${PHONE_SEPARATOR}*[1-9](?:${PHONE_SEPARATOR}*[0-9]){7,14}${PHONE_SEPARATOR}*)$`,
    ),
    PHONE_MESSAGE,
  )
  .transform((v) => v.replace(/[\s()-]/g, '') || undefined)
  .optional();

/** 8 to 128 characters, kept as typed. The rules that need more than the password are below. */
export const passwordSchema = plainText({
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
  required: PASSWORD_MESSAGES.required,
  tooShort: PASSWORD_MESSAGES.tooShort,
  tooLong: PASSWORD_MESSAGES.tooLong,
});

interface PasswordFields {
  username?: unknown;
  email?: unknown;
  password?: unknown;
}

/** A password the length rule already refused gets no second message. */
const checkedPassword = (v: PasswordFields) => {
  const { password } = v;
  return typeof password === 'string' && charCount(password) >= PASSWORD_MIN_LENGTH ? password : null;
};
const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Refuses, on the password field, a password that contains the username or the e-mail's local part. */
function refusePersonalPassword(v: PasswordFields, ctx: z.RefinementCtx, email = textOf(v.email)) {
  const password = checkedPassword(v);
  const problem = password && personalPasswordProblem(password, { username: textOf(v.username), email });
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
}

/**
 * Refuses one of the most common passwords. Asynchronous (the list is loaded on first use), so only
 * in the forms' schemas (parsed with parseAsync); the API checks it in the use case.
 */
async function refuseCommonPassword(v: PasswordFields, ctx: z.RefinementCtx) {
  const password = checkedPassword(v);
  const problem = password && (await commonPasswordProblem(password));
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
}

/** POST /api/register. `role` and `organizationId` may be sent but are never trusted. */
export const registerRequestSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
    confirmPassword: text().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: 'Şifrələr uyğun gəlmir',
    path: ['confirmPassword'],
  })
  .superRefine((v, ctx) => refusePersonalPassword(v, ctx));
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * The registration form: the confirmation is required there, and checked on its own field; every
 * password rule, the common list included (so parse it with parseAsync, as the form resolver does).
 */
export const registerFormSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
    confirmPassword: text().min(1, 'Şifrə təsdiqləməsi tələb olunur'),
  })
  .refine((v) => v.confirmPassword === v.password, {
    message: 'Şifrələr uyğun gəlmir',
    path: ['confirmPassword'],
  })
  .superRefine((v, ctx) => refusePersonalPassword(v, ctx))
  .superRefine(refuseCommonPassword);
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** POST /api/login: `username` may be the username, the e-mail or the phone. */
export const loginRequestSchema = z.object({
  username: trimmedText({
    min: 1,
    max: 254,
    required: 'İstifadəçi adı və ya e-poçt tələb olunur',
    tooShort: 'İstifadəçi adı və ya e-poçt tələb olunur',
    tooLong: 'İstifadəçi adı və ya şifrə yanlışdır',
  }),
  password: plainText({
    min: 1,
    max: 128,
    required: 'Şifrə tələb olunur',
    tooShort: 'Şifrə tələb olunur',
    tooLong: 'İstifadəçi adı və ya şifrə yanlışdır',
  }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** PUT /api/profile */
export const profileRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  phone: phoneSchema,
});
export type ProfileRequest = z.infer<typeof profileRequestSchema>;

/** The user as the browser sees it (spec §3 "client-side user"): exactly these fields. */
export const clientUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  organizationId: z.uuid().nullable(),
});
export type ClientUser = z.infer<typeof clientUserSchema>;

export const AUTH_MESSAGES = {
  wrongCredentials: 'İstifadəçi adı və ya şifrə yanlışdır',
  usernameTaken: 'Bu istifadəçi adı artıq istifadə olunur',
  usernameReserved: 'Bu istifadəçi adı platformanın əməkdaşlarına bənzədiyi üçün seçilə bilməz',
  emailTaken: 'Bu e-poçt ünvanı artıq qeydiyyatdan keçib',
  phoneTaken: 'Bu telefon nömrəsi artıq qeydiyyatdan keçib',
  inactive: 'Hesabınız deaktiv edilib',
  throttled: 'Çox sayda uğursuz cəhd edildi. Bir neçə dəqiqədən sonra yenidən cəhd edin',
  invitationNotFound: 'Dəvət tapılmadı və ya link yanlışdır',
  invitationUsed: 'Bu dəvət artıq istifadə olunub',
  /** A newer invitation to the same e-mail replaced this one (only the latest link works). */
  invitationSuperseded: 'Bu dəvəti daha yeni dəvət əvəz edib. Son dəvət məktubundakı keçiddən istifadə edin',
  invitationExpired: 'Dəvətin müddəti bitib. Təşkilatınızdan yeni dəvət istəyin',
  invitationOtherEmail:
    'Bu dəvət başqa e-poçt ünvanına göndərilib. Hesabdan çıxın və dəvəti həmin ünvanla qəbul edin',
  invitationEmailHasAccount:
    'Bu e-poçt ünvanı ilə hesab artıq var. Həmin hesabla daxil olun və dəvəti qəbul edin',
  invitationSuperAdmin: 'Super admin hesabı təşkilat admini ola bilməz',
  invitationOtherOrganization: 'Hesabınız artıq başqa təşkilatın adminidir',
  verificationLinkInvalid: 'Təsdiq linki yanlışdır',
  verificationLinkUsed: 'Bu təsdiq linki artıq istifadə olunub və ya yenisi göndərilib',
  verificationLinkExpired: 'Təsdiq linkinin müddəti bitib. Profildən yeni link istəyin',
  emailAlreadyVerified: 'E-poçt ünvanınız artıq təsdiqlənib',
  verificationThrottled: 'Çox sayda sorğu göndərildi. Bir neçə dəqiqədən sonra yenidən cəhd edin',
  phoneMissing: 'Profilinizdə telefon nömrəsi yoxdur',
  phoneAlreadyVerified: 'Telefon nömrəniz artıq təsdiqlənib',
  phoneCodeWrong: 'Kod yanlışdır',
  phoneCodeExpired: 'Kodun müddəti bitib və ya kod istənilməyib. Yeni kod istəyin',
  phoneCodeLocked: 'Çox sayda yanlış cəhd edildi. Yeni kod istəyin',
  resetRequested:
    'Bu e-poçt ünvanı ilə hesab varsa, şifrəni bərpa etmək üçün link göndərildi. Link 1 saat etibarlıdır',
  resetLinkInvalid: 'Şifrə bərpası linki yanlışdır',
  resetLinkUsed: 'Bu link artıq istifadə olunub. Yeni link istəyin',
  resetLinkExpired: 'Linkin müddəti bitib. Yeni link istəyin',
  currentPasswordWrong: 'Cari şifrə yanlışdır',
  passwordWrong: 'Şifrə yanlışdır',
} as const;

/** An invitation link's token: `<invitationId>.<expiry>.<signature>` (checked by the service). */
const invitationTokenSchema = trimmedText({
  min: 1,
  max: 256,
  required: AUTH_MESSAGES.invitationNotFound,
  tooShort: AUTH_MESSAGES.invitationNotFound,
  tooLong: AUTH_MESSAGES.invitationNotFound,
});

/** GET /api/invitations/:token */
export const invitationParamsSchema = z.object({ token: invitationTokenSchema });

/** What an invitation link shows before it is accepted. */
export const invitationSummarySchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/**
 * The account an invitation creates for a signed-out visitor (the e-mail is the invited one):
 * the registration form's rules and messages (spec §5).
 */
export const invitationAccountSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    confirmPassword: text('Şifrə təsdiqləməsi tələb olunur').min(1, 'Şifrə təsdiqləməsi tələb olunur'),
  })
  .refine((v) => v.confirmPassword === v.password, {
    message: 'Şifrələr uyğun gəlmir',
    path: ['confirmPassword'],
  });
export type InvitationAccount = z.infer<typeof invitationAccountSchema>;

/**
 * The invitation's account form: `invitationAccountSchema` with every password rule, for the invited
 * `email` (parse it with parseAsync, as the form resolver does). The API checks the same in the use case.
 */
export const invitationAccountFormSchema = (email: string) =>
  invitationAccountSchema
    .superRefine((v, ctx) => refusePersonalPassword(v, ctx, email))
    .superRefine(refuseCommonPassword);

/**
 * POST /api/invitations/accept. Signed out: `token` with the new account's `username`,
 * `password` and `confirmPassword` (checked with `invitationAccountSchema` once the token is
 * known to be good). Signed in with the invited e-mail: `token` alone (other fields are ignored).
 */
export const acceptInvitationRequestSchema = z.object({
  token: invitationTokenSchema,
  username: text('İstifadəçi adı tələb olunur').optional(),
  password: text('Şifrə tələb olunur').optional(),
  confirmPassword: text('Şifrə təsdiqləməsi tələb olunur').optional(),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

/** A link's token from an e-mail: `<id>.<expiry>.<signature>` (checked by the service). */
const linkTokenSchema = (message: string) =>
  trimmedText({ min: 1, max: 256, required: message, tooShort: message, tooLong: message });

/** POST /api/verify-email */
export const verifyEmailRequestSchema = z.object({
  token: linkTokenSchema(AUTH_MESSAGES.verificationLinkInvalid),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** POST /api/verify-phone/confirm: the 6 digits of the SMS. */
export const verifyPhoneRequestSchema = z.object({
  code: trimmedText({
    min: 1,
    max: 6,
    required: 'Kodu daxil edin',
    tooShort: 'Kodu daxil edin',
    tooLong: 'Kod 6 rəqəmdən ibarətdir',
  })
    .regex(/^\s*\d{6}\s*$/, 'Kod 6 rəqəmdən ibarətdir')
    .meta({ pattern: `^${TRIMMED_SPACE}*[0-9]{6}${TRIMMED_SPACE}*$` }),
});
export type VerifyPhoneRequest = z.infer<typeof verifyPhoneRequestSchema>;

/** The signed-in user's verification state (not part of the spec's client-side user). */
export const accountStatusSchema = z.object({
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
});
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** POST /api/password-reset/request: the answer is the same whether the e-mail has an account or not. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetRequestedSchema = z.object({ message: z.string() });

const newPasswordFields = {
  password: passwordSchema,
  confirmPassword: text('Şifrə təsdiqləməsi tələb olunur').min(1, 'Şifrə təsdiqləməsi tələb olunur'),
};
const passwordsMatch = <T extends { password: string; confirmPassword: string }>(v: T) =>
  v.confirmPassword === v.password;
const MISMATCH = { message: 'Şifrələr uyğun gəlmir', path: ['confirmPassword'] };

/** POST /api/password-reset/confirm: the registration's password rules (checked in the use case too). */
export const passwordResetConfirmSchema = z
  .object({ token: linkTokenSchema(AUTH_MESSAGES.resetLinkInvalid), ...newPasswordFields })
  .refine(passwordsMatch, MISMATCH);
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** The reset page's form: every password rule, the common list included (parseAsync). */
export const newPasswordFormSchema = z
  .object(newPasswordFields)
  .refine(passwordsMatch, MISMATCH)
  .superRefine(refuseCommonPassword);

/** PUT /api/password: the current password, then the new one (registration's rules). */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: plainText({
      min: 1,
      max: 128,
      required: 'Cari şifrə tələb olunur',
      tooShort: 'Cari şifrə tələb olunur',
      tooLong: AUTH_MESSAGES.currentPasswordWrong,
    }),
    ...newPasswordFields,
  })
  .refine(passwordsMatch, MISMATCH);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The change-password form: every password rule (parseAsync). */
export const changePasswordFormSchema = changePasswordRequestSchema.superRefine(refuseCommonPassword);

/** POST /api/account/delete: the password confirms it. */
export const deleteAccountRequestSchema = z.object({
  password: plainText({
    min: 1,
    max: 128,
    required: 'Şifrə tələb olunur',
    tooShort: 'Şifrə tələb olunur',
    tooLong: AUTH_MESSAGES.passwordWrong,
  }),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/**
 * One live session of the signed-in user; `id` is a digest, never the session id itself. `device`:
 * its browser and system as a person names them ('Chrome, Android'), null when its User-Agent
 * says neither.
 */
export const sessionSummarySchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  device: z.string().nullable(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionSummarySchema) });

const tag = 'auth';

const PASSWORD_RULES = [
  { field: 'password', rule: 'ən geniş yayılmış 10 000 şifrədən biri olmamalıdır' },
  {
    field: 'password',
    rule: 'istifadəçi adını və ya e-poçtun @ işarəsinə qədər olan hissəsini saxlamamalıdır',
  },
] as const;
const CONFIRM_PASSWORD_RULE = { field: 'confirmPassword', rule: 'password ilə eyni olmalıdır' } as const;
/** A name already taken in a look-alike spelling (İ/ı/i, Cyrillic letters, 0/O) is a 409. */
const RESERVED_USERNAME_RULE = {
  field: 'username',
  rule: 'platformanın əməkdaşlarını təqlid edən ad (admin, tapinti, moderator, support və bənzərləri) ola bilməz',
} as const;

/** The auth endpoints; a session starts (or ends) with the HttpOnly cookie `tapinti_session`. */
export const AUTH_ENDPOINTS = {
  register: endpoint({
    method: 'post',
    path: '/api/register',
    summary: 'Qeydiyyat: hesab yaradır və sessiyanı başladır',
    tag,
    access: 'public',
    body: registerRequestSchema,
    response: { status: 201, schema: clientUserSchema },
    // 429: the gateway's limit per address; 503: password hashing busy (Retry-After).
    errors: [409, 429, 503],
    rules: [
      { field: 'confirmPassword', rule: 'verilibsə, password ilə eyni olmalıdır' },
      ...PASSWORD_RULES,
      RESERVED_USERNAME_RULE,
    ],
  }),
  login: endpoint({
    method: 'post',
    path: '/api/login',
    summary: 'Giriş: istifadəçi adı, e-poçt və ya telefonla',
    tag,
    access: 'public',
    body: loginRequestSchema,
    response: { status: 200, schema: clientUserSchema },
    errors: [401, 403, 429, 503],
  }),
  logout: endpoint({
    method: 'post',
    path: '/api/logout',
    summary: 'Çıxış: sessiyanı bitirir',
    tag,
    access: 'public',
    response: { status: 204, schema: null },
  }),
  currentUser: endpoint({
    method: 'get',
    path: '/api/user',
    summary: 'Daxil olmuş istifadəçi',
    tag,
    access: 'signed-in',
    response: { status: 200, schema: clientUserSchema },
  }),
  updateProfile: endpoint({
    method: 'put',
    path: '/api/profile',
    summary: 'Profili yeniləmək',
    tag,
    access: 'signed-in',
    body: profileRequestSchema,
    response: { status: 200, schema: clientUserSchema },
    errors: [409],
    rules: [{ ...RESERVED_USERNAME_RULE, rule: `dəyişirsə, ${RESERVED_USERNAME_RULE.rule}` }],
  }),
  invitation: endpoint({
    method: 'get',
    path: '/api/invitations/:token',
    summary:
      'Təşkilat admini dəvəti: təşkilat, e-poçt və müddət (404 yanlış, 410 istifadə olunub və ya bitib)',
    tag,
    access: 'public',
    params: invitationParamsSchema,
    response: { status: 200, schema: invitationSummarySchema },
    errors: [404, 410],
  }),
  acceptInvitation: endpoint({
    method: 'post',
    path: '/api/invitations/accept',
    summary:
      'Dəvəti qəbul etmək: org_admin hesabı yaradır və sessiyanı başladır, və ya daxil olmuş hesaba rolu verir',
    tag,
    access: 'public',
    body: acceptInvitationRequestSchema,
    response: { status: 201, schema: clientUserSchema },
    errors: [403, 404, 409, 410, 503],
    rules: [...PASSWORD_RULES, RESERVED_USERNAME_RULE],
  }),
  accountStatus: endpoint({
    method: 'get',
    path: '/api/account/status',
    summary: 'E-poçt və telefonun təsdiq vəziyyəti',
    tag,
    access: 'signed-in',
    response: { status: 200, schema: accountStatusSchema },
  }),
  verifyEmail: endpoint({
    method: 'post',
    path: '/api/verify-email',
    summary: 'E-poçtu təsdiqləmək: e-poçtdakı link (48 saat, bir dəfə)',
    tag,
    access: 'public',
    body: verifyEmailRequestSchema,
    response: { status: 204, schema: null },
    errors: [410],
    rules: [{ field: 'token', rule: 'e-poçtla göndərilmiş, imzası düzgün link olmalıdır' }],
  }),
  resendEmailVerification: endpoint({
    method: 'post',
    path: '/api/verify-email/resend',
    summary: 'Təsdiq linkini yenidən göndərmək (əvvəlki link etibarsız olur)',
    tag,
    access: 'signed-in',
    response: { status: 204, schema: null },
    errors: [409, 429],
  }),
  startPhoneVerification: endpoint({
    method: 'post',
    path: '/api/verify-phone/start',
    summary: 'Telefona 6 rəqəmli kod göndərmək (10 dəqiqə, 5 cəhd)',
    tag,
    access: 'signed-in',
    response: { status: 204, schema: null },
    // 503: the SMS could not be sent (try again).
    errors: [409, 429, 503],
    rules: [{ field: 'phone', rule: 'profildə telefon nömrəsi olmalıdır' }],
  }),
  confirmPhoneVerification: endpoint({
    method: 'post',
    path: '/api/verify-phone/confirm',
    summary: 'Telefonu SMS kodu ilə təsdiqləmək',
    tag,
    access: 'signed-in',
    body: verifyPhoneRequestSchema,
    response: { status: 204, schema: null },
    errors: [410, 429],
    rules: [{ field: 'code', rule: 'son göndərilmiş kod olmalıdır' }],
  }),
  requestPasswordReset: endpoint({
    method: 'post',
    path: '/api/password-reset/request',
    summary: 'Şifrə bərpası linki istəmək (hesab olub-olmamasından asılı olmayaraq eyni cavab)',
    tag,
    access: 'public',
    body: passwordResetRequestSchema,
    response: { status: 202, schema: passwordResetRequestedSchema },
    errors: [429],
  }),
  confirmPasswordReset: endpoint({
    method: 'post',
    path: '/api/password-reset/confirm',
    summary: 'Yeni şifrə təyin etmək (link 1 saat, bir dəfə); bütün sessiyalar bitir',
    tag,
    access: 'public',
    body: passwordResetConfirmSchema,
    response: { status: 204, schema: null },
    errors: [410, 429, 503],
    rules: [
      { field: 'token', rule: 'e-poçtla göndərilmiş, imzası düzgün link olmalıdır' },
      CONFIRM_PASSWORD_RULE,
      PASSWORD_RULES[0],
    ],
  }),
  changePassword: endpoint({
    method: 'put',
    path: '/api/password',
    summary: 'Şifrəni dəyişmək (cari şifrə ilə); digər sessiyalar bitir',
    tag,
    access: 'signed-in',
    body: changePasswordRequestSchema,
    response: { status: 204, schema: null },
    errors: [429, 503],
    rules: [
      { field: 'currentPassword', rule: 'hesabın cari şifrəsi olmalıdır' },
      CONFIRM_PASSWORD_RULE,
      ...PASSWORD_RULES,
    ],
  }),
  sessions: endpoint({
    method: 'get',
    path: '/api/sessions',
    summary: 'Aktiv sessiyalar',
    tag,
    access: 'signed-in',
    response: { status: 200, schema: sessionListSchema },
  }),
  signOutEverywhere: endpoint({
    method: 'post',
    path: '/api/sessions/sign-out-everywhere',
    summary: 'Bütün cihazlardan çıxış (bu sessiya da bitir)',
    tag,
    access: 'signed-in',
    response: { status: 204, schema: null },
  }),
  deleteAccount: endpoint({
    method: 'post',
    path: '/api/account/delete',
    summary: 'Hesabı silmək: giriş dərhal bağlanır, məlumatlar 30 gün arxivdə saxlanıb silinir',
    tag,
    access: 'signed-in',
    body: deleteAccountRequestSchema,
    response: { status: 204, schema: null },
    errors: [429, 503],
    rules: [{ field: 'password', rule: 'hesabın cari şifrəsi olmalıdır' }],
  }),
};
