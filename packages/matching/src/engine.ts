/**
 * The matching engine: `scoreMatch(lost, found)`, `rankCandidates(target, candidates, { limit })`
 * and `matchKeys(announcement)`. Signals, weights and figures: packages/matching/README.md.
 *
 * MATCH KEYS CONTRACT (the announcements service, and the 100 000-announcement timing, rely on it):
 * - `matchKeys(announcement)` returns a small set of short strings (on the bench sets: median 12, 95th percentile 28). Store them in
 *   a `text[]` column of the announcement's read-model row, with a GIN index
 *   (`create index … using gin (match_keys)`), and recompute them whenever title, description,
 *   location or category change.
 * - Candidates for an announcement are the open, active, visible rows of the OPPOSITE type whose
 *   keys overlap: `where type = $opposite and match_keys && $keys::text[]` (plus the service's own
 *   status/visibility conditions). Then `rankCandidates(target, rows, { limit })` scores them in
 *   memory; a pair that shares no key never scores above noise, so nothing worth showing is lost.
 * - A key pairs the kind of thing with one more fact: `<thing>@<place>` (the place, a place a
 *   walk away, its district), `<thing>#<colour>`, `<thing>$<brand family>`, `<thing>~<sound>` (the
 *   first letters of a location word the gazetteer does not know); `<thing>` is an item kind from the
 *   lexicon ('wallet', 'bag', 'key', 'device', 'document'…) or `cat:<category>`. So two wallets
 *   meet when they share a place, a colour or a brand, not merely for being wallets — which keeps
 *   the candidate set small at 100 000 announcements.
 * - Keys depend on data/lexicon.json and data/gazetteer.json: after editing those, recompute the
 *   stored keys (the read-model rebuild does).
 */
import type { Category } from '@tapinti/contracts/announcements-api';
import {
  broaderOf,
  profileOf,
  type AnnouncementProfile,
  type MatchableAnnouncement,
  type NamedPlace,
} from './announcement-profile';
import { soundKey, wordSimilarity } from './fuzzy-words';
import { CONCEPTS } from './lexicon';
import { neighboursOf, PLACES, placeRelation, type PlaceRelation } from './gazetteer';

export type { MatchableAnnouncement } from './announcement-profile';

/** A lost/found pair's score: 0..1, and why, in Azerbaijani. */
export interface MatchScore {
  score: number;
  reasons: string[];
}

export interface RankedCandidate<T extends MatchableAnnouncement> extends MatchScore {
  announcement: T;
}

/**
 * How much each signal counts (they add up to 1). The item (what the thing is, across languages)
 * and the place decide most; brand, colour and the other shared words tell two wallets apart;
 * category and time confirm. Penalties then multiply: another item, another brand of the same
 * item, other colours, or a found item posted well before the loss.
 */
export const MATCH_SIGNAL_WEIGHTS = {
  item: 0.25,
  place: 0.2,
  details: 0.35,
  category: 0.1,
  time: 0.1,
} as const;

/**
 * A score from which both authors are told of the match: on the bench's pooled sets 89 % of true
 * pairs reach it, and 6 % of posts have a wrong candidate that does (`npm run bench:matching`).
 */
export const MATCH_NOTIFICATION_THRESHOLD = 0.7;

const PENALTY = {
  otherItem: 0.5,
  otherBrand: 0.7,
  otherColour: 0.85,
  foundBeforeLost: 0.5,
} as const;

/** Categories that hold the same things often enough: a tablet filed under phones or other. */
const RELATED_CATEGORIES: ReadonlyArray<readonly [Category, Category]> = [
  ['phones', 'other'],
  ['bags', 'other'],
  ['documents', 'other'],
  ['keys', 'other'],
  ['bags', 'documents'],
];

function categoryScore(a: Category, b: Category): number {
  if (a === b) return 1;
  return RELATED_CATEGORIES.some(([x, y]) => (x === a && y === b) || (x === b && y === a)) ? 0.5 : 0;
}

function itemRelation(a: string, b: string): number {
  if (a === b) return 1;
  return broaderOf(a) === broaderOf(b) ? 0.6 : 0;
}

function bestRelation(as: ReadonlySet<string>, bs: ReadonlySet<string>): number {
  let best = 0;
  for (const a of as) for (const b of bs) best = Math.max(best, itemRelation(a, b));
  return best;
}

/** Item similarity; undefined when one side names no known item (nothing to compare). */
function itemScore(lost: AnnouncementProfile, found: AnnouncementProfile): number | undefined {
  if (lost.items.size === 0 || found.items.size === 0) return undefined;
  return (
    0.75 * bestRelation(lost.primaryItems, found.primaryItems) + 0.25 * bestRelation(lost.items, found.items)
  );
}

