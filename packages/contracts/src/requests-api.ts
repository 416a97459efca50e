import { z } from 'zod';
import { ANNOUNCEMENT_TYPES, MAX_SECURITY_QUESTIONS } from './announcements-api';
import { endpoint } from './endpoint';
import { optionalTrimmedText, text, TRIMMED_SPACE, trimmedText, UUID_TEXT } from './input-text';
import { COMPLAINT_TYPES } from './complaint-types';
import { COMPLAINT_STATUSES, CONTACT_METHODS, REQUEST_STATUSES } from './requests-events';
import { TEXT_WARNINGS } from './text-warnings';

/*
 * Requests (claims on an announcement's item, spec §3 requests, §4 request states): a signed-in
 * user files one, the handler (the admins of the announcement's organisation, else its author)
 * moves it through `pending → contacted → resolved_claimed | resolved_rejected`.
 */

/**
 * Abuse limits (spec: not shown), so the claim form cannot harvest finders' contact details. The
 * requests service takes other values from REQUESTS_MAX_OPEN and REQUESTS_MAX_PER_HOUR.
 */
export const REQUEST_LIMITS = {
  /** Requests of one user that are pending or contacted at once. */
  maxOpen: 20,
  /** Requests one user may file within any hour. */
  maxPerHour: 10,
} as const;
export interface RequestLimits {
  maxOpen: number;
  maxPerHour: number;
}

export const REQUEST_LIMIT_MESSAGES = {
  tooManyOpen: 'Eyni anda ən çox {max} açıq sorğunuz ola bilər. Əvvəlki sorğuların nəticəsini gözləyin',
  tooManyPerHour: 'Bir saat ərzində ən çox {max} sorğu göndərmək olar. Bir az sonra yenidən cəhd edin',
} as const;

export const REQUEST_MESSAGES = {
  announcementRequired: 'Sorğu göndəriləcək elanı seçin',
  announcementNotFound: 'Elan tapılmadı',
  contactMethodRequired: 'Əlaqə üsulunu seçin: telefon, e-poçt və ya şəxsən',
  roomNumberTooLong: 'Otaq nömrəsi ən çox 20 simvol ola bilər',
  messageTooLong: 'Mesaj ən çox 1000 simvol ola bilər',
  answerRequired: 'Hər təhlükəsizlik sualına cavab yazın',
  answerTooLong: 'Cavab ən çox 300 simvol ola bilər',
  answersCount: 'Elanın hər təhlükəsizlik sualına bir cavab yazın',
  ownAnnouncement: 'Öz elanınıza sorğu göndərə bilməzsiniz',
  ownOrganization: 'Öz təşkilatınızın elanına sorğu göndərə bilməzsiniz',
  announcementClosed: 'Bu elan artıq aktiv deyil: ona sorğu göndərmək olmaz',
  duplicate: 'Bu elana artıq açıq sorğunuz var. Onun nəticəsini gözləyin',
  requestId: 'Sorğunun identifikatoru yanlışdır',
  notFound: 'Sorğu tapılmadı',
  statusRequired: 'Sorğunun yeni statusunu seçin',
  statusInvalid: 'Status yanlışdır: pending, contacted, resolved_claimed və ya resolved_rejected olmalıdır',
  notHandler: 'Bu sorğunu yalnız elanın sahibi və ya təşkilatın adminləri idarə edə bilər',
  finalStatus: 'Bu sorğu artıq həll olunub, statusu dəyişdirilə bilməz',
  transition: 'Sorğunu bu statusa keçirmək olmaz',
  organizationId: 'Təşkilat identifikatoru yanlışdır',
  organizationForbidden: 'Bu təşkilatın sorğularına baxmaq icazəniz yoxdur',
  statusFilter:
    'Status filtri yanlışdır: pending, contacted, resolved, resolved_claimed və ya resolved_rejected',
} as const;

/** At most this many security questions per found announcement (announcements-api.ts). */
export { MAX_SECURITY_QUESTIONS };

