import { foldedWordsOf } from '@tapinti/text/search-folding';
import gazetteerData from '../data/gazetteer.json';
import { PhraseIndex, type PhraseHit } from './phrase-index';
import { wordsOf, type NormalisedWord } from './word-normalisation';

/** One entry of data/gazetteer.json: a place of Baku, Sumqayıt or Gəncə and its names in AZ/RU/EN. */
export interface Place {
  id: string;
  kind: string;
  /** The Azerbaijani name reasons, chips and filters show ('28 May metrosu'). */
  label: string;
  /** Its name in English and Russian, as the web shows it in those languages. */
  en: string;
  ru: string;
  /** Where it is on the map (WGS84 degrees); a district or a city: roughly its centre. */
  lat: number;
  lng: number;
  /** The id of the district (or city) place it lies in. */
  district?: string;
  /** Places within a short walk. */
  near?: string[];
  names: string[];
}

const places = gazetteerData.places as Place[];

export const PLACES: ReadonlyMap<string, Place> = new Map(places.map((p) => [p.id, p]));

/** `near` in both directions: a post at Sahil and one at 28 May are a walk apart either way. */
const neighbours = new Map<string, Set<string>>();
for (const place of places) {
  for (const other of place.near ?? []) {
    (neighbours.get(place.id) ?? neighbours.set(place.id, new Set()).get(place.id)!).add(other);
    (neighbours.get(other) ?? neighbours.set(other, new Set()).get(other)!).add(place.id);
  }
}

const placeIndex = new PhraseIndex(places.map((place) => ({ names: place.names, entry: place })));

/** The gazetteer's places named in a text's words, in order. */
export function placesIn(words: readonly NormalisedWord[]): Array<PhraseHit<Place>> {
  return placeIndex.find(words);
}

/** The first gazetteer place named in a text: '28 May m/st' and 'м. 28 Мая' → m-28-may. */
export function placeOf(text: string): Place | undefined {
  return placesIn(wordsOf(text))[0]?.entry;
}

/** Places within a walk of this one (not itself). */
export function neighboursOf(placeId: string): ReadonlySet<string> {
  return neighbours.get(placeId) ?? new Set();
}

export type PlaceRelation = 'same' | 'near' | 'district' | 'none';

/** How close two places are: the same, a walk apart, in one district (or one inside the other). */
export function placeRelation(a: Place, b: Place): PlaceRelation {
  if (a.id === b.id) return 'same';
  if (neighboursOf(a.id).has(b.id)) return 'near';
  if (a.district === b.id || b.district === a.id || (a.district !== undefined && a.district === b.district)) {
    return 'district';
  }
  return 'none';
}

/** The place and every district or city it lies in ('m-28-may' → m-28-may, d-nasimi): what a filter by any of them finds. */
export function areaOf(place: Place): string[] {
  const ids = [place.id];
  for (let at = place.district; at !== undefined && !ids.includes(at); at = PLACES.get(at)?.district)
    ids.push(at);
  return ids;
}

/** Each place's names as folded words ('Азизбекова' → ['azizbekova']), for suggestions. */
const foldedNames = places.map((place) => ({
  place,
  names: [place.label, place.en, place.ru, ...place.names].map(foldedWordsOf).filter((w) => w.length > 0),
}));

/** How well typed words name a place by one of its names (lower is better), or undefined when they do not. */
function nameMatch(typed: readonly string[], name: readonly string[]): number | undefined {
  const joined = typed.join(' ');
  if (name.join(' ') === joined) return 0;
  if (name.join(' ').startsWith(joined)) return 1;
  // Every typed word starts a word of the name, in order ('memar 2' → 'Memar Əcəmi 2').
  let from = 0;
  for (const word of typed) {
    const at = name.findIndex((w, i) => i >= from && w.startsWith(word));
    if (at < 0) return undefined;
    from = at + 1;
  }
  return 2;
}

/**
 * The places a typed name may mean, best first: folded as search folds (case, ə/ç/ş/ğ/ı/ö/ü,
 * Cyrillic → Latin), each typed word the start of a word of one of its names, old names included
 * ('azizb' → Koroğlu); when no name starts so, the places the text names as posts are read ('Ganjlik').
 */
export function suggestPlaces(query: string, limit: number): Place[] {
  const typed = foldedWordsOf(query);
  if (typed.length === 0) return [];
  const ranked = foldedNames
    .map(({ place, names }) => ({
      place,
      score: Math.min(...names.map((name) => nameMatch(typed, name) ?? Infinity)),
    }))
    .filter(({ score }) => score !== Infinity)
    .sort((a, b) => a.score - b.score || a.place.label.localeCompare(b.place.label, 'az'))
    .map(({ place }) => place);
  const found = ranked.length > 0 ? ranked : placesIn(wordsOf(query)).map((hit) => hit.entry);
  return [...new Set(found)].slice(0, limit);
}
