import type { Category, CreateAnnouncementRequest } from '@tapinti/contracts/announcements-api';
import { formatDateTime } from '@tapinti/contracts/baku-calendar';
import type { ItemLoggedV1 } from '@tapinti/contracts/inventory-events';

/**
 * The public title of an item listed without details (documents, phones, valuables): its
 * category only, so nobody but the owner can say what exactly it is.
 */
export const LISTING_TITLES: Readonly<Record<Category, string>> = {
  phones: 'Tapılmış telefon',
  bags: 'Tapılmış çanta',
  keys: 'Tapılmış açar',
  documents: 'Tapılmış sənəd',
  other: 'Tapılmış əşya',
};

/**
 * The claim's question of an item listed without details: the owner describes it, and the staff
 * compare with what they logged (the item's title is the expected answer, shown to them only).
 */
export const DESCRIBE_ITEM_QUESTION =
  'Əşyanı təsvir edin: rəngi, markası, içindəkilər və ya fərqləndirici əlaməti';

/**
 * The organisation's found announcement an item of its register is listed as (issue 25). An item
 * listed without details shows category, date and area only — no photo, no title of its own —
 * and its claim asks the owner to describe it (a security question, the existing claim flow).
 * No contact: claims go to the organisation's admins and staff.
 */
export function listingOfItem(item: ItemLoggedV1): CreateAnnouncementRequest {
  const found = `Tapıldığı yer: ${item.foundArea}. Tapıldığı vaxt: ${formatDateTime(new Date(item.foundAt))}.`;
  const hidden = item.listedWithoutDetails;
  return {
    type: 'found',
    title: hidden ? LISTING_TITLES[item.category] : item.title,
    description: hidden
      ? `${found} Əşya təşkilatda saxlanılır; sahibi onu iddia edərkən təsvir etməlidir.`
      : `${found} Əşya təşkilatda saxlanılır.`,
    category: item.category,
    location: item.foundArea,
    imageUrls: hidden ? [] : item.photoUrls,
    rewardAmount: 0,
    organizationId: item.organizationId,
    isPublic: true,
    securityQuestions: hidden ? [{ question: DESCRIBE_ITEM_QUESTION, expectedAnswer: item.title }] : [],
  };
}
