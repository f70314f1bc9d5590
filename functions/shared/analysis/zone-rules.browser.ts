import type { ZoneRules } from './zone-rules';

/**
 * The browser's zone rules, through Intl: the SPA's bundle replaces ./zone-rules with this file (web/vite.config.ts).
 * Browsers update their zone data with the browser, so shipping the database to every visitor would only cost bytes.
 */
export type { ZoneRules };

export const TIME_ZONE_DATA_VERSION = 'browser';

export function loadZoneRules(name: string): ZoneRules | null {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return null;
  }
  return {
    name,
    offsetAt(epochMs) {
      const fields: Record<string, number> = {};
      for (const part of formatter.formatToParts(epochMs)) {
        if (part.type !== 'literal') fields[part.type] = Number(part.value);
      }
      const wallClockAsUtc = Date.UTC(
        fields.year!,
        fields.month! - 1,
        fields.day!,
        fields.hour!,
        fields.minute!,
        fields.second!,
      );
      return wallClockAsUtc - Math.floor(epochMs / 1000) * 1000;
    },
  };
}