/** Open = not resolved yet (pending or contacted). */
export const OPEN_REQUEST_STATUSES = ['pending', 'contacted'] as const;
/** Any status starting with 'resolved' counts as resolved (spec §4). */
export const isResolvedStatus = (status: string) => status.startsWith('resolved');

/** POST /api/requests (spec §3 insert: announcementId, contactMethod, roomNumber, message; plus answers). */
export const fileRequestSchema = z.object({
  announcementId: z.uuid({ error: REQUEST_MESSAGES.announcementRequired }).transform((v) => v.toLowerCase()),
  contactMethod: z.enum(CONTACT_METHODS, { error: REQUEST_MESSAGES.contactMethodRequired }),
  roomNumber: optionalTrimmedText(20, REQUEST_MESSAGES.roomNumberTooLong),
  message: optionalTrimmedText(1000, REQUEST_MESSAGES.messageTooLong),
  /** One answer per security question of the announcement, in the questions' order. */
  answers: z
    .array(
      trimmedText({
        min: 1,
        max: 300,
        required: REQUEST_MESSAGES.answerRequired,
        tooShort: REQUEST_MESSAGES.answerRequired,
        tooLong: REQUEST_MESSAGES.answerTooLong,
      }),
      { error: REQUEST_MESSAGES.answersCount },
    )
    .max(MAX_SECURITY_QUESTIONS, REQUEST_MESSAGES.answersCount)
    .nullable()
    .optional()
    .transform((v) => v ?? undefined),
});
export type FileRequest = z.infer<typeof fileRequestSchema>;
export type FileRequestInput = z.input<typeof fileRequestSchema>;

/**
 * PUT /api/requests/:id. `handledBy` (spec §7) may be sent but is never read: the handler is the
 * session's user and the time the server's clock.
 */
export const updateRequestStatusSchema = z.object({
  status: z.enum(REQUEST_STATUSES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? REQUEST_MESSAGES.statusRequired
        : REQUEST_MESSAGES.statusInvalid,
  }),
});
export type UpdateRequestStatus = z.infer<typeof updateRequestStatusSchema>;

export const requestParamsSchema = z.object({
  id: z.uuid({ error: REQUEST_MESSAGES.requestId }).transform((v) => v.toLowerCase()),
});

export const organizationParamsSchema = z.object({
  id: z.uuid({ error: REQUEST_MESSAGES.organizationId }).transform((v) => v.toLowerCase()),
});

/** `?status=`: one status, or `resolved` for both resolved ones; empty or `all`: every status. */
export const REQUEST_STATUS_FILTERS = ['resolved', ...REQUEST_STATUSES] as const;
export type RequestStatusFilter = (typeof REQUEST_STATUS_FILTERS)[number];

export const requestListQuerySchema = z.object({
  status: z
    .enum(['', 'all', ...REQUEST_STATUS_FILTERS], { error: REQUEST_MESSAGES.statusFilter })
    .optional()
    .transform((v): RequestStatusFilter | undefined => (v === '' || v === 'all' ? undefined : v)),
});
export type RequestListQuery = z.infer<typeof requestListQuerySchema>;

const timestamp = z.iso.datetime({ offset: true });

/** A security question of the announcement next to the claimant's answer, as filed. */
export const answeredQuestionSchema = z.object({ question: z.string(), answer: z.string() });
export type AnsweredQuestion = z.infer<typeof answeredQuestionSchema>;

/** What a request shows of its announcement (the requests service's own copy of it). */
export const requestAnnouncementSchema = z.object({
  title: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  roomNumber: z.string().nullable(),
  /** `open`, `archived` or `resolved` (the item went back to its owner). */
  status: z.string(),
});

