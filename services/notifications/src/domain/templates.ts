import type { Category } from '@tapinti/contracts/announcements-api';
import type { NotificationType } from '@tapinti/contracts/notifications-api';
import { NOTIFICATION_BRAND } from '@tapinti/contracts/notifications-api';
import { bakuDay, DAY_MS, formatDateTime, formatDay } from '@tapinti/contracts/baku-calendar';
import { invitedAs } from './invitation-mail';
import {
  ORGANIZATION_TYPE_LABELS,
  SUBSCRIPTION_PLAN_LABELS,
  type OrganizationType,
  type SubscriptionPlan,
} from '@tapinti/contracts/organizations-events';

/**
 * What each trigger tells its recipient: an Azerbaijani title and message, the page of the web app
 * it points to, and what it is about. Pure: the triggers look the inputs up, these only word them.
 */
export interface Draft {
  type: NotificationType;
  /** What it is about (an application, a request, an announcement, a subscription, a user). */
  subjectId: string;
  title: string;
  message: string;
  /** A path of the web app (the e-mail makes it absolute with `PUBLIC_URL`). */
  link: string | null;
  data: Record<string, unknown>;
}

const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = {
  trial: 'sınaq',
  active: 'aktiv',
  expired: 'bitib',
};
const CONTACT_METHOD_LABELS: Record<string, string> = {
  phone: 'telefon',
  email: 'e-poçt',
  in_person: 'şəxsən',
};
export const REQUEST_STATUS_LABELS: Record<string, string> = {
  pending: 'Gözləmədə',
  contacted: 'Əlaqə saxlanıldı',
  resolved_claimed: 'Qəbul edildi — təhvil kodu sizə göndərilir',
  resolved_rejected: 'Rədd edildi — sahiblik təsdiqlənmədi',
};
const REQUEST_STATUS_NEXT: Record<string, string> = {
  pending: 'Müraciətinizə tezliklə baxılacaq.',
  contacted: 'Elanın sahibi sizinlə göstərdiyiniz üsulla əlaqə saxlayır.',
  resolved_claimed:
    'Əşyanı təhvil almaq üçün elanın sahibi ilə vaxt və yeri razılaşdırın. Kodu yalnız əşyanı əlinizə aldıqda deyin: müraciət bundan sonra həll olunur.',
  resolved_rejected: `Bunun səhv olduğunu düşünürsünüzsə, ${NOTIFICATION_BRAND.supportEmail} ünvanına yazın.`,
};

/** `Basic abunəliyi`, or just `abunəliyi` when the plan is not known. */
const planSubscription = (plan: string) =>
  plan ? `${SUBSCRIPTION_PLAN_LABELS[plan as SubscriptionPlan] ?? plan} abunəliyi` : 'abunəliyi';
const planLabel = (plan: string) => SUBSCRIPTION_PLAN_LABELS[plan as SubscriptionPlan] ?? plan;
/** An announcement the directory does not know (its event is yet to come) is still named. */
const titleOf = (title: string | null | undefined) => (title ? `«${title}»` : 'Sizin');
/** Someone's words as a sentence: ends with one full stop (never '..' after their own). */
const asSentence = (words: string) => (/[.!?…]$/.test(words.trim()) ? words.trim() : `${words.trim()}.`);

/** The page of one claim: the tab of /profile (or /org-admin) that lists it, opened at it. */
export const claimLink = (tab: 'requests' | 'incoming' | 'organization', requestId: string) =>
  tab === 'organization'
    ? `/org-admin?tab=requests&request=${requestId}`
    : `/profile?tab=${tab}&request=${requestId}`;
/** The author's announcement in /profile («Mənim elanlarım», opened at it). */
export const ownAnnouncementLink = (announcementId: string) =>
  `/profile?tab=announcements&announcement=${announcementId}`;

export function welcome(p: { userId: string; username: string }): Draft {
  return {
    type: 'welcome',
    subjectId: p.userId,
    title: 'Tapıntıya xoş gəlmisiniz!',
    message:
      `Salam, ${p.username}! Hesabınız yaradıldı. İndi itirdiyiniz və ya tapdığınız əşya haqqında ` +
      'pulsuz elan yerləşdirə, elanlara baxa və sahibləri ilə əlaqə saxlaya bilərsiniz.',
    link: '/',
    data: { userId: p.userId },
  };
}

export function applicationReceived(p: {
  applicationId: string;
  organizationName: string;
  contactPerson: string;
}): Draft {
  return {
    type: 'application-received',
    subjectId: p.applicationId,
    title: 'Müraciətiniz qəbul edildi',
    message:
      `Hörmətli ${p.contactPerson}, «${p.organizationName}» təşkilatının Tapıntıya qoşulma müraciəti ` +
      'qəbul edildi. Qiymətləndirmə 2–3 iş günü çəkir; nəticəni bu e-poçt ünvanına göndərəcəyik.',
    link: '/',
    data: { applicationId: p.applicationId, organizationName: p.organizationName },
  };
}

