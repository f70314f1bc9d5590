/**
 * One event as an iCalendar file (.ics), for "Add to calendar" on activities, rides and trip plans. Zod-free and
 * pure: the screens build it from what they already show.
 *
 * What this relies on, RFC 5545 (read 2026-11-28): a VCALENDAR needs VERSION:2.0 and PRODID; a VEVENT needs UID and
 * DTSTAMP, and here has DTSTART and DTEND (§3.6.1); content lines end in CRLF and are folded to at most 75 octets by
 * CRLF + one space, never inside a multi-octet character (§3.1); in TEXT values a backslash, semicolon and comma are
 * escaped with a backslash and a newline is written `\n` (§3.3.11); a date-time ending in `Z` is UTC (§3.3.5, form #2).
 *
 * Times are written in UTC, not with a TZID: a calendar app would resolve a TZID with its own time zone data, and data
 * older than 2026 still moves British Columbia's clocks, so an activity would land an hour off for half the year.
 * The instants come from the server, which converts with the IANA data it ships.
 *
 * The library `ics` (npm) would do this too, but it brings yup for validation, a second validation library beside
 * zod in the browser bundle, for about forty lines of text handling.
 */

export interface CalendarEvent {
  /** Stable per item (`<kind>-<id>@trailbuddy`), so adding it again updates the event instead of doubling it. */
  uid: string;
  title: string;
  start: Date;
  end: Date;
  location?: string;
  description?: string;
  url?: string;
  /** Raised each time the event changes (a moved return), so calendars take the newer copy (RFC 5545 §3.8.7.4). */
  sequence?: number;
}

const PRODUCT_ID = '-//TrailBuddy//Add to calendar//EN';
const MAX_LINE_OCTETS = 75;

/** The whole file: one calendar holding one event, stamped at `now`. */
export function calendarFile(event: CalendarEvent, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(now)}`,
    ...(event.sequence ? [`SEQUENCE:${event.sequence}`] : []),
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** A file name for the event: `trailbuddy-<title in lowercase words>.ics`. */
export function calendarFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `trailbuddy-${slug || 'event'}.ics`;
}

/** `YYYYMMDDTHHMMSSZ` (RFC 5545 date-time in UTC). */
export function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Splits a content line into lines of at most 75 octets (UTF-8), each continuation starting with one space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // A continuation line's leading space counts toward its 75.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
