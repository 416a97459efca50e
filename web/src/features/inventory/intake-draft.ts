import type { Category } from '@tapinti/contracts/announcements-api';

/**
 * An item typed into the intake form that the server refused (e.g. over the plan's items a month,
 * issue 25 point 8): kept on this device per staff member and organisation, with its photos'
 * object paths (already uploaded), so nothing typed is lost — the form opens with it, also after a
 * reload, until the item is logged.
 */
export interface IntakeDraft {
  category: Category | '';
  title: string;
  titleEdited: boolean;
  foundArea: string;
  foundAt: string;
  foundAtEdited: boolean;
  foundBy: string;
  valuable: boolean;
  /** Absent in a draft kept before the choice existed: listed, the default. */
  listPublicly?: boolean;
  photoUrls: string[];
  storagePlaceId: string;
}

const keyOf = (userId: string, organizationId: string) =>
  `tapinti.inventory.${organizationId}.${userId}.draft`;

export function intakeDraft(userId: string, organizationId: string): IntakeDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(userId, organizationId));
    return raw ? (JSON.parse(raw) as IntakeDraft) : null;
  } catch {
    return null;
  }
}

export function keepIntakeDraft(userId: string, organizationId: string, draft: IntakeDraft): void {
  try {
    localStorage.setItem(keyOf(userId, organizationId), JSON.stringify(draft));
  } catch {
    // Private mode or full storage: the form still holds the values until the page is left.
  }
}

export function dropIntakeDraft(userId: string, organizationId: string): void {
  try {
    localStorage.removeItem(keyOf(userId, organizationId));
  } catch {
    // Nothing kept.
  }
}
