import type { AnnouncementType, Category } from '@tapinti/contracts/announcements-api';
import {
  MATCH_NOTIFICATION_THRESHOLD,
  matchKeys,
  type MatchableAnnouncement,
} from '@tapinti/matching/engine';

/**
 * How the platform uses the matching engine (`@tapinti/matching`): which scores are kept, which
 * are worth telling both authors, and how many candidates are scored per announcement.
 */
export const MATCH_POLICY = {
  /** Below this a candidate is not shown at all. */
  storedAtLeast: 0.35,
  /** From this score both authors are notified (once per pair): the engine's threshold. */
  notifyAtLeast: MATCH_NOTIFICATION_THRESHOLD,
  /** The candidates sharing the most match keys that are scored (the rest share few words). */
  candidatePool: 60,
} as const;

interface MatchedFields {
  type: AnnouncementType;
  category: Category;
  title: string;
  description: string;
  location: string;
}

/**
 * Match keys whose thing is a whole category rather than an item (the engine's key contract:
 * `<thing>` is an item kind or `cat:<category>`); the candidate query tries item keys first.
 */
export const CATEGORY_KEY_PREFIX = 'cat:';

/** What the engine reads of an announcement's read-model row. */
export function matchInputOf(
  row: MatchedFields & { id: string; created_at: Date | string },
): MatchableAnnouncement {
  return {
    id: row.id,
    type: row.type,
    category: row.category,
    title: row.title,
    description: row.description,
    location: row.location,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The keys stored with an announcement (`match_keys`), by which its candidates are found. */
export function matchKeysOf(a: MatchedFields): string[] {
  // Keys pair the thing with a place, colour or brand, never a time (an edit carries no createdAt).
  return matchKeys({
    type: a.type,
    category: a.category,
    title: a.title,
    description: a.description,
    location: a.location,
    createdAt: KEYS_TIME,
  });
}
const KEYS_TIME = new Date(0).toISOString();