export interface ApprovedOrganization {
  organizationId: string;
  name: string;
  type: string;
  address: string;
  contactEmail: string;
  contactPhone: string | null;
}

export function applicationApproved(p: {
  applicationId: string;
  contactPerson: string;
  organization: ApprovedOrganization;
  subscription: { plan: string; status: string; startDate: string; endDate: string } | null;
}): Draft {
  const o = p.organization;
  const lines = [
    `Hörmətli ${p.contactPerson}, təbriklər! «${o.name}» təşkilatının müraciəti təsdiq edildi və təşkilat Tapıntıda yaradıldı.`,
    '',
    'Təşkilatın məlumatları:',
    `• Ad: ${o.name}`,
    `• Növ: ${ORGANIZATION_TYPE_LABELS[o.type as OrganizationType] ?? o.type}`,
    `• Ünvan: ${o.address}`,
    `• E-poçt: ${o.contactEmail}`,
  ];
  if (o.contactPhone) lines.push(`• Telefon: ${o.contactPhone}`);
  if (p.subscription) {
    const s = p.subscription;
    lines.push(
      `• Abunə: ${planLabel(s.plan)} (${SUBSCRIPTION_STATUS_LABELS[s.status] ?? s.status}), ` +
        `${formatDay(s.startDate)} – ${formatDay(s.endDate)}`,
    );
  }
  lines.push(
    '',
    'Təşkilatın admin hesabı üçün dəvət ayrıca e-poçtla göndərilir. Dəvəti qəbul etdikdən sonra ' +
      'təşkilat panelində elanları və müraciətləri idarə edə bilərsiniz.',
  );
  return {
    type: 'application-approved',
    subjectId: p.applicationId,
    title: 'Müraciətiniz təsdiq edildi',
    message: lines.join('\n'),
    link: '/org-admin',
    data: { applicationId: p.applicationId, organizationId: o.organizationId, organizationName: o.name },
  };
}

export function applicationRejected(p: {
  applicationId: string;
  organizationName: string;
  contactPerson: string;
  reason: string;
}): Draft {
  return {
    type: 'application-rejected',
    subjectId: p.applicationId,
    title: 'Müraciətiniz rədd edildi',
    message: [
      `Hörmətli ${p.contactPerson}, təəssüf ki, «${p.organizationName}» təşkilatının müraciəti rədd edildi.`,
      `Səbəb: ${p.reason}`,
      'Məlumatları düzəldib yenidən müraciət edə bilərsiniz.',
    ].join('\n'),
    link: '/apply-organization',
    data: { applicationId: p.applicationId, organizationName: p.organizationName, reason: p.reason },
  };
}

export function requestFiled(p: {
  requestId: string;
  announcementId: string;
  announcementTitle: string | null;
  contactMethod: string;
  /** Who handles it: the organisation's admins, or the announcement's author. */
  handler: 'organization' | 'author';
}): Draft {
  return {
    type: 'request-filed',
    subjectId: p.requestId,
    title: 'Elana yeni müraciət göndərildi',
    message:
      `${p.announcementTitle ? `«${p.announcementTitle}» elanına` : 'Elanınıza'} yeni müraciət göndərildi. ` +
      `Əlaqə üsulu: ${CONTACT_METHOD_LABELS[p.contactMethod] ?? p.contactMethod}. ` +
      'Müraciətə baxın və statusunu yeniləyin.',
    link: claimLink(p.handler === 'organization' ? 'organization' : 'incoming', p.requestId),
    data: { requestId: p.requestId, announcementId: p.announcementId },
  };
}

export function requestStatusChanged(p: {
  requestId: string;
  announcementId: string;
  announcementTitle: string | null;
  status: string;
}): Draft {
  return {
    type: 'request-status-changed',
    subjectId: `${p.requestId}:${p.status}`,
    title: 'Müraciətinizin statusu yeniləndi',
    message:
      `${p.announcementTitle ? `«${p.announcementTitle}» elanı üzrə müraciətinizin` : 'Müraciətinizin'} yeni statusu: ` +
      `${REQUEST_STATUS_LABELS[p.status] ?? p.status}. ${REQUEST_STATUS_NEXT[p.status] ?? ''}`.trim(),
    link: claimLink('requests', p.requestId),
    data: { requestId: p.requestId, announcementId: p.announcementId, status: p.status },
  };
}

const stillMissing = (type: string) =>
  type === 'lost' ? 'Əşya hələ tapılmayıbsa' : 'Əşya hələ sahibinə qaytarılmayıbsa';

