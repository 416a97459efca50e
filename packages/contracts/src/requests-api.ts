import { z } from 'zod';
import { ANNOUNCEMENT_TYPES, MAX_SECURITY_QUESTIONS } from './announcements-api';
import { endpoint } from './endpoint';
import { optionalTrimmedText, trimmedText } from './input-text';
import { CONTACT_METHODS, REQUEST_STATUSES } from './requests-events';

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
  tooManyOpen: (max: number) =>
    `Eyni anda ən çox ${max} açıq sorğunuz ola bilər. Əvvəlki sorğuların nəticəsini gözləyin`,
  tooManyPerHour: (max: number) =>
    `Bir saat ərzində ən çox ${max} sorğu göndərmək olar. Bir az sonra yenidən cəhd edin`,
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
  tooManyOpen: REQUEST_LIMIT_MESSAGES.tooManyOpen(REQUEST_LIMITS.maxOpen),
  tooManyPerHour: REQUEST_LIMIT_MESSAGES.tooManyPerHour(REQUEST_LIMITS.maxPerHour),
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
});
export type HandledRequest = z.infer<typeof handledRequestSchema>;

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
    summary: 'Təşkilatın elanlarına gələn sorğular: yalnız həmin təşkilatın adminləri və super admin',
    tag,
    access: ['org_admin', 'super_admin'],
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
};
