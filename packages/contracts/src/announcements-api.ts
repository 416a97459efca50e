import { z } from 'zod';

export const ANNOUNCEMENT_TYPES = ['lost', 'found'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export const CATEGORIES = ['phones', 'bags', 'keys', 'documents', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];
export const ANNOUNCEMENT_STATUSES = ['open', 'archived'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export const MAX_PHOTO_BYTES = 10_485_760;
export const OBJECT_PATH = /^\/objects\/[A-Za-z0-9-]{8,64}$/;

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v),
    z.string().trim().max(max, message).optional(),
  );

const rewardMessage = 'Mükafat məbləği müsbət olmalıdır';

/** Accepts a number or a numeric string (form inputs); empty means no reward. */
export const rewardAmountSchema = z.preprocess(
  (v) =>
    v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v.replace(',', '.')) : v,
  z
    .number({ error: rewardMessage })
    .finite(rewardMessage)
    .min(0, rewardMessage)
    .max(1_000_000, 'Mükafat məbləği 1 000 000 AZN-dən çox ola bilməz')
    .int('Mükafat məbləği tam ədəd olmalıdır'),
);

/** POST /api/announcements (spec §3 insert fields, §5 rules). */
export const createAnnouncementSchema = z
  .object({
    type: z.enum(ANNOUNCEMENT_TYPES, { error: 'Elanın növünü seçin' }),
    title: z
      .string({ error: 'Başlıq ən azı 5 simvol olmalıdır' })
      .trim()
      .min(5, 'Başlıq ən azı 5 simvol olmalıdır')
      .max(120, 'Başlıq ən çox 120 simvol ola bilər'),
    description: z
      .string({ error: 'Təsvir ən azı 20 simvol olmalıdır' })
      .trim()
      .min(20, 'Təsvir ən azı 20 simvol olmalıdır')
      .max(2000, 'Təsvir ən çox 2000 simvol ola bilər'),
    category: z.enum(CATEGORIES, { error: 'Kateqoriyanı seçin' }),
    location: z
      .string({ error: 'Yer ən azı 3 simvol olmalıdır' })
      .trim()
      .min(3, 'Yer ən azı 3 simvol olmalıdır')
      .max(200, 'Yer ən çox 200 simvol ola bilər'),
    roomNumber: optionalText(20, 'Otaq nömrəsi ən çox 20 simvol ola bilər'),
    contactInfo: optionalText(200, 'Əlaqə məlumatı ən çox 200 simvol ola bilər'),
    imageUrl: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.string().regex(OBJECT_PATH, 'Şəkil ünvanı yanlışdır').optional(),
    ),
    rewardAmount: rewardAmountSchema,
    rewardDescription: optionalText(500, 'Mükafat təsviri ən çox 500 simvol ola bilər'),
    organizationId: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.uuid('Təşkilat yanlışdır').optional(),
    ),
    isPublic: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'found' && (v.rewardAmount > 0 || v.rewardDescription)) {
      ctx.addIssue({
        code: 'custom',
        path: ['rewardAmount'],
        message: 'Mükafat yalnız itirilmiş əşya elanlarına əlavə edilə bilər',
      });
    }
  });
export type CreateAnnouncementRequest = z.infer<typeof createAnnouncementSchema>;
export type CreateAnnouncementInput = z.input<typeof createAnnouncementSchema>;

/** GET /api/announcements query. */
export const listAnnouncementsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  category: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(CATEGORIES, { error: 'Kateqoriya yanlışdır' }).optional(),
  ),
});

/** An announcement in the public list: no contact details of its author. */
export interface PublicAnnouncement {
  id: string;
  type: AnnouncementType;
  title: string;
  description: string;
  location: string;
  category: Category;
  roomNumber: string | null;
  imageUrl: string | null;
  rewardAmount: number;
  rewardDescription: string | null;
  status: AnnouncementStatus;
  organizationId: string | null;
  createdAt: string;
}

/** Details, for signed-in users: adds how to reach the author. */
export interface AnnouncementDetails extends PublicAnnouncement {
  contactInfo: string | null;
  userId: string;
  isPublic: boolean;
  isActive: boolean;
}

export const normalizePathRequestSchema = z.object({
  uploadURL: z
    .string({ error: 'Yükləmə ünvanı tələb olunur' })
    .min(1, 'Yükləmə ünvanı tələb olunur')
    .max(4096),
});

export const PHOTO_MESSAGES = {
  tooLarge: 'Şəkil 10 MB-dan böyük ola bilməz',
  notImage: 'Yalnız şəkil faylları (JPEG, PNG, WebP, GIF) yükləmək olar',
  notFound: 'Yüklənmiş fayl tapılmadı',
  notYours: 'Bu fayl sizə aid deyil',
  normalizeFailed: 'Şəkil URL-si işlənərkən xəta baş verdi',
} as const;