export function announcementArchiveReminder(p: {
  announcementId: string;
  title: string;
  type: string;
  archiveAt: Date;
}): Draft {
  return {
    type: 'announcement-archive-reminder',
    subjectId: p.announcementId,
    title: 'Elanınız tezliklə arxivləşdiriləcək',
    message:
      `${titleOf(p.title)} elanınız ${formatDateTime(p.archiveAt)} tarixində avtomatik arxivləşdiriləcək ` +
      `və siyahıdan çıxacaq. ${stillMissing(p.type)}, arxivləşdikdən sonra yeni elan yerləşdirə bilərsiniz.`,
    link: ownAnnouncementLink(p.announcementId),
    data: { announcementId: p.announcementId, archiveAt: p.archiveAt.toISOString() },
  };
}

export function announcementArchived(p: {
  announcementId: string;
  title: string | null;
  type: string;
  /** The archiving period (ANNOUNCEMENT_ARCHIVE_AFTER_MS). */
  periodMs: number;
}): Draft {
  const days = Math.floor(p.periodMs / DAY_MS);
  const period = days >= 1 ? `aktivlik müddəti (${days} gün)` : 'aktivlik müddəti';
  const button = p.type === 'lost' ? '«İtirdim»' : '«Tapdım»';
  return {
    type: 'announcement-archived',
    subjectId: p.announcementId,
    title: 'Elanınız arxivləşdirildi',
    message:
      `${titleOf(p.title)} elanınızın ${period} bitdiyi üçün o, avtomatik arxivləşdirildi və artıq ` +
      `siyahıda görünmür. ${stillMissing(p.type)}, yenidən elan yerləşdirin: ana səhifədəki ${button} ` +
      'düyməsinə basın və ya aşağıdakı keçiddən istifadə edin.',
    link: `/create?type=${p.type === 'found' ? 'found' : 'lost'}`,
    data: { announcementId: p.announcementId },
  };
}

/** What moderation did to an announcement, as its author is told. */
export type ModerationOutcome = 'held' | 'approved' | 'hidden' | 'restored';

export function announcementModerated(p: {
  announcementId: string;
  title: string | null;
  outcome: ModerationOutcome;
  /** Why it was hidden (a super admin's words), or what held it (`heldReasonOf`). */
  reason: string | null;
  /** When it happened: one notification per moderation change. */
  at: string;
}): Draft {
  const name = `${titleOf(p.title)} elanınız`;
  const wording: Record<ModerationOutcome, { title: string; message: string }> = {
    held: {
      title: 'Elanınız yoxlamaya göndərildi',
      message:
        `${name} moderator yoxlayana qədər siyahıda görünməyəcək${p.reason ? ` (${p.reason.trim().replace(/\.+$/, '')})` : ''}. ` +
        'Yoxlama bitəndə sizə xəbər verəcəyik.',
    },
    approved: {
      title: 'Elanınız təsdiqləndi',
      message: `${name} moderator tərəfindən yoxlanıldı və siyahıda görünür.`,
    },
    hidden: {
      title: 'Elanınız gizlədildi',
      message:
        `${name} moderator tərəfindən gizlədildi və siyahıda görünmür. Səbəb: ${asSentence(p.reason ?? '—')} ` +
        `Bunun səhv olduğunu düşünürsünüzsə, ${NOTIFICATION_BRAND.supportEmail} ünvanına yazın.`,
    },
    restored: {
      title: 'Elanınız bərpa edildi',
      message: `${name} yenidən siyahıda görünür.`,
    },
  };
  return {
    type: 'announcement-moderated',
    subjectId: `${p.announcementId}:${p.at}`,
    ...wording[p.outcome],
    link: ownAnnouncementLink(p.announcementId),
    data: { announcementId: p.announcementId, outcome: p.outcome, reason: p.reason },
  };
}

export function subscriptionExpiring(p: {
  subscriptionId: string;
  organizationId: string;
  organizationName: string;
  plan: string;
  endDate: string;
  daysLeft: number;
}): Draft {
  return {
    type: 'subscription-expiring',
    subjectId: p.subscriptionId,
    title: p.daysLeft > 0 ? `Abunəliyin bitməsinə ${p.daysLeft} gün qalır` : 'Abunəlik bu gün bitir',
    message:
      `«${p.organizationName}» təşkilatının ${planSubscription(p.plan)} ${formatDay(p.endDate)} ` +
      'tarixində bitir. Xidmətin fasiləsiz davam etməsi üçün abunəliyi vaxtında yeniləyin: ' +
      `${NOTIFICATION_BRAND.supportEmail}.`,
    link: '/org-admin',
    data: { subscriptionId: p.subscriptionId, organizationId: p.organizationId, endDate: p.endDate },
  };
}

