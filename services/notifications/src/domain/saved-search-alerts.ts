import type { Category } from '@tapinti/contracts/announcements-api';
import { REPORT_CATEGORY_LABELS } from '@tapinti/contracts/inventory-reports-api';
import { bakuDay, startOfBakuDay } from '@tapinti/contracts/baku-calendar';
import { SAVED_SEARCH_CONFIRM_PATH, type SavedSearchFrequency } from '@tapinti/contracts/saved-searches-api';
import type { Draft } from './templates';

/**
 * Saved searches' alerts (issue 26 point 5): what they say and when an e-mail is due. Pure: the
 * job looks the inputs up, these word them and decide.
 */

/** At most one e-mail per saved search within this long (the hourly setting). */
export const HOURLY_EMAIL_GAP_MS = 60 * 60 * 1000;

export interface SavedSearchFilters {
  search: string | null;
  category: string | null;
  place: string | null;
  rewards: boolean;
  type: string | null;
}

const TYPE_LABELS: Record<string, string> = { lost: 'itirilmiş', found: 'tapılmış' };

/** The saved search in words: «çanta», Çantalar, with a reward, found items only. */
export function describeSavedSearch(s: SavedSearchFilters, placeName: string | null): string {
  const parts = [
    ...(s.search ? [`«${s.search}»`] : []),
    ...(s.category ? [REPORT_CATEGORY_LABELS[s.category as Category] ?? s.category] : []),
    ...(placeName ? [placeName] : []),
    ...(s.rewards ? ['mükafatlı'] : []),
    ...(s.type ? [`yalnız ${TYPE_LABELS[s.type] ?? s.type} əşyalar`] : []),
  ];
  return parts.join(', ');
}

/** The home page with the saved search's filters (`/?q=…&category=…`): every match, newest first. */
export function homeLinkOf(s: SavedSearchFilters): string {
  const query = new URLSearchParams();
  if (s.search) query.set('q', s.search);
  if (s.category) query.set('category', s.category);
  if (s.place) query.set('place', s.place);
  if (s.rewards) query.set('rewards', '1');
  const text = query.toString();
  return text ? `/?${text}#elanlar` : '/#elanlar';
}

/** The in-app alert of one new matching announcement. */
export function savedSearchHit(p: {
  savedSearchId: string;
  announcementId: string;
  title: string;
  description: string;
}): Draft {
  return {
    type: 'saved-search-alert',
    subjectId: `${p.savedSearchId}:${p.announcementId}`,
    title: 'Saxladığınız axtarışa uyğun yeni elan',
    message: `«${p.title}» — axtarışınız: ${p.description}.`,
    link: `/elan/${p.announcementId}`,
    data: { savedSearchId: p.savedSearchId, announcementId: p.announcementId },
  };
}

/** The e-mail of a saved search's matches not e-mailed yet (one: its page; several: the filtered home). */
export function savedSearchEmail(p: {
  savedSearchId: string;
  frequency: SavedSearchFrequency;
  hits: ReadonlyArray<{ announcementId: string; title: string }>;
  description: string;
  homeLink: string;
  at: Date;
}): Draft {
  const [first] = p.hits;
  const count = p.hits.length;
  const title =
    p.frequency === 'daily'
      ? `Gündəlik xülasə: axtarışınıza uyğun ${count} yeni elan`
      : count === 1
        ? `Axtarışınıza uyğun yeni elan: «${first!.title}»`
        : `Axtarışınıza uyğun ${count} yeni elan`;
  const list = p.hits.map((hit) => `— ${hit.title}`).join('\n');
  return {
    type: 'saved-search-alert',
    // One e-mail per saved search and sending: the instant makes the dedupe key its own.
    subjectId: `${p.savedSearchId}:${p.at.getTime()}`,
    title,
    message:
      `Saxladığınız axtarış (${p.description}) üzrə yeni elanlar:\n${list}\n\n` +
      (p.frequency === 'daily'
        ? 'Bu axtarış üzrə gündə bir xülasə alırsınız.'
        : 'Bu axtarış üzrə saatda ən çox bir məktub göndəririk.'),
    link: count === 1 ? `/elan/${first!.announcementId}` : p.homeLink,
    data: {
      savedSearchId: p.savedSearchId,
      announcementIds: p.hits.map((hit) => hit.announcementId),
    },
  };
}

/** The one e-mail an unconfirmed address gets: the confirmation link (signed when it is sent). */
export function savedSearchConfirmation(p: {
  addressId: string;
  description: string;
  expiresAt: Date;
  at: Date;
}): Draft {
  return {
    type: 'saved-search-confirmation',
    subjectId: `${p.addressId}:${p.at.getTime()}`,
    title: 'Axtarış bildirişlərini təsdiqləyin',
    message:
      `Tapıntıda bu ünvana axtarış bildirişləri istənildi (${p.description}). ` +
      'Bildiriş almaq istəyirsinizsə, linkə keçib təsdiqləyin; link 48 saat etibarlıdır. ' +
      'Siz istəməmisinizsə, bu məktubu nəzərə almayın: təsdiqsiz ünvana başqa heç nə göndərilmir.',
    link: SAVED_SEARCH_CONFIRM_PATH,
    data: { linkId: p.addressId, expiresAt: p.expiresAt.toISOString() },
  };
}

/**
 * Whether a saved search's e-mail is due now, given its matches not e-mailed yet (their oldest)
 * and its last e-mail: hourly, at most one within `HOURLY_EMAIL_GAP_MS`; daily, the matches of
 * Baku days already over, at most once a Baku day.
 */
export function emailDue(p: {
  frequency: SavedSearchFrequency;
  oldestUnsent: Date | null;
  lastEmailedAt: Date | null;
  now: Date;
}): boolean {
  if (!p.oldestUnsent) return false;
  if (p.frequency === 'hourly')
    return !p.lastEmailedAt || p.now.getTime() - p.lastEmailedAt.getTime() >= HOURLY_EMAIL_GAP_MS;
  const today = startOfBakuDay(bakuDay(p.now));
  return p.oldestUnsent < today && (!p.lastEmailedAt || p.lastEmailedAt < today);
}