const PLACE_RELATION_SCORE: Record<PlaceRelation, number> = { same: 1, near: 0.6, district: 0.35, none: 0 };

interface PlaceMatch {
  score: number;
  reason?: string;
}

function placeReason(relation: PlaceRelation, a: NamedPlace, b: NamedPlace): string | undefined {
  if (relation === 'same') return `Oxşar yer: ${a.place.label}`;
  if (relation === 'near') return `Yaxın yerlər: ${a.place.label}, ${b.place.label}`;
  const district = PLACES.get(a.place.district ?? a.place.id) ?? PLACES.get(b.place.district ?? b.place.id);
  return district ? `Eyni rayon: ${district.label}` : undefined;
}

/** What a word only alike by its letters (`wordSimilarity` below 1) counts, per unit of likeness. */
const NEAR_WORD_WEIGHT = 0.6;

interface SharedWords {
  /** The first side's words that the other side shares, as written. */
  surfaces: string[];
  /** Each shared word counts 1 if it is the same word, less if only its letters are alike. */
  weight: number;
}

/**
 * Words both sides share, lexicon or not: the same word up to spelling and typos counts fully, a
 * word whose letters are alike (another ending, a longer form) counts `NEAR_WORD_WEIGHT` × its
 * likeness — so a thing the lexicon has never heard of still brings its two posts together.
 */
function sharedWords(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): SharedWords {
  const shared: SharedWords = { surfaces: [], weight: 0 };
  for (const [key, surface] of a) {
    let best = b.has(key) ? 1 : 0;
    for (const other of b.keys()) {
      if (best === 1) break;
      best = Math.max(best, wordSimilarity(key, other));
    }
    if (best === 0) continue;
    shared.surfaces.push(surface);
    shared.weight += best === 1 ? 1 : NEAR_WORD_WEIGHT * best;
  }
  return shared;
}

function placeScore(lost: AnnouncementProfile, found: AnnouncementProfile): PlaceMatch {
  let best: PlaceMatch = { score: 0 };
  for (const a of lost.places) {
    for (const b of found.places) {
      const relation = placeRelation(a.place, b.place);
      // A place only mentioned in the description ('between Sahil and 28 May') counts a little less.
      const score = PLACE_RELATION_SCORE[relation] * (a.inLocation ? 1 : 0.8) * (b.inLocation ? 1 : 0.8);
      if (score > best.score) best = { score, reason: placeReason(relation, a, b) };
    }
  }
  if (best.score > 0) return best;
  // No gazetteer place in common: the location fields' own words (a street, a shop), with typos.
  const shared = sharedWords(lost.locationWords, found.locationWords);
  if (shared.weight === 0) return best;
  const dice = (2 * shared.weight) / (lost.locationWords.size + found.locationWords.size);
  return { score: 0.8 * Math.min(1, dice), reason: `Oxşar yer: ${found.location}` };
}

const DAY = 86_400_000;

function timeScore(lost: AnnouncementProfile, found: AnnouncementProfile): number {
  const gapDays = (found.time - lost.time) / DAY;
  // With only posting times, a finder often posts a few hours before the owner does.
  const tolerance = lost.hasDate && found.hasDate ? 1 : 3;
  if (gapDays < -tolerance) return 0;
  if (gapDays <= 14) return 1;
  return Math.max(0.2, 1 - (gapDays - 14) / 76);
}

interface DetailMatch {
  score: number;
  shared: string[];
  otherBrand: boolean;
  otherColour: boolean;
}

const DETAIL_WEIGHT = { brand: 2, colour: 1, attribute: 1, word: 1, number: 1.5 } as const;
/** Weighted shared details at which the details signal is full. */
const DETAILS_FULL = 3;

function labelsOf(ids: Iterable<string>): string[] {
  return [...ids].map((id) => CONCEPTS.get(id)?.label ?? id);
}

function intersection<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): T[] {
  return [...a].filter((x) => b.has(x));
}