export function subscriptionExpired(p: {
  subscriptionId: string;
  organizationId: string;
  organizationName: string;
  plan: string;
  endDate: string;
}): Draft {
  return {
    type: 'subscription-expired',
    subjectId: p.subscriptionId,
    title: 'Abunəliyin müddəti bitdi',
    message:
      `«${p.organizationName}» təşkilatının ${planSubscription(p.plan)} ${formatDay(p.endDate)} ` +
      `tarixində bitdi. Abunəliyi yeniləmək üçün ${NOTIFICATION_BRAND.supportEmail} ünvanına yazın.`,
    link: '/org-admin',
    data: { subscriptionId: p.subscriptionId, organizationId: p.organizationId, endDate: p.endDate },
  };
}

/** One side of a match, as the `match.found` event names it. */
export interface MatchSide {
  announcementId: string;
  title: string;
}

/**
 * A lost and a found announcement match → each author, about their own announcement and the
 * other one: why they match, and the way to their announcement's matches.
 */
export function announcementMatched(p: {
  /** The recipient's announcement and its type. */
  own: MatchSide & { type: 'lost' | 'found' };
  other: MatchSide;
  reasons: string[];
  score: number;
}): Draft {
  const next =
    p.own.type === 'lost'
      ? 'Elana baxın; əşya sizindirsə, sahibi ilə əlaqə saxlamaq üçün müraciət göndərin.'
      : 'Elana baxın; əşyanın sahibi ola bilər. Müraciət gələrsə, təhlükəsizlik sualları ilə sahibliyi yoxlayın.';
  const otherKind = p.own.type === 'lost' ? 'tapılmış əşya' : 'itirilmiş əşya';
  const lines = [
    `${titleOf(p.own.title)} elanınıza uyğun ola biləcək ${otherKind} elanı var: «${p.other.title}».`,
  ];
  if (p.reasons.length) lines.push(`Səbəb: ${p.reasons.join('; ')}.`);
  lines.push(next);
  return {
    type: 'announcement-match',
    subjectId: `${p.own.announcementId}:${p.other.announcementId}`,
    title: 'Elanınıza uyğun elan tapıldı',
    message: lines.join('\n'),
    link: ownAnnouncementLink(p.own.announcementId),
    data: {
      announcementId: p.own.announcementId,
      matchedAnnouncementId: p.other.announcementId,
      score: p.score,
    },
  };
}

/**
 * Issue 15: the e-mail verification and password reset e-mails. The link's token is NOT here: the
 * sender signs it from `data.linkId` and `data.expiresAt` when it sends (`signedLinkOf`), so no
 * row holds it. `link` is the page the token is appended to.
 */
export function emailVerification(p: { userId: string; verificationId: string; expiresAt: string }): Draft {
  return {
    type: 'email-verification',
    subjectId: p.verificationId,
    title: 'E-poçt ünvanınızı təsdiqləyin',
    message:
      'Tapıntı hesabınızın e-poçt ünvanını təsdiqləmək üçün aşağıdakı linkə keçin. Link 48 saat ' +
      'etibarlıdır və bir dəfə işləyir. Hesabı siz yaratmamısınızsa, bu məktubu nəzərə almayın.',
    link: '/verify-email',
    data: { userId: p.userId, linkId: p.verificationId, expiresAt: p.expiresAt },
  };
}

export function passwordReset(p: { userId: string; resetId: string; expiresAt: string }): Draft {
  return {
    type: 'password-reset',
    subjectId: p.resetId,
    title: 'Şifrənin bərpası',
    message:
      'Tapıntı hesabınız üçün şifrənin bərpası istənildi. Yeni şifrə təyin etmək üçün aşağıdakı linkə ' +
      'keçin. Link 1 saat etibarlıdır və bir dəfə işləyir. Bunu siz istəməmisinizsə, bu məktubu nəzərə ' +
      'almayın: şifrəniz dəyişməyəcək.',
    link: '/reset-password',
    data: { userId: p.userId, linkId: p.resetId, expiresAt: p.expiresAt },
  };
}

/** What to do when it was not them, in the security e-mails below ('Siz deyildinizsə, dərhal …'). */
const notYou = (condition: string) =>
  `${condition}, dərhal «Şifrəni unutmusunuz?» ilə yeni şifrə təyin edin, sonra «Profil» səhifəsinin ` +
  '«Təhlükəsizlik» bölməsində «Bütün cihazlardan çıx» düyməsini basın və ' +
  `${NOTIFICATION_BRAND.supportEmail} ünvanına yazın.`;

