const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A path id as streams and rows know it (lower case), or null when it is no uuid: a malformed id
 * is answered like an unknown one, before any query.
 */
export function uuidOf(id: string): string | null {
  const lower = id.toLowerCase();
  return UUID.test(lower) ? lower : null;
}
