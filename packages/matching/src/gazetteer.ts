import gazetteerData from '../data/gazetteer.json';
import { PhraseIndex, type PhraseHit } from './phrase-index';
import { wordsOf, type NormalisedWord } from './word-normalisation';

/** One entry of data/gazetteer.json: a Baku place and its names in AZ/RU/EN. */
export interface Place {
  id: string;
  kind: string;
  /** The Azerbaijani name reasons show ('28 May metrosu'). */
  label: string;
  /** The id of the district place it lies in. */
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