/** Issue 22: the account's password was changed (by a reset link or by the signed-in user). */
export function passwordChanged(p: { userId: string; via: 'reset' | 'change'; at: Date }): Draft {
  const how = p.via === 'reset' ? 'e-poçtla göndərilən bərpa linki ilə' : 'profildən';
  return {
    type: 'password-changed',
    subjectId: `${p.userId}:${p.at.toISOString()}`,
    title: 'Şifrəniz dəyişdirildi',
    message:
      `Tapıntı hesabınızın şifrəsi ${formatDateTime(p.at)} (Bakı vaxtı) ${how} dəyişdirildi. Digər ` +
      'cihazlardakı girişlər bağlandı. Bunu siz etmisinizsə, başqa heç nə etməyə ehtiyac yoxdur.\n\n' +
      notYou('Bunu siz etməmisinizsə'),
    link: '/forgot-password',
    data: { userId: p.userId, via: p.via },
  };
}

/**
 * Issue 22: a sign-in from a browser without a valid device cookie of the account. `device` is its
 * name ('Chrome, Android'); never its address.
 */
export function newDeviceSignIn(p: { userId: string; device: string | null; at: Date }): Draft {
  return {
    type: 'new-device-sign-in',
    subjectId: `${p.userId}:${p.at.toISOString()}`,
    title: 'Hesabınıza yeni cihazdan giriş edildi',
    message: [
      'Tapıntı hesabınıza indiyədək istifadə etmədiyiniz cihazdan və ya brauzerdən giriş edildi.',
      '',
      `Cihaz: ${p.device ?? 'naməlum brauzer'}`,
      `Vaxt: ${formatDateTime(p.at)} (Bakı vaxtı)`,
      '',
      'Bu siz idinizsə, heç nə etməyin.',
      notYou('Siz deyildinizsə'),
    ].join('\n'),
    link: '/profile?tab=security',
    data: { userId: p.userId, device: p.device },
  };
}

/**
 * An invitation to become an organisation's admin (`organizations.invitation.issued`), to the
 * invited address: the e-mail is `invitationMail`, its link signed at send time from the
 * invitation id and expiry (`linkId`, `expiresAt`), never stored.
 */
export function organizationInvitation(p: {
  invitationId: string;
  organizationName: string;
  expiresAt: string;
  /** v2 (issue 25): staff are invited as its «əməkdaşı»; v1 invitations made admins. */
  role?: string;
}): Draft {
  const as = invitedAs(p.role);
  return {
    type: 'organization-invitation',
    subjectId: p.invitationId,
    title: `«${p.organizationName}» təşkilatının ${as} olmağa dəvət`,
    message: `Sizi Tapıntı platformasında «${p.organizationName}» təşkilatının ${as} olmağa dəvət edirik.`,
    link: '/accept-invitation',
    data: {
      linkId: p.invitationId,
      expiresAt: p.expiresAt,
      organizationName: p.organizationName,
      role: p.role ?? 'org_admin',
    },
  };
}

export const COMPLAINT_STATUS_LABELS: Record<string, string> = {
  open: 'Açıq',
  in_progress: 'Araşdırılır',
  resolved: 'Həll olunub',
};

/** A complaint filed → its number, to the contact (anonymous or signed in). */
export function complaintFiled(p: { complaintId: string; number: string }): Draft {
  return {
    type: 'complaint-filed',
    subjectId: p.complaintId,
    title: `Şikayətiniz qeydə alındı: ${p.number}`,
    message:
      `Şikayətiniz ${p.number} nömrəsi ilə qeydə alındı və 24-48 saat ərzində araşdırılacaq. ` +
      'Statusunu «Şikayətlər» səhifəsində bu nömrə və göndərərkən yazdığınız əlaqə məlumatı ilə izləyə ' +
      `bilərsiniz. Məlumat əlavə etmək üçün ${NOTIFICATION_BRAND.supportEmail} ünvanına bu nömrəni qeyd ` +
      'edərək yazın.',
    link: '/complaints',
    data: { complaintId: p.complaintId, number: p.number },
  };
}

/** A super admin's reply to a complaint → the contact. */
export function complaintReplied(p: {
  complaintId: string;
  number: string;
  reply: string;
  repliedAt: string;
}): Draft {
  return {
    type: 'complaint-replied',
    // One notification per reply.
    subjectId: `${p.complaintId}:${p.repliedAt}`,
    title: `Şikayətinizə cavab: ${p.number}`,
    message: `${p.number} nömrəli şikayətinizə cavab:\n\n${p.reply}`,
    link: '/complaints',
    data: { complaintId: p.complaintId, number: p.number },
  };
}

/**
 * A claim resolved_claimed (or a lock lifted) → the item's owner: their hand-over code. The code
 * itself is never in the row: the e-mail gets it when it is sent (`handoverCodeLine`), the in-app
 * notification points to /profile, where the owner sees it.
 */
