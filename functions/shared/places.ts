/**
 * The places a member can call home, or an activity can be listed under, across British Columbia, grouped by the
 * regions people use. "Near" is a distance between places, never equality of labels.
 *
 * Coordinates are each place's town centre (decimal degrees, WGS 84), as published by the BC Geographical Names
 * service and Wikipedia's infoboxes (checked 2026-11-28); two decimals (about 1 km) are enough for a 50 km radius.
 * The first six ids were the only home areas once: they stay, spelled the same, so stored profiles keep working.
 */

export const REGIONS = [
  'Metro Vancouver',
  'Fraser Valley',
  'Sea-to-Sky',
  'Vancouver Island',
  'Okanagan',
  'Thompson',
  'Kootenays',
  'Cariboo',
  'North',
] as const;
export type Region = (typeof REGIONS)[number];

export interface Place {
  id: string;
  label: string;
  region: Region;
  lat: number;
  lon: number;
}

export const PLACES = [
  { id: 'vancouver', label: 'Vancouver', region: 'Metro Vancouver', lat: 49.28, lon: -123.12 },
  { id: 'north-vancouver', label: 'North Vancouver', region: 'Metro Vancouver', lat: 49.32, lon: -123.07 },
  { id: 'west-vancouver', label: 'West Vancouver', region: 'Metro Vancouver', lat: 49.33, lon: -123.16 },
  { id: 'burnaby', label: 'Burnaby', region: 'Metro Vancouver', lat: 49.25, lon: -122.98 },
  { id: 'richmond', label: 'Richmond', region: 'Metro Vancouver', lat: 49.17, lon: -123.13 },
  { id: 'surrey', label: 'Surrey', region: 'Metro Vancouver', lat: 49.19, lon: -122.85 },
  { id: 'new-westminster', label: 'New Westminster', region: 'Metro Vancouver', lat: 49.21, lon: -122.91 },
  { id: 'coquitlam', label: 'Coquitlam', region: 'Metro Vancouver', lat: 49.28, lon: -122.79 },
  { id: 'delta', label: 'Delta', region: 'Metro Vancouver', lat: 49.08, lon: -123.06 },
  { id: 'langley', label: 'Langley', region: 'Metro Vancouver', lat: 49.1, lon: -122.66 },
  { id: 'maple-ridge', label: 'Maple Ridge', region: 'Metro Vancouver', lat: 49.22, lon: -122.6 },
  { id: 'abbotsford', label: 'Abbotsford', region: 'Fraser Valley', lat: 49.05, lon: -122.3 },
  { id: 'mission', label: 'Mission', region: 'Fraser Valley', lat: 49.13, lon: -122.31 },
  { id: 'chilliwack', label: 'Chilliwack', region: 'Fraser Valley', lat: 49.16, lon: -121.95 },
  { id: 'hope', label: 'Hope', region: 'Fraser Valley', lat: 49.39, lon: -121.44 },
  { id: 'squamish', label: 'Squamish', region: 'Sea-to-Sky', lat: 49.7, lon: -123.16 },
  { id: 'whistler', label: 'Whistler', region: 'Sea-to-Sky', lat: 50.12, lon: -122.96 },
  { id: 'pemberton', label: 'Pemberton', region: 'Sea-to-Sky', lat: 50.32, lon: -122.8 },
  { id: 'victoria', label: 'Victoria', region: 'Vancouver Island', lat: 48.43, lon: -123.37 },
  { id: 'langford', label: 'Langford', region: 'Vancouver Island', lat: 48.45, lon: -123.51 },
  { id: 'duncan', label: 'Duncan', region: 'Vancouver Island', lat: 48.78, lon: -123.71 },
  { id: 'nanaimo', label: 'Nanaimo', region: 'Vancouver Island', lat: 49.17, lon: -123.94 },
  { id: 'courtenay', label: 'Courtenay–Comox', region: 'Vancouver Island', lat: 49.68, lon: -124.99 },
  { id: 'campbell-river', label: 'Campbell River', region: 'Vancouver Island', lat: 50.03, lon: -125.27 },
  { id: 'tofino', label: 'Tofino–Ucluelet', region: 'Vancouver Island', lat: 49.15, lon: -125.91 },
  { id: 'kelowna', label: 'Kelowna', region: 'Okanagan', lat: 49.89, lon: -119.5 },
  { id: 'vernon', label: 'Vernon', region: 'Okanagan', lat: 50.27, lon: -119.27 },
  { id: 'penticton', label: 'Penticton', region: 'Okanagan', lat: 49.5, lon: -119.59 },
  { id: 'osoyoos', label: 'Osoyoos', region: 'Okanagan', lat: 49.03, lon: -119.47 },
  { id: 'kamloops', label: 'Kamloops', region: 'Thompson', lat: 50.67, lon: -120.33 },
  { id: 'salmon-arm', label: 'Salmon Arm', region: 'Thompson', lat: 50.7, lon: -119.28 },
  { id: 'merritt', label: 'Merritt', region: 'Thompson', lat: 50.11, lon: -120.79 },
  { id: 'revelstoke', label: 'Revelstoke', region: 'Kootenays', lat: 51.0, lon: -118.2 },
  { id: 'golden', label: 'Golden', region: 'Kootenays', lat: 51.3, lon: -116.96 },
  { id: 'nelson', label: 'Nelson', region: 'Kootenays', lat: 49.49, lon: -117.29 },
  { id: 'castlegar', label: 'Castlegar', region: 'Kootenays', lat: 49.32, lon: -117.66 },
  { id: 'rossland', label: 'Rossland–Trail', region: 'Kootenays', lat: 49.08, lon: -117.8 },
  { id: 'invermere', label: 'Invermere', region: 'Kootenays', lat: 50.51, lon: -116.03 },
  { id: 'cranbrook', label: 'Cranbrook', region: 'Kootenays', lat: 49.51, lon: -115.77 },
  { id: 'fernie', label: 'Fernie', region: 'Kootenays', lat: 49.5, lon: -115.06 },
  { id: '100-mile-house', label: '100 Mile House', region: 'Cariboo', lat: 51.64, lon: -121.29 },
  { id: 'williams-lake', label: 'Williams Lake', region: 'Cariboo', lat: 52.14, lon: -122.14 },
  { id: 'quesnel', label: 'Quesnel', region: 'Cariboo', lat: 52.98, lon: -122.49 },
  { id: 'prince-george', label: 'Prince George', region: 'North', lat: 53.92, lon: -122.75 },
  { id: 'smithers', label: 'Smithers', region: 'North', lat: 54.78, lon: -127.17 },
  { id: 'terrace', label: 'Terrace', region: 'North', lat: 54.52, lon: -128.6 },
  { id: 'prince-rupert', label: 'Prince Rupert', region: 'North', lat: 54.32, lon: -130.32 },
  { id: 'dawson-creek', label: 'Dawson Creek', region: 'North', lat: 55.76, lon: -120.24 },
  { id: 'fort-st-john', label: 'Fort St. John', region: 'North', lat: 56.25, lon: -120.85 },
] as const satisfies readonly Place[];

