import { ZONE_TABLES } from './zone-data';

/**
 * Time zone rules for the server, from the IANA database release that the pinned `moment-timezone` carries, written
 * into ./zone-data.ts by `npm run tz:update` (infra/time-zones). Never the runtime's ICU: a Node build carries whatever
 * tz release it was built with, and Node 20's (2025c) still moves British Columbia to UTC−8 on 1 November 2026, which
 * BC abolished (IANA 2026b and later: America/Vancouver stays at UTC−7). test/functions/shared/analysis/zone-rules.test.ts
 * pins those facts and checks ./zone-data.ts against the package.
 *
 * The SPA is bundled with zone-rules.browser.ts instead (web/vite.config.ts): browsers update their own zone data, and
 * the screens show meeting times as typed.
 */

export { TIME_ZONE_DATA_VERSION } from './zone-data';

export interface ZoneRules {
  readonly name: string;
  /** The zone's offset from UTC at `epochMs`, in ms (local wall time minus UTC). */
  offsetAt(epochMs: number): number;
}

/** A zone's periods: `offsets[i]` (minutes east of UTC) holds until `untils[i]` (epoch minutes); the last period never ends. */
export interface ZoneTable {
  readonly untils: readonly number[];
  readonly offsets: readonly number[];
}

const MINUTE_MS = 60_000;

/** The rules of a shipped zone, or null for a name the functions carry no rules for. */
export function loadZoneRules(name: string): ZoneRules | null {
  const table = Object.hasOwn(ZONE_TABLES, name) ? ZONE_TABLES[name] : undefined;
  if (!table) return null;
  return { name, offsetAt: (epochMs) => offsetOf(table, epochMs / MINUTE_MS) * MINUTE_MS };
}

/** The offset of the first period that ends after `epochMinutes` (binary search over its end times). */
function offsetOf({ untils, offsets }: ZoneTable, epochMinutes: number): number {
  let low = 0;
  let high = untils.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (epochMinutes < untils[middle]!) high = middle;
    else low = middle + 1;
  }
  return offsets[low]!;
}