export function handoverCode(p: {
  requestId: string;
  announcementId: string;
  announcementTitle: string | null;
  generation: number;
  /** Where the owner sees their claim in /profile: their own claims, or those on their announcement. */
  ownerIsClaimant: boolean;
}): Draft {
  return {
    type: 'handover-code',
    subjectId: `${p.requestId}:${p.generation}`,
    title: p.generation > 1 ? 'Yeni təhvil kodunuz' : 'Əşyanın təhvili üçün kodunuz',
    message:
      `${titleOf(p.announcementTitle)} elanı üzrə müraciət təsdiqləndi. Əşyanı əlinizə aldıqda 6 rəqəmli ` +
      'təhvil kodunu tapan şəxsə (və ya təşkilatın əməkdaşına) deyin: kod yalnız bundan sonra ' +
      `təsdiqlənir. Kodu «Profil» səhifəsində, «${p.ownerIsClaimant ? 'Müraciətlərim' : 'Gələn müraciətlər'}» ` +
      'bölməsində görə bilərsiniz. Diqqət: əşyanı əlinizə almadan heç vaxt mükafat ödəməyin və kodu heç ' +
      'kimə əvvəlcədən deməyin.',
    link: claimLink(p.ownerIsClaimant ? 'requests' : 'incoming', p.requestId),
    data: { requestId: p.requestId, announcementId: p.announcementId, generation: p.generation },
  };
}

/** The line the hand-over e-mail gets at send time (the code is computed then, never stored). */
export const handoverCodeLine = (code: string) => `Təhvil kodunuz: ${code}`;

/** A found item's category as the receipt names it. */
export const ITEM_CATEGORY_NAMES: Record<Category, string> = {
  phones: 'telefon',
  bags: 'çanta',
  keys: 'açar',
  documents: 'sənəd',
  other: 'digər',
};

/**
 * The desk hand-over receipt (inventory, issue 25 point 6) → the owner of a claimed item, who
 * asked for it at the desk: the receipt's facts in the text (without the owner's name as given,
 * which no event carries: the e-mail goes to the owner's own account) and, when the desk stored
 * it (`receiptKey`), the printed receipt itself as a PDF attachment, read at send time.
 */
export function handoverReceipt(p: {
  itemId: string;
  requestId: string;
  organizationName: string | null;
  referenceNumber: string;
  title: string;
  category: Category;
  foundArea: string;
  foundAt: string;
  returnedAt: string;
  documentLabel: string;
  documentLast4: string;
  staffName: string | null;
  receiptKey: string | null;
}): Draft {
  return {
    type: 'handover-receipt',
    subjectId: p.itemId,
    title: `Təhvil qəbzi: ${p.referenceNumber}`,
    message: [
      `${p.organizationName ?? 'Təşkilat'} əşyanı sizə təhvil verdi. Təhvil qəbzi:`,
      [
        `Təşkilat: ${p.organizationName ?? '—'}`,
        `İstinad nömrəsi: ${p.referenceNumber}`,
        `Əşya: ${p.title} (${ITEM_CATEGORY_NAMES[p.category]})`,
        `Tapıldığı yer: ${p.foundArea}`,
        `Tapılma vaxtı: ${formatDateTime(new Date(p.foundAt))} (Bakı vaxtı)`,
        `Təhvil vaxtı: ${formatDateTime(new Date(p.returnedAt))} (Bakı vaxtı)`,
        `Təhvil verən əməkdaş: ${p.staffName ?? '—'}`,
        `Şəxsiyyət sənədi: ${p.documentLabel}, nömrənin son 4 simvolu: ${p.documentLast4}`,
        'Təhvil kodunuz təsdiqləndi.',
      ].join('\n'),
      p.receiptKey
        ? 'Qəbzin özü bu məktuba PDF faylı kimi əlavə olunub. Sualınız varsa, təşkilata müraciət edin.'
        : 'Çap olunmuş qəbz təşkilatda qalır. Sualınız varsa, təşkilata müraciət edin.',
    ].join('\n\n'),
    link: claimLink('requests', p.requestId),
    data: {
      itemId: p.itemId,
      requestId: p.requestId,
      referenceNumber: p.referenceNumber,
      ...(p.receiptKey ? { receiptKey: p.receiptKey } : {}),
    },
  };
}

/**
 * The lost-property office's morning digest (issue 25 point 5) → the organisation's admins and
 * staff: the held items due for disposal within 3 Baku days (or overdue), one e-mail a Baku day.
 */
