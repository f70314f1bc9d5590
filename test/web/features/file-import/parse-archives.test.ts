import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { Encoder, Profile, type ActivityMesg, type FileIdMesg, type SessionMesg } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { MIN_ENTRY_ALLOWANCE_BYTES } from '@/features/file-import/parsers/archive';
import { parseUpload, parseUploadWithKind } from '@/features/file-import/parsers/parse-upload';
import { stravaArchiveDate } from '@/features/file-import/parsers/strava-archive';
import { fileOf, readError, utf8 } from './file-kit';

async function zipOf(entries: Record<string, string | Uint8Array>): Promise<Blob> {
  const writer = new ZipWriter(new Uint8ArrayWriter());
  for (const [name, content] of Object.entries(entries))
    await writer.add(name, new Uint8ArrayReader(typeof content === 'string' ? utf8(content) : content));
  return fileOf(await writer.close());
}

function fitRun(start: Date, seconds: number, sport: NonNullable<SessionMesg['sport']> = 'running'): Uint8Array {
  const encoder = new Encoder();
  const write = (mesgNum: number, mesg: FileIdMesg | SessionMesg | ActivityMesg) => encoder.onMesg(mesgNum, mesg);
  const end = new Date(start.getTime() + seconds * 1000);
  write(Profile.MesgNum.FILE_ID!, { manufacturer: 'garmin', product: 1, timeCreated: start, type: 'activity' });
  write(Profile.MesgNum.SESSION!, {
    timestamp: end,
    startTime: start,
    sport,
    totalElapsedTime: seconds,
    totalTimerTime: seconds,
    totalDistance: 5_000,
    messageIndex: 0,
  });
  write(Profile.MesgNum.ACTIVITY!, { timestamp: end, numSessions: 1, totalTimerTime: seconds });
  return encoder.close();
}

/** The header of a real archive's activities.csv: names repeat, and the later column of a name is in seconds/metres. */
const STRAVA_HEADER = [
  'Activity ID',
  'Activity Date',
  'Activity Name',
  'Activity Type',
  'Activity Description',
  'Elapsed Time',
  'Distance',
  'Max Heart Rate',
  'Relative Effort',
  'Commute',
  'Activity Private Note',
  'Activity Gear',
  'Filename',
  'Athlete Weight',
  'Bike Weight',
  'Elapsed Time',
  'Moving Time',
  'Distance',
  'Max Speed',
  'Average Speed',
  'Elevation Gain',
  'Elevation Loss',
  'Elevation Low',
  'Elevation High',
  'Max Grade',
  'Average Grade',
  'Average Positive Grade',
  'Average Negative Grade',
  'Max Cadence',
  'Average Cadence',
  'Max Heart Rate',
  'Average Heart Rate',
  'Max Watts',
  'Average Watts',
  'Calories',
];

function stravaRow(values: Partial<Record<string, string>> & { lastElapsed: string; lastDistance: string }): string {
  const cells = STRAVA_HEADER.map((name, index) => {
    if (name === 'Elapsed Time') return index === 5 ? '99' : values.lastElapsed; // the first is in the person's units
    if (name === 'Distance') return index === 6 ? '12.34' : values.lastDistance; // km
    return values[name] ?? '';
  });
  return cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');
}

const STRAVA_CSV = [
  STRAVA_HEADER.join(','),
  stravaRow({
    'Activity ID': '111',
    'Activity Date': 'Jul 4, 2026, 4:00:00 PM',
    'Activity Name': 'Grouse Grind, "fast"',
    'Activity Type': 'Hike',
    'Activity Description': 'Steep.\nVery steep.',
    Filename: 'activities/111.fit.gz',
    lastElapsed: '3600.0',
    'Moving Time': '3300.0',
    lastDistance: '2900.5',
    'Elevation Gain': '853.0',
    'Average Heart Rate': '148.2',
    Calories: '610.0',
  }),
  stravaRow({
    'Activity ID': '222',
    'Activity Date': 'Jan 1, 2026, 12:05:09 AM',
    'Activity Type': 'Weight Training',
    Filename: '',
    lastElapsed: '2700.0',
    lastDistance: '0.0',
  }),
  stravaRow({
    'Activity ID': '333',
    'Activity Date': 'Dec 31, 2025, 12:30:00 PM',
    'Activity Type': 'Ride',
    Filename: 'activities/333.gpx',
    lastElapsed: '5400.0',
    'Moving Time': '5000.0',
    lastDistance: '40000.0',
  }),
].join('\n');