export type PlaceId = (typeof PLACES)[number]['id'];

export const PLACE_IDS = PLACES.map((place) => place.id) as unknown as readonly [PlaceId, ...PlaceId[]];

const BY_ID: ReadonlyMap<string, Place> = new Map(PLACES.map((place) => [place.id, place]));

export function placeOf(id: PlaceId): Place {
  return BY_ID.get(id)!;
}

export const PLACE_LABELS = Object.fromEntries(PLACES.map((place) => [place.id, place.label])) as Record<
  PlaceId,
  string
>;

/** The places of each region, in list order: what a grouped select shows. */
export const PLACES_BY_REGION: readonly { region: Region; places: readonly Place[] }[] = REGIONS.map((region) => ({
  region,
  places: PLACES.filter((place) => place.region === region),
}));

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km (haversine, on the mean Earth radius): well within 0.5 % at these distances. */
export function distanceKm(a: Pick<Place, 'lat' | 'lon'>, b: Pick<Place, 'lat' | 'lon'>): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How far "near you" reaches, straight-line: about an hour's drive on BC roads, what people travel for an evening
 * run or a morning's hike. It joins Metro Vancouver's parts to each other and Squamish to Whistler and the North Shore,
 * Kelowna to Vernon and Penticton, Nelson to Castlegar; and keeps a ferry (Vancouver–Victoria, –Nanaimo) or a mountain
 * pass (Hope–Merritt) apart.
 */
export const NEAR_KM = 50;

const NEAR_BY_ID: ReadonlyMap<PlaceId, readonly PlaceId[]> = new Map(
  PLACES.map((from) => [
    from.id,
    PLACES.map((to) => ({ id: to.id, km: distanceKm(from, to) }))
      .filter((to) => to.km <= NEAR_KM)
      .sort((x, y) => x.km - y.km || (x.id < y.id ? -1 : 1))
      .map((to) => to.id),
  ]),
);

/** The place itself, then every place within NEAR_KM of it, nearest first. */
export function placesNear(id: PlaceId): readonly PlaceId[] {
  return NEAR_BY_ID.get(id) ?? [id];
}

export function areNear(a: PlaceId, b: PlaceId): boolean {
  return distanceKm(placeOf(a), placeOf(b)) <= NEAR_KM;
}

export function isPlaceId(value: unknown): value is PlaceId {
  return typeof value === 'string' && BY_ID.has(value);
}