/** A request as its claimant sees it (`POST /api/requests`, `GET /api/requests/my`). */
export const myRequestSchema = z.object({
  id: z.uuid(),
  announcementId: z.uuid(),
  organizationId: z.uuid().nullable(),
  contactMethod: z.enum(CONTACT_METHODS),
  roomNumber: z.string().nullable(),
  message: z.string().nullable(),
  /** The claimant's own answers to the announcement's security questions. */
  answers: z.array(answeredQuestionSchema),
  status: z.enum(REQUEST_STATUSES),
  handledAt: timestamp.nullable(),
  createdAt: timestamp,
  announcement: requestAnnouncementSchema.nullable(),
});
export type MyRequest = z.infer<typeof myRequestSchema>;

/**
 * A request as its handler sees it (organisation list, incoming, after an update): adds the
 * claimant (username, and their phone or e-mail when that is the contact method they chose) and
 * who handled it.
 */
export const handledRequestSchema = myRequestSchema.extend({
  userId: z.uuid(),
  username: z.string().nullable(),
  /** The claimant's phone (contactMethod `phone`) or e-mail (`email`); null for `in_person`. */
  contact: z.string().nullable(),
  handledBy: z.uuid().nullable(),
  handledByUsername: z.string().nullable(),
  /**
   * Issue 21: what its message or answers look like (asking for money first, a card number, a
   * link), for a warning next to them (`TEXT_WARNING_MESSAGES`); [] for none.
   */
  warnings: z.array(z.enum(TEXT_WARNINGS)),
});
export type HandledRequest = z.infer<typeof handledRequestSchema>;

/*
 * Safe hand-over (issue 15.5): when a claim is resolved_claimed the item's owner gets a 6-digit
 * code; the finder side (the finder, or the organisation's admins) enters it when the item is in
 * the owner's hands. 5 wrong codes lock it until a super admin issues a new code.
 */
export const HANDOVER_MAX_ATTEMPTS = 5;

export const HANDOVER_MESSAGES = {
  codeFormat: 'Təhvil kodu 6 rəqəmdən ibarət olmalıdır',
  wrongCode: 'Təhvil kodu yanlışdır. Qalan cəhd sayı: {left}',
  locked:
    'Təhvil kodu 5 dəfə yanlış daxil edildiyi üçün bloklanıb. Kilidi yalnız super admin aça bilər: o, sahibə yeni kod göndərir',
  notClaimed: 'Bu sorğu üzrə təhvil yoxdur: əvvəlcə sorğu təsdiqlənməlidir',
  alreadyHandedOver: 'Əşya artıq təhvil verilib',
  notFinder: 'Təhvil kodunu yalnız əşyanı tapan şəxs və ya təşkilatın adminləri daxil edə bilər',
  notLocked: 'Bu təhvil bloklanmayıb',
} as const;

/** The warning both sides see before the hand-over (claim views, /profile). */
export const HANDOVER_WARNING =
  'Diqqət: əşyanı əlinizə almadan heç vaxt mükafat ödəməyin. Mükafat yalnız təhvil kodu təsdiqləndikdən sonra ödənilir.';

export const HANDOVER_STATES = ['awaiting', 'locked', 'handed_over'] as const;
export type HandoverState = (typeof HANDOVER_STATES)[number];

export const handoverCodeSchema = z.object({
  code: text(HANDOVER_MESSAGES.codeFormat)
    .trim()
    .regex(/^[0-9]{6}$/, HANDOVER_MESSAGES.codeFormat)
    .meta({ pattern: `^${TRIMMED_SPACE}*[0-9]{6}${TRIMMED_SPACE}*$` }),
});
export type HandoverCodeInput = z.infer<typeof handoverCodeSchema>;

/**
 * A hand-over as the caller sees it: `owner` (with the code while awaiting), `finder` (the finder
 * or the organisation's admins: they enter the code), `super_admin` (a locked one to unlock).
 */
export const handoverSchema = z.object({
  requestId: z.uuid(),
  announcementId: z.uuid(),
  organizationId: z.uuid().nullable(),
  role: z.enum(['owner', 'finder', 'super_admin']),
  state: z.enum(HANDOVER_STATES),
  /** The owner's code while it is awaited; null for everyone else and afterwards. */
  code: z.string().nullable(),
  failedAttempts: z.number().int().min(0),
  attemptsLeft: z.number().int().min(0),
  issuedAt: timestamp,
  handedOverAt: timestamp.nullable(),
  announcement: requestAnnouncementSchema.nullable(),
});
export type Handover = z.infer<typeof handoverSchema>;