describe('Strava archive', () => {
  it('reads every activity from activities.csv, in seconds and metres, manual entries included', async () => {
    const archive = await zipOf({
      'activities.csv': STRAVA_CSV,
      'activities/111.fit.gz': new Uint8Array([1, 2, 3]),
      'activities/333.gpx': '<gpx/>',
      'profile.csv': 'Athlete ID\n1',
    });
    const progress: number[] = [];
    const result = await parseUpload(archive, 'export_12345.zip', {
      onProgress: ({ activitiesFound }) => progress.push(activitiesFound),
    });
    expect(result.activities).toEqual([
      {
        activity_type: 'hike',
        start_time: '2026-07-04T16:00:00.000Z',
        utc_offset_minutes: null,
        duration_seconds: 3600,
        moving_seconds: 3300,
        distance_meters: 2900.5,
        elevation_gain_meters: 853,
        calories_burned: 610,
        heart_rate_avg: 148.2,
      },
      {
        activity_type: 'strength',
        start_time: '2026-01-01T00:05:09.000Z',
        utc_offset_minutes: null,
        duration_seconds: 2700,
        moving_seconds: null,
        distance_meters: 0,
        elevation_gain_meters: null,
        calories_burned: null,
        heart_rate_avg: null,
      },
      expect.objectContaining({
        activity_type: 'ride',
        start_time: '2025-12-31T12:30:00.000Z',
        distance_meters: 40000,
      }),
    ]);
    expect(progress.at(-1)).toBe(3);
  });

  it('finds activities.csv inside the archive’s one top folder too', async () => {
    const archive = await zipOf({ 'export_12345/activities.csv': STRAVA_CSV });
    expect((await parseUpload(archive, 'export.zip')).activities).toHaveLength(3);
  });

  it('refuses an activities.csv without Strava’s columns', async () => {
    const archive = await zipOf({ 'activities.csv': 'date,what\n2026-01-01,run' });
    expect((await readError(parseUpload(archive, 'export.zip'))).code).toBe('malformed');
  });

  it.each([
    ['Jul 4, 2026, 4:00:00 PM', '2026-07-04T16:00:00.000Z'],
    ['Jan 1, 2026, 12:05:09 AM', '2026-01-01T00:05:09.000Z'],
    ['Mar 8, 2026, 12:00:00 PM', '2026-03-08T12:00:00.000Z'],
    ['Feb 30, 2026, 1:00:00 PM', null],
    ['2026-07-04 16:00:00', null],
  ])('reads the archive date %s as %s', (text, iso) => {
    expect(stravaArchiveDate(text)).toBe(iso);
  });
});

describe('archives of activity files (Garmin Connect’s export)', () => {
  it('reads every FIT file, passes over a damaged one and says which', async () => {
    const archive = await zipOf({
      'DI_CONNECT/DI-Connect-Uploaded-Files/run_1.fit': fitRun(new Date('2026-05-01T14:00:00Z'), 1800),
      'DI_CONNECT/DI-Connect-Uploaded-Files/hike_2.fit': fitRun(new Date('2026-05-02T15:00:00Z'), 7200, 'hiking'),
      'DI_CONNECT/DI-Connect-Uploaded-Files/broken.fit': fitRun(new Date('2026-05-03T15:00:00Z'), 60).subarray(0, 30),
      'DI_CONNECT/DI-Connect-User/user_profile.json': '{}',
    });
    const result = await parseUpload(archive, 'garmin-export.zip');
    expect(result.activities.map((activity) => [activity.activity_type, activity.start_time])).toEqual([
      ['run', '2026-05-01T14:00:00.000Z'],
      ['hike', '2026-05-02T15:00:00.000Z'],
    ]);
    expect(result.skipped).toEqual([
      { name: 'DI_CONNECT/DI-Connect-Uploaded-Files/broken.fit', message: expect.stringMatching(/cut off/) },
    ]);
  });

  it('names each upload by its kind: the list of imports shows it', async () => {
    const kindOf = async (file: Blob, name: string) => (await parseUploadWithKind(file, name)).kind;
    const fit = fitRun(new Date('2026-05-01T14:00:00Z'), 1800);
    expect(await kindOf(await zipOf({ 'activities.csv': STRAVA_CSV }), 'export_1.zip')).toBe('strava_archive');
    expect(await kindOf(await zipOf({ 'a/run_1.fit': fit }), 'garmin.zip')).toBe('garmin_archive');
    expect(await kindOf(fileOf(fit), 'run_1.fit')).toBe('fit');
  });

  it('an archive with no activity file in it says so', async () => {
    const archive = await zipOf({ 'notes.txt': 'hello' });
    const error = await readError(parseUpload(archive, 'notes.zip'));
    expect(error.code).toBe('unsupported');
    expect(error.message).toMatch(/no activity files/);
  });
});

describe('damaged and hostile archives', () => {
  it('stops a zip bomb as it inflates, long before its size', async () => {
    // 40 MB of zeros deflate to about 40 kB: far past the allowance of a hundred times the compressed size. (A FIT
    // file is read whole, so only the inflate allowance can stop it before its own 64 MB cap.)
    const bomb = await zipOf({ 'activities/bomb.fit': new Uint8Array(40 * 1024 * 1024) });
    expect(bomb.size).toBeLessThan(MIN_ENTRY_ALLOWANCE_BYTES);
    const error = await readError(parseUpload(bomb, 'bomb.zip'));
    expect(error.code).toBe('too_large');
    expect(error.message).toMatch(/bomb\.fit inflates to more than/);
  });

  it('an empty file, a file that is not a zip, and a zip cut off end in clear errors', async () => {
    expect((await readError(parseUpload(fileOf(), 'empty.zip'))).code).toBe('empty');
    expect((await readError(parseUpload(fileOf('just text'), 'text.zip'))).code).toBe('malformed');
    const whole = await zipOf({ 'activities.csv': STRAVA_CSV });
    const cut = fileOf((await whole.arrayBuffer()).slice(0, Math.floor(whole.size / 2)));
    expect((await readError(parseUpload(cut, 'cut.zip'))).code).toBe('malformed');
  });

  it('stops when cancelled', async () => {
    const archive = await zipOf({ 'a.fit': fitRun(new Date('2026-05-01T14:00:00Z'), 1800) });
    const controller = new AbortController();
    controller.abort();
    expect((await readError(parseUpload(archive, 'a.zip', { signal: controller.signal }))).code).toBe('cancelled');
  });
});