function detailScore(lost: AnnouncementProfile, found: AnnouncementProfile): DetailMatch {
  const brands = intersection(lost.brands, found.brands);
  const families = (p: AnnouncementProfile) =>
    new Set([...p.brands].map((b) => CONCEPTS.get(b)?.family ?? b));
  const sameFamily = intersection(families(lost), families(found)).length > 0;
  const colours = intersection(lost.colours, found.colours);
  const attributes = intersection(lost.attributes, found.attributes);
  const items = intersection(lost.items, found.items);
  const words = sharedWords(lost.words, found.words);
  const numbers = words.surfaces.filter((w) => /\d/.test(w)).length;
  const weight =
    (brands.length > 0 ? brands.length * DETAIL_WEIGHT.brand : sameFamily ? 0.7 * DETAIL_WEIGHT.brand : 0) +
    colours.length * DETAIL_WEIGHT.colour +
    attributes.length * DETAIL_WEIGHT.attribute +
    // A number is only ever shared whole (weight 1 each), and counts more than a word.
    words.weight * DETAIL_WEIGHT.word +
    numbers * (DETAIL_WEIGHT.number - DETAIL_WEIGHT.word);
  return {
    score: Math.min(1, weight / DETAILS_FULL),
    shared: [
      ...labelsOf(colours),
      ...labelsOf(attributes),
      ...labelsOf(items),
      ...labelsOf(brands),
      ...words.surfaces,
    ],
    otherBrand: lost.brands.size > 0 && found.brands.size > 0 && !sameFamily && items.length > 0,
    otherColour: lost.colours.size > 0 && found.colours.size > 0 && colours.length === 0,
  };
}

function round(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;
}

/** Scores one lost announcement against one found announcement. */
export function scoreMatch(lost: MatchableAnnouncement, found: MatchableAnnouncement): MatchScore {
  const a = profileOf(lost);
  const b = profileOf(found);
  const reasons: string[] = [];

  const category = categoryScore(a.category, b.category);
  if (category === 1) reasons.push('Eyni kateqoriya');
  else if (category > 0) reasons.push('Oxşar kateqoriya');

  const item = itemScore(a, b);
  const place = placeScore(a, b);
  if (place.reason) reasons.push(place.reason);

  const details = detailScore(a, b);
  if (details.shared.length > 0)
    reasons.push(`Ortaq sözlər: ${[...new Set(details.shared)].slice(0, 6).join(', ')}`);

  const time = timeScore(a, b);
  if (time === 1) reasons.push('Tarix uyğundur');

  const w = MATCH_SIGNAL_WEIGHTS;
  // Unknown item on one side: half credit, so a vague post is neither favoured nor dropped.
  let score =
    w.item * (item ?? 0.5) +
    w.place * place.score +
    w.details * details.score +
    w.category * category +
    w.time * time;
  if (item === 0) score *= PENALTY.otherItem;
  if (details.otherBrand) score *= PENALTY.otherBrand;
  if (details.otherColour) score *= PENALTY.otherColour;
  if (time === 0) score *= PENALTY.foundBeforeLost;
  return { score: round(score), reasons };
}

/**
 * The candidates of the opposite type that best match `target`, best first (ties: newest
 * first), at most `limit`. Candidates of the same type and the target itself are skipped.
 */
export function rankCandidates<T extends MatchableAnnouncement>(
  target: MatchableAnnouncement,
  candidates: Iterable<T>,
  { limit = 10 }: { limit?: number } = {},
): Array<RankedCandidate<T>> {
  const ranked: Array<RankedCandidate<T>> = [];
  for (const candidate of candidates) {
    if (candidate.type === target.type || (target.id !== undefined && candidate.id === target.id)) continue;
    const { score, reasons } =
      target.type === 'lost' ? scoreMatch(target, candidate) : scoreMatch(candidate, target);
    ranked.push({ announcement: candidate, score, reasons });
  }
  ranked.sort(
    (x, y) =>
      y.score - x.score || Date.parse(y.announcement.createdAt) - Date.parse(x.announcement.createdAt),
  );
  return ranked.slice(0, limit);
}

/** The announcement's match keys (see the contract at the top of this file). */
export function matchKeys(announcement: MatchableAnnouncement): string[] {
  const profile = profileOf(announcement);
  const things = new Set([...profile.items].map(broaderOf));
  things.add(`cat:${profile.category}`);
  const places = new Set<string>();
  for (const { place } of profile.places) {
    places.add(place.id);
    for (const near of neighboursOf(place.id)) places.add(near);
    if (place.district) places.add(place.district);
  }
  const families = new Set([...profile.brands].map((b) => CONCEPTS.get(b)?.family ?? b));
  // A street or shop the gazetteer does not know: the first letters of how its words sound
  // ('Səməd Vurğun küçəsi' and 'ул. Самеда Вургуна' both give 'sama', 'vurg').
  const locationWords = new Set(
    [...profile.locationWords.keys()]
      .filter((k) => k.length >= 4 && !/\d/.test(k))
      .map((k) => soundKey(k).slice(0, 4)),
  );
  const keys = new Set<string>();
  for (const thing of things) {
    for (const place of places) keys.add(`${thing}@${place}`);
    for (const word of locationWords) keys.add(`${thing}~${word}`);
    for (const colour of profile.colours) keys.add(`${thing}#${colour}`);
    for (const family of families) keys.add(`${thing}$${family}`);
  }
  return [...keys].sort();
}