/** Complaints (spec §5 form, §3 complaint payload): filed by anyone, handled by super admins. */
export const COMPLAINT_MESSAGES = {
  type: 'Şikayət növünü seçin',
  subject: 'Mövzu ən azı 5 simvol olmalıdır',
  subjectTooLong: 'Mövzu ən çox 200 simvol ola bilər',
  description: 'Təsvir ən azı 20 simvol olmalıdır',
  descriptionTooLong: 'Təsvir ən çox 5000 simvol ola bilər',
  contact: 'Əlaqə məlumatı tələb olunur',
  contactTooLong: 'Əlaqə məlumatı ən çox 200 simvol ola bilər',
  announcementId: 'Elan ID-si yanlışdır',
  complaintId: 'Şikayətin identifikatoru yanlışdır',
  notFound: 'Şikayət tapılmadı',
  status: 'Status yanlışdır: open, in_progress və ya resolved olmalıdır',
  statusFilter: 'Status filtri yanlışdır: open, in_progress və ya resolved',
  replyTooLong: 'Cavab ən çox 2000 simvol ola bilər',
  nothingToChange: 'Statusu dəyişin və ya cavab yazın',
  numberFormat: 'Şikayət nömrəsini ŞK-000123 şəklində yazın',
  statusNotFound: 'Bu nömrə və əlaqə məlumatı ilə şikayət tapılmadı',
} as const;

/** `ŞK-000123`: the complaint's sequence number, six digits at least. */
export const complaintNumberOf = (sequence: number) => `ŞK-${String(sequence).padStart(6, '0')}`;

/** POST /api/complaints: the §5 form's fields (contact: `userInfo`). */
export const fileComplaintSchema = z.object({
  type: z.enum(COMPLAINT_TYPES, { error: COMPLAINT_MESSAGES.type }),
  subject: trimmedText({
    min: 5,
    max: 200,
    required: COMPLAINT_MESSAGES.subject,
    tooShort: COMPLAINT_MESSAGES.subject,
    tooLong: COMPLAINT_MESSAGES.subjectTooLong,
  }),
  /** Optional; when given, an announcement's uuid. */
  announcementId: text(COMPLAINT_MESSAGES.announcementId)
    .trim()
    .regex(new RegExp(`^(?:|${UUID_TEXT})$`), COMPLAINT_MESSAGES.announcementId)
    .meta({ pattern: `^${TRIMMED_SPACE}*(?:|${UUID_TEXT})${TRIMMED_SPACE}*$` })
    .nullable()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  description: trimmedText({
    min: 20,
    max: 5000,
    required: COMPLAINT_MESSAGES.description,
    tooShort: COMPLAINT_MESSAGES.description,
    tooLong: COMPLAINT_MESSAGES.descriptionTooLong,
  }),
  /** An e-mail (the number and the reply are e-mailed there) or a phone. */
  userInfo: trimmedText({
    min: 3,
    max: 200,
    required: COMPLAINT_MESSAGES.contact,
    tooShort: COMPLAINT_MESSAGES.contact,
    tooLong: COMPLAINT_MESSAGES.contactTooLong,
  }),
});
export type FileComplaint = z.infer<typeof fileComplaintSchema>;
export type FileComplaintInput = z.input<typeof fileComplaintSchema>;

/** What the complainant gets back: the number to quote (also e-mailed to an e-mail contact). */
export const filedComplaintSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  /** Whether the number was sent by e-mail (the contact, or the signed-in user's address). */
  emailed: z.boolean(),
  createdAt: timestamp,
});
export type FiledComplaint = z.infer<typeof filedComplaintSchema>;