export function inventoryDisposalDigest(p: {
  organizationId: string;
  organizationName: string | null;
  /** The Baku day it is for (`YYYY-MM-DD`). */
  day: string;
  items: Array<{ referenceNumber: string; title: string; disposeAfter: Date; daysLeft: number }>;
}): Draft {
  const when = (daysLeft: number) =>
    daysLeft < 0 ? `${-daysLeft} gün gecikib` : daysLeft === 0 ? 'bu gün' : `${daysLeft} gün qalıb`;
  return {
    type: 'inventory-disposal-digest',
    subjectId: `${p.organizationId}:${p.day}`,
    title: `Çıxarılmalı əşyalar (${formatDay(p.day)}): ${p.items.length}`,
    message: [
      `${p.organizationName ?? 'Təşkilatınızın'} bürosunda saxlama müddəti 3 gün ərzində bitən və ya bitmiş əşyalar:`,
      p.items
        .map(
          (i) =>
            `${i.referenceNumber} — ${i.title}: ${formatDay(bakuDay(i.disposeAfter))} (${when(i.daysLeft)})`,
        )
        .join('\n'),
      'Onları «Çıxarılmalı» siyahısından anbardan çıxarın: bağışlayın, məhv edin və ya təhvil verin.',
    ].join('\n\n'),
    link: '/org-admin/inventory/queue',
    data: { organizationId: p.organizationId, day: p.day, count: p.items.length },
  };
}

/**
 * Issue 26.2: a message in a claim's conversation → the other side. Never the text (it may hold a
 * phone number or worse): the recipient reads it in the app, where warnings go with it.
 */
export function conversationMessage(p: {
  messageId: string;
  conversationId: string;
  announcementId: string;
  announcementTitle: string | null;
  link: string;
}): Draft {
  return {
    type: 'conversation-message',
    subjectId: p.messageId,
    title: 'Yazışmada yeni mesaj',
    message:
      `${p.announcementTitle ? `«${p.announcementTitle}» elanı üzrə` : 'Müraciətiniz üzrə'} yazışmada yeni mesaj var. ` +
      'Oxumaq və cavab yazmaq üçün müraciətə keçin. Əşyanı əlinizə almadan heç vaxt pul göndərməyin.',
    link: p.link,
    data: { conversationId: p.conversationId, requestId: p.conversationId, announcementId: p.announcementId },
  };
}

/** The messages that came within the window after the last e-mail, in one e-mail. */
export function conversationDigest(p: {
  conversationId: string;
  announcementId: string;
  announcementTitle: string | null;
  count: number;
  since: Date;
  link: string;
}): Draft {
  return {
    type: 'conversation-message',
    subjectId: `${p.conversationId}:${p.since.toISOString()}`,
    title: `Yazışmada ${p.count} yeni mesaj`,
    message:
      `${p.announcementTitle ? `«${p.announcementTitle}» elanı üzrə` : 'Müraciətiniz üzrə'} yazışmada ` +
      `son məktubdan bəri ${p.count} yeni mesaj var. Oxumaq və cavab yazmaq üçün müraciətə keçin.`,
    link: p.link,
    data: {
      conversationId: p.conversationId,
      requestId: p.conversationId,
      announcementId: p.announcementId,
      count: p.count,
    },
  };
}

/** Issue 26: what the deadline notices say about a claim (its item and when it was due). */
interface AnswerDeadlineNotice {
  requestId: string;
  announcementId: string;
  announcementTitle: string | null;
  dueAt: string;
}

const claimOn = (title: string | null) => (title ? `«${title}» əşyasına iddia` : 'Əşyanıza iddia');

/** Half the answer deadline passed without an answer → the organisation's staff and admins. */
export function claimAnswerReminder(p: AnswerDeadlineNotice): Draft {
  return {
    type: 'claim-answer-reminder',
    subjectId: p.requestId,
    title: 'İddiaya cavab gözlənilir',
    message:
      `${claimOn(p.announcementTitle)} hələ cavabsızdır: cavab müddətinin yarısı keçib. ` +
      `Son müddət: ${formatDateTime(new Date(p.dueAt))} (Bakı vaxtı).`,
    link: claimLink('organization', p.requestId),
    data: { requestId: p.requestId, announcementId: p.announcementId, dueAt: p.dueAt },
  };
}

/** The answer deadline passed → the organisation's admins (the super admin sees it in /admin). */
export function claimAnswerOverdue(p: AnswerDeadlineNotice): Draft {
  return {
    type: 'claim-answer-overdue',
    subjectId: p.requestId,
    title: 'İddiaya cavab müddəti keçib',
    message:
      `${claimOn(p.announcementTitle)} cavab müddətində cavablandırılmayıb ` +
      `(son müddət ${formatDateTime(new Date(p.dueAt))}, Bakı vaxtı). ` +
      'Bu, məkanın səhifəsindəki göstəricilərdə görünür; iddiaya indi cavab verin.',
    link: claimLink('organization', p.requestId),
    data: { requestId: p.requestId, announcementId: p.announcementId, dueAt: p.dueAt },
  };
}

