import { PLACES_BY_REGION } from '@shared/places';

/**
 * The places of British Columbia as <optgroup>s by region, for a native <select>: the browser's own control keeps it
 * keyboard-accessible (type-ahead, arrows) and gives phones their native picker, with the region read out per group.
 */
export function PlaceOptions() {
  return (
    <>
      {PLACES_BY_REGION.map((group) => (
        <optgroup key={group.region} label={group.region}>
          {group.places.map((place) => (
            <option key={place.id} value={place.id}>
              {place.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
