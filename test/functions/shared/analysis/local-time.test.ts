import { describe, expect, it } from 'vitest';
import { InvalidTimeZoneError, localTimeIn, zoneRules } from '../../../../functions/shared/analysis/local-time';

// Formatters and midnight offsets are kept per zone for the process: these check that no zone reads another's.
describe('local time in a zone', () => {
  const instants = [
    Date.parse('2026-03-08T09:30:00Z'), // Vancouver: 01:30 PST, the night clocks spring forward
    Date.parse('2026-03-08T10:30:00Z'), // Vancouver: 03:30 PDT
    Date.parse('2026-11-01T08:30:00Z'), // Vancouver: 01:30 PDT, the night clocks no longer fall back
    Date.parse('2026-11-01T09:30:00Z'), // Vancouver: 02:30 MST (UTC−7 for good)
    Date.parse('2026-12-31T23:30:00Z'),
  ];

  it('gives each zone its own dates and hours when zones are read in turn, across DST changes', () => {
    const expected = {
      'America/Vancouver': [
        { date: '2026-03-08', hour: 1 },
        { date: '2026-03-08', hour: 3 },
        { date: '2026-11-01', hour: 1 },
        { date: '2026-11-01', hour: 2 },
        { date: '2026-12-31', hour: 16 },
      ],
      'Asia/Tokyo': [
        { date: '2026-03-08', hour: 18 },
        { date: '2026-03-08', hour: 19 },
        { date: '2026-11-01', hour: 17 },
        { date: '2026-11-01', hour: 18 },
        { date: '2027-01-01', hour: 8 },
      ],
      'Australia/Lord_Howe': [
        // UTC+11 in its summer, UTC+10:30 in its winter (a half-hour DST change)
        { date: '2026-03-08', hour: 20 },
        { date: '2026-03-08', hour: 21 },
        { date: '2026-11-01', hour: 19 },
        { date: '2026-11-01', hour: 20 },
        { date: '2027-01-01', hour: 10 },
      ],
    };
    for (let round = 0; round < 2; round++)
      for (const [zone, want] of Object.entries(expected))
        expect(
          instants.map((ms) => localTimeIn(zone)(ms)),
          `${zone}, round ${round + 1}`,
        ).toEqual(want);
  });

  it('keeps one set of rules per zone and still refuses an unknown zone every time', () => {
    expect(zoneRules('America/Vancouver')).toBe(zoneRules('America/Vancouver'));
    expect(zoneRules('Asia/Tokyo')).not.toBe(zoneRules('America/Vancouver'));
    for (let i = 0; i < 2; i++) expect(() => localTimeIn('Mars/Olympus_Mons')).toThrow(InvalidTimeZoneError);
  });
});
