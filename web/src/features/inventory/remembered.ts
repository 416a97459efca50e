/**
 * What intake remembers per staff member and organisation on this device (issue 25: where items
 * are found stays filled in; the storage place last used is chosen again).
 */
type Remembered = 'foundArea' | 'storagePlace';

const keyOf = (userId: string, organizationId: string, what: Remembered) =>
  `tapinti.inventory.${organizationId}.${userId}.${what}`;

export function remembered(userId: string, organizationId: string, what: Remembered): string | null {
  try {
    return localStorage.getItem(keyOf(userId, organizationId, what));
  } catch {
    return null;
  }
}

export function remember(userId: string, organizationId: string, what: Remembered, value: string) {
  try {
    localStorage.setItem(keyOf(userId, organizationId, what), value);
  } catch {
    // Private mode or full storage: the next intake simply starts empty.
  }
}