/** A complaint as super admins see it (GET /api/complaints, PUT /api/complaints/:id). */
export const complaintSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  type: z.enum(COMPLAINT_TYPES),
  subject: z.string(),
  description: z.string(),
  announcementId: z.uuid().nullable(),
  contact: z.string(),
  contactEmail: z.string().nullable(),
  userId: z.uuid().nullable(),
  username: z.string().nullable(),
  status: z.enum(COMPLAINT_STATUSES),
  reply: z.string().nullable(),
  repliedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ComplaintView = z.infer<typeof complaintSchema>;

export const complaintParamsSchema = z.object({
  id: z.uuid({ error: COMPLAINT_MESSAGES.complaintId }).transform((v) => v.toLowerCase()),
});

export const complaintListQuerySchema = z.object({
  status: z
    .enum(['', 'all', ...COMPLAINT_STATUSES], { error: COMPLAINT_MESSAGES.statusFilter })
    .optional()
    .transform((v) => (v === '' || v === 'all' ? undefined : v)),
});

/**
 * POST /api/complaints/status: the complainant follows their complaint with its number and the
 * contact they gave (both needed, so sequential numbers tell nobody else anything).
 */
export const complaintStatusQuerySchema = z.object({
  number: text(COMPLAINT_MESSAGES.numberFormat)
    .trim()
    .regex(/^[ŞşSs][Kk]-?[0-9]{1,9}$/, COMPLAINT_MESSAGES.numberFormat)
    .meta({ pattern: `^${TRIMMED_SPACE}*[ŞşSs][Kk]-?[0-9]{1,9}${TRIMMED_SPACE}*$` }),
  contact: trimmedText({
    min: 3,
    max: 200,
    required: COMPLAINT_MESSAGES.contact,
    tooShort: COMPLAINT_MESSAGES.contact,
    tooLong: COMPLAINT_MESSAGES.contactTooLong,
  }),
});
export type ComplaintStatusQuery = z.infer<typeof complaintStatusQuerySchema>;

