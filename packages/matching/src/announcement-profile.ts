import type { AnnouncementType, Category } from '@tapinti/contracts/announcements-api';
import { placesIn, type Place } from './gazetteer';
import { CONCEPTS, conceptsIn, STOPWORD_KEYS, type Concept } from './lexicon';
import { wordsOf, type NormalisedWord } from './word-normalisation';

/** What the engine reads of an announcement (the public announcement's fields fit). */
export interface MatchableAnnouncement {
  /** Optional: `rankCandidates` skips a candidate with the target's own id. */
  id?: string;
  type: AnnouncementType;
  category: Category;
  title: string;
  description: string;
  location: string;
  /** When the item was lost or found, ISO, if the post says; `createdAt` stands in otherwise. */
  date?: string;
  /** When the announcement was posted, ISO. */
  createdAt: string;
}

/** A place an announcement names, and whether it was named in the location field. */
export interface NamedPlace {
  place: Place;
  inLocation: boolean;
}

/** An announcement as the scorer compares it: concepts, places and the other words, normalised. */
export interface AnnouncementProfile {
  category: Category;
  /** Item concept ids named anywhere (brands add the item they imply). */
  items: ReadonlySet<string>;
  /** Item concept ids named in the title, or else the first one in the description. */
  primaryItems: ReadonlySet<string>;
  brands: ReadonlySet<string>;
  colours: ReadonlySet<string>;
  attributes: ReadonlySet<string>;
  /** Other words of title and description: key → the word as written. */
  words: ReadonlyMap<string, string>;
  places: readonly NamedPlace[];
  /** Words of the location field that name no gazetteer place (a street, a shop). */
  locationWords: ReadonlyMap<string, string>;
  location: string;
  /** Milliseconds: `date`, else `createdAt`. */
  time: number;
  hasDate: boolean;
}

function isContentWord(word: NormalisedWord): boolean {
  // One letter says nothing ('m' of 'm/st', 's' of "driver's"); digits do ('13', '28').
  return !STOPWORD_KEYS.has(word.key) && (word.key.length > 1 || /\d/.test(word.key));
}

interface TextReading {
  concepts: Concept[];
  places: Place[];
  words: Map<string, string>;
}

function read(text: string): TextReading {
  const words = wordsOf(text);
  const placeHits = placesIn(words);
  const taken = new Array<boolean>(words.length).fill(false);
  for (const hit of placeHits) for (let i = hit.start; i < hit.end; i++) taken[i] = true;
  // Concepts are looked for in what is left once places are taken ('Metro Park' is no park).
  const rest = words.filter((_, i) => !taken[i]);
  const conceptHits = conceptsIn(rest);
  const inConcept = new Array<boolean>(rest.length).fill(false);
  for (const hit of conceptHits) for (let i = hit.start; i < hit.end; i++) inConcept[i] = true;
  const plain = new Map<string, string>();
  rest.forEach((word, i) => {
    if (!inConcept[i] && isContentWord(word) && !plain.has(word.key)) plain.set(word.key, word.surface);
  });
  return { concepts: conceptHits.map((h) => h.entry), places: placeHits.map((h) => h.entry), words: plain };
}

function itemsOf(concepts: readonly Concept[]): string[] {
  return concepts.flatMap((c) => (c.kind === 'item' ? [c.id] : c.kind === 'brand' && c.item ? [c.item] : []));
}

const profileCache = new Map<string, AnnouncementProfile>();
const PROFILE_CACHE_LIMIT = 20_000;

/** The announcement as the scorer compares it. Memoised on the fields it reads. */
export function profileOf(announcement: MatchableAnnouncement): AnnouncementProfile {
  const { category, title, description, location, date, createdAt } = announcement;
  const cacheKey = [category, title, description, location, date ?? '', createdAt].join('\u0000');
  const cached = profileCache.get(cacheKey);
  if (cached) return cached;

  const titleReading = read(title);
  const descriptionReading = read(description);
  const locationReading = read(location);
  const concepts = [...titleReading.concepts, ...descriptionReading.concepts, ...locationReading.concepts];
  const ofKind = (kind: Concept['kind']) => new Set(concepts.filter((c) => c.kind === kind).map((c) => c.id));
  const titleItems = itemsOf(titleReading.concepts);
  const descriptionItems = itemsOf(descriptionReading.concepts);
  const namedPlaces = new Map<string, NamedPlace>();
  for (const place of locationReading.places) namedPlaces.set(place.id, { place, inLocation: true });
  for (const place of [...titleReading.places, ...descriptionReading.places]) {
    if (!namedPlaces.has(place.id)) namedPlaces.set(place.id, { place, inLocation: false });
  }
  const eventTime = date ? Date.parse(date) : NaN;

  const profile: AnnouncementProfile = {
    category,
    items: new Set([...titleItems, ...descriptionItems, ...itemsOf(locationReading.concepts)]),
    primaryItems: new Set(titleItems.length > 0 ? titleItems : descriptionItems.slice(0, 1)),
    brands: ofKind('brand'),
    colours: ofKind('colour'),
    attributes: ofKind('attribute'),
    words: new Map([...descriptionReading.words, ...titleReading.words]),
    places: [...namedPlaces.values()],
    locationWords: locationReading.words,
    location: location.trim(),
    time: Number.isNaN(eventTime) ? Date.parse(createdAt) : eventTime,
    hasDate: !Number.isNaN(eventTime),
  };
  if (profileCache.size >= PROFILE_CACHE_LIMIT) profileCache.clear();
  profileCache.set(cacheKey, profile);
  return profile;
}

/** The kind of thing an item concept is (its `broader`, else itself). */
export function broaderOf(itemId: string): string {
  return CONCEPTS.get(itemId)?.broader ?? itemId;
}
