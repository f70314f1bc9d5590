import { describe, expect, it } from 'vitest';
import { calendarFile, calendarFileName, escapeText, foldLine } from '../../../functions/shared/calendar';
import { wallClockInstant } from '../../../functions/domain/plan-time';

const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
const octets = (line: string) => new TextEncoder().encode(line).length;

describe('an event as an iCalendar file (RFC 5545)', () => {
  const event = {
    uid: 'activity-01JZ@trailbuddy',
    title: 'Sunday Grouse Grind',
    start: new Date('2026-11-29T15:00:00.000Z'),
    end: new Date('2026-11-29T17:00:00.000Z'),
    location: 'Grouse Mountain base, lot 2',
    description: 'Steady pace; coffee after.\nBring poles.',
    url: 'https://trailbuddy.example/plan-activity/01JZ',
  };

  it('is one VCALENDAR with one VEVENT, every line ending in CRLF, times in UTC', () => {
    const file = calendarFile(event, new Date('2026-11-28T23:00:00.000Z'));
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(file).split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//TrailBuddy//Add to calendar//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ]);
    expect(lines).toContain('UID:activity-01JZ@trailbuddy');
    expect(lines).toContain('DTSTAMP:20261128T230000Z');
    expect(lines).toContain('DTSTART:20261129T150000Z');
    expect(lines).toContain('DTEND:20261129T170000Z');
    expect(lines).toContain('SUMMARY:Sunday Grouse Grind');
    expect(lines).toContain('LOCATION:Grouse Mountain base\\, lot 2');
    expect(lines).toContain('DESCRIPTION:Steady pace\\; coffee after.\\nBring poles.');
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
    expect(file).not.toContain('TZID');
  });

  it('escapes backslashes, semicolons, commas and newlines in text', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a character, and unfolds to the same text', () => {
    const title = `SUMMARY:${'Randonnée à Whistler – 🏔️ crête '.repeat(6)}`;
    const folded = foldLine(title);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(unfold(folded)).toBe(title);
    expect(folded).not.toContain('\uFFFD');
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('writes a changed event with its sequence, so calendars take the newer copy', () => {
    expect(calendarFile({ ...event, sequence: 2 }, new Date())).toContain('\r\nSEQUENCE:2\r\n');
    expect(calendarFile(event, new Date())).not.toContain('SEQUENCE');
  });

  it('names the file after the title', () => {
    expect(calendarFileName('Sunday Grouse Grind!')).toBe('trailbuddy-sunday-grouse-grind.ics');
    expect(calendarFileName('Randonnée à Pemberton')).toBe('trailbuddy-randonnee-a-pemberton.ics');
    expect(calendarFileName('🏔️')).toBe('trailbuddy-event.ics');
  });

  it('places 08:00 in British Columbia on 29 Nov 2026 at 15:00 UTC: BC keeps UTC-7 since its last change', () => {
    const start = wallClockInstant('2026-11-29', '08:00');
    expect(calendarFile({ ...event, start, end: start }, new Date())).toContain('DTSTART:20261129T150000Z');
  });
});