/** What the complainant sees of their complaint. */
export const complaintProgressSchema = z.object({
  number: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  reply: z.string().nullable(),
  repliedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ComplaintProgress = z.infer<typeof complaintProgressSchema>;

/** PUT /api/complaints/:id: a new status and/or a reply (e-mailed to the contact). */
export const updateComplaintSchema = z.object({
  status: z.enum(COMPLAINT_STATUSES, { error: COMPLAINT_MESSAGES.status }),
  reply: optionalTrimmedText(2000, COMPLAINT_MESSAGES.replyTooLong),
});
export type UpdateComplaint = z.infer<typeof updateComplaintSchema>;

const tag = 'requests';

export const REQUEST_ENDPOINTS = {
  file: endpoint({
    method: 'post',
    path: '/api/requests',
    summary:
      'Elana sorğu (iddia) göndərmək: əlaqə üsulu, otaq nömrəsi, mesaj və təhlükəsizlik suallarının cavabları',
    tag,
    access: 'signed-in',
    body: fileRequestSchema,
    response: { status: 201, schema: myRequestSchema },
    errors: [403, 404, 409, 429],
    rules: [
      {
        field: 'answers',
        rule: 'elanın hər təhlükəsizlik sualına, sualların sırası ilə bir cavab (sualı olmayan elanda cavablar nəzərə alınmır)',
      },
    ],
  }),
  my: endpoint({
    method: 'get',
    path: '/api/requests/my',
    summary: 'Göndərdiyim sorğular, cari statusları ilə (ən yenisi əvvəl)',
    tag,
    access: 'signed-in',
    response: { status: 200, schema: z.array(myRequestSchema) },
  }),
  incoming: endpoint({
    method: 'get',
    path: '/api/requests/incoming',
    summary: 'Təşkilata aid olmayan öz elanlarıma gələn sorğular (ən yenisi əvvəl)',
    tag,
    access: 'signed-in',
    query: requestListQuerySchema,
    response: { status: 200, schema: z.array(handledRequestSchema) },
  }),
  organization: endpoint({
    method: 'get',
    path: '/api/organizations/:id/requests',
    summary:
      'Təşkilatın elanlarına gələn sorğular: yalnız həmin təşkilatın adminləri, əməkdaşları və super admin',
    tag,
    access: ['org_admin', 'org_staff', 'super_admin'],
    params: organizationParamsSchema,
    query: requestListQuerySchema,
    response: { status: 200, schema: z.array(handledRequestSchema) },
  }),
  updateStatus: endpoint({
    method: 'put',
    path: '/api/requests/:id',
    summary:
      'Sorğunun statusunu dəyişmək: pending → contacted | resolved_claimed | resolved_rejected; contacted → resolved_*',
    tag,
    access: 'signed-in',
    params: requestParamsSchema,
    body: updateRequestStatusSchema,
    response: { status: 200, schema: handledRequestSchema },
    errors: [403, 404, 409],
  }),
  handovers: endpoint({
    method: 'get',
    path: '/api/requests/handovers',
    summary:
      'Təhvillərim: sahib kimi (təhvil kodu ilə), tapan və ya təşkilat admini kimi; super admin üçün bloklanmışlar da',
    tag,
    access: 'signed-in',
    response: { status: 200, schema: z.array(handoverSchema) },
  }),
  confirmHandover: endpoint({
    method: 'post',
    path: '/api/requests/:id/handover',
    summary:
      'Təhvili təsdiqləmək: tapan (və ya təşkilat admini) sahibin 6 rəqəmli kodunu daxil edir; 5 yanlış cəhddən sonra bloklanır',
    tag,
    access: 'signed-in',
    params: requestParamsSchema,
    body: handoverCodeSchema,
    response: { status: 200, schema: handoverSchema },
    errors: [403, 404, 409],
    rules: [{ field: 'code', rule: 'sahibin cari təhvil kodu (yanlış kod: 400, qalan cəhd sayı ilə)' }],
  }),
  unlockHandover: endpoint({
    method: 'post',
    path: '/api/requests/:id/handover/unlock',
    summary: 'Bloklanmış təhvili açmaq: sahibə yeni kod göndərilir (yalnız super admin)',
    tag,
    access: ['super_admin'],
    params: requestParamsSchema,
    response: { status: 200, schema: handoverSchema },
    errors: [404, 409],
  }),
  fileComplaint: endpoint({
    method: 'post',
    path: '/api/complaints',
    summary: 'Şikayət göndərmək (anonim də olar): şikayət nömrəsi qaytarılır və e-poçt ünvanına göndərilir',
    tag,
    access: 'public',
    body: fileComplaintSchema,
    response: { status: 201, schema: filedComplaintSchema },
    errors: [429],
  }),
  complaintStatus: endpoint({
    method: 'post',
    path: '/api/complaints/status',
    summary: 'Şikayətin statusu: şikayət nömrəsi və göndərilərkən yazılan əlaqə məlumatı ilə',
    tag,
    access: 'public',
    body: complaintStatusQuerySchema,
    response: { status: 200, schema: complaintProgressSchema },
    errors: [404],
  }),
  complaints: endpoint({
    method: 'get',
    path: '/api/complaints',
    summary: 'Şikayətlər (ən yenisi əvvəl): yalnız super admin',
    tag,
    access: ['super_admin'],
    query: complaintListQuerySchema,
    response: { status: 200, schema: z.array(complaintSchema) },
  }),
  updateComplaint: endpoint({
    method: 'put',
    path: '/api/complaints/:id',
    summary:
      'Şikayətin statusu (open, in_progress, resolved) və cavab (e-poçtla göndərilir): yalnız super admin',
    tag,
    access: ['super_admin'],
    params: complaintParamsSchema,
    body: updateComplaintSchema,
    response: { status: 200, schema: complaintSchema },
    errors: [404],
    rules: [{ field: 'status', rule: 'cari statusdan fərqli status və ya boş olmayan cavab (reply)' }],
  }),
};
