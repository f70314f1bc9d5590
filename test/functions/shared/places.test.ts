import { describe, expect, it } from 'vitest';
import {
  NEAR_KM,
  PLACES,
  PLACES_BY_REGION,
  REGIONS,
  areNear,
  distanceKm,
  placeOf,
  placesNear,
} from '../../../functions/shared/places';
import { HOME_AREAS, HomeArea } from '../../../functions/shared/schemas/profile';

describe('places of British Columbia', () => {
  it('keeps the six home areas stored profiles already hold, and covers every region people use', () => {
    for (const id of ['vancouver', 'north-vancouver', 'west-vancouver', 'burnaby', 'richmond', 'surrey'])
      expect(HomeArea.safeParse(id).success).toBe(true);
    for (const id of ['squamish', 'whistler', 'victoria', 'kelowna', 'nelson', 'kamloops', 'williams-lake'])
      expect(HOME_AREAS).toContain(id);
    expect(PLACES_BY_REGION.map((group) => group.region)).toEqual([...REGIONS]);
    for (const group of PLACES_BY_REGION) expect(group.places.length).toBeGreaterThan(0);
  });

  it('has unique ids and coordinates inside British Columbia', () => {
    expect(new Set(PLACES.map((p) => p.id)).size).toBe(PLACES.length);
    for (const place of PLACES) {
      expect(place.lat).toBeGreaterThan(48.2);
      expect(place.lat).toBeLessThan(60);
      expect(place.lon).toBeGreaterThan(-139.1);
      expect(place.lon).toBeLessThan(-114);
    }
  });

  it('measures great-circle distance (haversine)', () => {
    // Vancouver–Victoria is about 96 km as the crow flies; Vancouver–Kelowna about 270 km.
    expect(distanceKm(placeOf('vancouver'), placeOf('victoria'))).toBeGreaterThan(90);
    expect(distanceKm(placeOf('vancouver'), placeOf('victoria'))).toBeLessThan(100);
    expect(distanceKm(placeOf('vancouver'), placeOf('kelowna'))).toBeGreaterThan(260);
    expect(distanceKm(placeOf('vancouver'), placeOf('kelowna'))).toBeLessThan(285);
    expect(distanceKm(placeOf('squamish'), placeOf('squamish'))).toBe(0);
    expect(distanceKm(placeOf('nelson'), placeOf('castlegar'))).toBeCloseTo(
      distanceKm(placeOf('castlegar'), placeOf('nelson')),
      9,
    );
  });

  it(`calls places within ${NEAR_KM} km near, the place itself first and nearest next`, () => {
    expect(areNear('squamish', 'north-vancouver')).toBe(true);
    expect(areNear('squamish', 'whistler')).toBe(true);
    expect(areNear('kelowna', 'vernon')).toBe(true);
    expect(areNear('vancouver', 'victoria')).toBe(false);
    expect(areNear('vancouver', 'nanaimo')).toBe(false);
    const nearSquamish = placesNear('squamish');
    expect(nearSquamish[0]).toBe('squamish');
    expect(nearSquamish).toContain('whistler');
    expect(nearSquamish).not.toContain('victoria');
    expect(placesNear('prince-rupert')).toEqual(['prince-rupert']);
    const nearVancouver = placesNear('vancouver');
    const distances = nearVancouver.map((id) => distanceKm(placeOf('vancouver'), placeOf(id)));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(nearVancouver.length).toBeLessThanOrEqual(16);
  });
});
