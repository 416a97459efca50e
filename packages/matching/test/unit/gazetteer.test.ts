import gazetteerData from '../../data/gazetteer.json';
import { areaOf, PLACES, placeOf, suggestPlaces } from '@tapinti/matching/gazetteer';

const ids = (query: string) => suggestPlaces(query, 10).map((p) => p.id);

describe('the gazetteer (issue 24: Baku, Sumqayıt and Gəncə)', () => {
  it('is data: every place has its names in AZ, EN and RU, and names only places it has', () => {
    for (const place of PLACES.values()) {
      expect([place.id, place.label, place.en, place.ru].every((name) => name.length > 0)).toBe(true);
      for (const other of [place.district, ...(place.near ?? [])].filter((id) => id !== undefined))
        expect({ place: place.id, other, known: PLACES.has(other) }).toEqual({
          place: place.id,
          other,
          known: true,
        });
    }
    expect(new Set(gazetteerData.places.map((p) => p.id)).size).toBe(gazetteerData.places.length);
    const kinds = new Set([...PLACES.values()].map((p) => p.kind));
    for (const kind of ['metro', 'district', 'city', 'mall', 'university', 'hospital', 'station'])
      expect(kinds).toContain(kind);
  });

  it('puts every place on the map inside Azerbaijan', () => {
    // Azerbaijan's bounding box (Nakhchivan included), WGS84.
    const inAzerbaijan = ({ lat, lng }: { lat: number; lng: number }) =>
      lat >= 38.38 && lat <= 41.92 && lng >= 44.76 && lng <= 50.64;
    for (const place of PLACES.values())
      expect({ place: place.id, lat: place.lat, lng: place.lng, inside: inAzerbaijan(place) }).toEqual({
        place: place.id,
        lat: expect.any(Number),
        lng: expect.any(Number),
        inside: true,
      });
    // Not swapped: Baku lies on the Caspian, Gəncə 300 km west.
    expect(PLACES.get('m-28-may')!.lng).toBeGreaterThan(49.7);
    expect(PLACES.get('ganja-railway-station')!.lng).toBeLessThan(46.5);
  });

  it('reads old names people still use', () => {
    expect(placeOf('м. Азизбекова')?.id).toBe('m-koroglu');
    expect(placeOf('26-lar bağının yanında')?.id).toBe('m-sahil');
    expect(placeOf('Кировабад, вокзал')?.id).toBe('c-ganja');
  });

  it('puts a place inside its district or city', () => {
    expect(areaOf(PLACES.get('m-28-may')!)).toEqual(['m-28-may', 'd-nasimi']);
    expect(areaOf(PLACES.get('ganja-railway-station')!)).toEqual(['ganja-railway-station', 'c-ganja']);
  });

  it('suggests places for a name typed any way, best first', () => {
    expect(ids('azizbek')[0]).toBe('m-koroglu');
    expect(ids('Гянджлик')[0]).toBe('m-ganjlik');
    expect(ids('genclik')).toEqual(expect.arrayContaining(['m-ganjlik', 'ganjlik-mall']));
    expect(ids('memar 2')[0]).toBe('m-memar-ajami-2');
    expect(ids('28 may')[0]).toBe('m-28-may');
    expect(ids('sumqayit')[0]).toBe('c-sumqayit');
    expect(ids('Ganjlik parkı')).toContain('m-ganjlik');
    expect(ids('  ')).toEqual([]);
  });
});