/** Issue 26 point 1: the owner's lost post in /profile, where the asked venues' answers show. */
const venueChecksLink = (announcementId: string) => `/elan/${announcementId}`;
/** The venue's inbox on /org-admin, opened at the request. */
const venueInboxLink = (venueCheckId: string) => `/org-admin?tab=venue-checks&check=${venueCheckId}`;
const lostPost = (title: string | null) => (title ? `«${title}» itirilmiş əşyası` : 'İtirilmiş əşya');

/** The owner of a lost post asked this venue → its staff and admins. Never who asked. */
export function venueCheckAsked(p: {
  venueCheckId: string;
  announcementId: string;
  announcementTitle: string | null;
  dueAt: string;
}): Draft {
  return {
    type: 'venue-check-asked',
    subjectId: p.venueCheckId,
    title: 'Məkanınızdan itirilmiş əşya soruşulur',
    message:
      `${lostPost(p.announcementTitle)} sizin məkanda ola bilər: sahibi yoxlamağınızı xahiş edir. ` +
      `Uyğun əşyalarınıza baxın və «Burada yoxdur» və ya «Tapdıq» cavabını verin. ` +
      `Son müddət: ${formatDateTime(new Date(p.dueAt))} (Bakı vaxtı).`,
    link: venueInboxLink(p.venueCheckId),
    data: { venueCheckId: p.venueCheckId, announcementId: p.announcementId, dueAt: p.dueAt },
  };
}

/** A venue answered → the owner of the lost post («Tapdıq»: the claim and its conversation). */
export function venueCheckAnswered(p: {
  venueCheckId: string;
  announcementId: string;
  announcementTitle: string | null;
  organizationName: string | null;
  answer: 'not_here' | 'found';
  requestId: string | null;
}): Draft {
  const venue = p.organizationName ? `«${p.organizationName}»` : 'Soruşduğunuz məkan';
  const found = p.answer === 'found' && p.requestId;
  return {
    type: 'venue-check-answered',
    subjectId: p.venueCheckId,
    title: found ? 'Məkan əşyanızı tapdı' : 'Məkan cavab verdi: burada yoxdur',
    message: found
      ? `${venue} ${titleOf(p.announcementTitle)} elanınız üzrə «Tapdıq» cavabını verdi. ` +
        'Sizin adınıza iddia açıldı: yazışmada məkanla təhvil vaxtını razılaşdırın. ' +
        'Əşyanı əlinizə almadan heç vaxt pul ödəməyin.'
      : `${venue} ${titleOf(p.announcementTitle)} elanınız üzrə yoxladı: əşya orada yoxdur.`,
    link: found ? claimLink('requests', p.requestId!) : venueChecksLink(p.announcementId),
    data: {
      venueCheckId: p.venueCheckId,
      announcementId: p.announcementId,
      answer: p.answer,
      requestId: p.requestId,
    },
  };
}

/** What the deadline notices say about a venue check. */
interface VenueCheckDeadlineNotice {
  venueCheckId: string;
  announcementId: string;
  announcementTitle: string | null;
  dueAt: string;
}

/** Half a venue check's deadline passed without an answer → the venue's staff and admins. */
export function venueCheckAnswerReminder(p: VenueCheckDeadlineNotice): Draft {
  return {
    type: 'claim-answer-reminder',
    subjectId: p.venueCheckId,
    title: 'Soruşulan əşyaya cavab gözlənilir',
    message:
      `${lostPost(p.announcementTitle)} haqqında sorğu hələ cavabsızdır: cavab müddətinin yarısı keçib. ` +
      `Son müddət: ${formatDateTime(new Date(p.dueAt))} (Bakı vaxtı).`,
    link: venueInboxLink(p.venueCheckId),
    data: { venueCheckId: p.venueCheckId, announcementId: p.announcementId, dueAt: p.dueAt },
  };
}

/** A venue check's deadline passed → the venue's admins (the super admin sees it in /admin). */
export function venueCheckAnswerOverdue(p: VenueCheckDeadlineNotice): Draft {
  return {
    type: 'claim-answer-overdue',
    subjectId: p.venueCheckId,
    title: 'Soruşulan əşyaya cavab müddəti keçib',
    message:
      `${lostPost(p.announcementTitle)} haqqında sorğu cavab müddətində cavablandırılmayıb ` +
      `(son müddət ${formatDateTime(new Date(p.dueAt))}, Bakı vaxtı). Sahibi bunu görür; indi cavab verin.`,
    link: venueInboxLink(p.venueCheckId),
    data: { venueCheckId: p.venueCheckId, announcementId: p.announcementId, dueAt: p.dueAt },
  };
}
