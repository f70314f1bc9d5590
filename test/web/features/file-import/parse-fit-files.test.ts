import {
  Encoder,
  Profile,
  type ActivityMesg,
  type FileIdMesg,
  type LapMesg,
  type RecordMesg,
  type SessionMesg,
} from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { FileActivitySummary } from '@shared/schemas/file-import';
import { MAX_FIT_BYTES } from '@/features/file-import/parsers/fit-bytes';
import { parseFile, type FileImportProgress } from '@/features/file-import/parsers/parse-file';
import { chunked, gzip, readError, utf8 } from './file-kit';

/** Real FIT files, written with Garmin's own encoder (the same SDK the app decodes with). */
const FIT_EPOCH_UNIX_SECONDS = 631_065_600;
const MESG = {
  FILE_ID: Profile.MesgNum.FILE_ID!,
  RECORD: Profile.MesgNum.RECORD!,
  LAP: Profile.MesgNum.LAP!,
  SESSION: Profile.MesgNum.SESSION!,
  ACTIVITY: Profile.MesgNum.ACTIVITY!,
};
const START = new Date('2026-07-04T16:00:00Z');
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);

interface SessionSpec {
  sport: NonNullable<SessionMesg['sport']>;
  subSport?: NonNullable<SessionMesg['subSport']>;
  startSeconds?: number;
  elapsed: number;
  timer?: number;
  distance?: number;
  ascent?: number;
  calories?: number;
  heartRate?: number;
  laps?: number;
}

function fitActivity(sessions: SessionSpec[], options: { utcOffsetSeconds?: number } = {}): Uint8Array {
  const encoder = new Encoder();
  const write = (mesgNum: number, mesg: FileIdMesg | RecordMesg | LapMesg | SessionMesg | ActivityMesg) =>
    encoder.onMesg(mesgNum, mesg);
  write(MESG.FILE_ID, { manufacturer: 'garmin', product: 1, timeCreated: START, type: 'activity' });
  let end = 0;
  sessions.forEach((session, index) => {
    const begin = session.startSeconds ?? end;
    end = begin + session.elapsed;
    // A point a minute: the decoder reads them, the summary never carries them.
    for (let s = begin; s <= end; s += 60)
      write(MESG.RECORD, {
        timestamp: at(s),
        positionLat: 588_000_000 + s,
        positionLong: -1_466_000_000,
        heartRate: session.heartRate ?? 0,
        distance: ((session.distance ?? 0) * (s - begin)) / session.elapsed,
      });
    const laps = session.laps ?? 1;
    for (let lap = 0; lap < laps; lap++)
      write(MESG.LAP, {
        timestamp: at(begin + ((lap + 1) * session.elapsed) / laps),
        startTime: at(begin + (lap * session.elapsed) / laps),
        totalElapsedTime: session.elapsed / laps,
        totalTimerTime: (session.timer ?? session.elapsed) / laps,
        totalDistance: (session.distance ?? 0) / laps,
        messageIndex: lap,
      });
    write(MESG.SESSION, {
      timestamp: at(end),
      startTime: at(begin),
      sport: session.sport,
      subSport: session.subSport ?? 'generic',
      totalElapsedTime: session.elapsed,
      totalTimerTime: session.timer ?? session.elapsed,
      ...(session.distance === undefined ? {} : { totalDistance: session.distance }),
      ...(session.ascent === undefined ? {} : { totalAscent: session.ascent }),
      ...(session.calories === undefined ? {} : { totalCalories: session.calories }),
      ...(session.heartRate === undefined ? {} : { avgHeartRate: session.heartRate }),
      numLaps: laps,
      messageIndex: index,
    });
  });
  const localTimestamp =
    options.utcOffsetSeconds === undefined
      ? {}
      : { localTimestamp: at(end).getTime() / 1000 - FIT_EPOCH_UNIX_SECONDS + options.utcOffsetSeconds };
  write(MESG.ACTIVITY, {
    timestamp: at(end),
    numSessions: sessions.length,
    type: 'manual',
    totalTimerTime: end,
    ...localTimestamp,
  });
  return encoder.close();
}

const RUN: SessionSpec = {
  sport: 'running',
  elapsed: 3_000,
  timer: 2_880,
  distance: 10_012.5,
  ascent: 85,
  calories: 712,
  heartRate: 151,
};

describe('FIT files', () => {
  it('a run: the session totals as the device computed them, and nothing of the route', async () => {
    const progress: FileImportProgress[] = [];
    const { activities, dailySteps } = await parseFile(chunked(fitActivity([RUN])), 'Morning_Run.fit', {
      onProgress: (step) => progress.push(step),
    });
    expect(activities).toEqual([
      {
        activity_type: 'run',
        start_time: START.toISOString(),
        utc_offset_minutes: null,
        duration_seconds: 3_000,
        moving_seconds: 2_880,
        distance_meters: 10_012.5,
        elevation_gain_meters: 85,
        calories_burned: 712,
        heart_rate_avg: 151,
      },
    ]);
    expect(dailySteps).toEqual([]);
    for (const activity of activities) expect(FileActivitySummary.parse(activity)).toEqual(activity);
    expect(JSON.stringify(activities)).not.toMatch(/position|lat|lon/i);
    expect(progress.at(-1)).toMatchObject({ activitiesFound: 1 });
    expect(progress.at(-1)!.bytesRead).toBeGreaterThan(0);
  });

  it('a gzipped ride (.fit.gz, as in a Strava archive) reads the same as the plain file', async () => {
    const ride = fitActivity([
      { sport: 'cycling', subSport: 'mountain', elapsed: 5_400, distance: 32_000, ascent: 610 },
    ]);
    const plain = await parseFile(chunked(ride), 'ride.fit');
    const zipped = await parseFile(chunked(await gzip(ride)), '12345678.fit.gz');
    expect(zipped).toEqual(plain);
    expect(plain.activities[0]).toMatchObject({
      activity_type: 'ride',
      distance_meters: 32_000,
      elevation_gain_meters: 610,
      calories_burned: null,
      heart_rate_avg: null,
    });
  });

  it('a hike with laps is one activity with the session totals, not one per lap or the laps added twice', async () => {
    const { activities } = await parseFile(
      chunked(
        fitActivity([{ sport: 'hiking', elapsed: 14_400, timer: 12_600, distance: 14_000, ascent: 1_150, laps: 4 }]),
      ),
      'hike.FIT',
    );
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({
      activity_type: 'hike',
      duration_seconds: 14_400,
      moving_seconds: 12_600,
      distance_meters: 14_000,
      elevation_gain_meters: 1_150,
    });
  });

  it.each([
    ['Pacific daylight time (a device set to UTC−7)', -7 * 3600, -420],
    ['India (UTC+5:30)', 5.5 * 3600, 330],
    ['UTC', 0, 0],
  ])('takes the start zone from the device’s local timestamp: %s', async (_zone, offsetSeconds, minutes) => {
    const { activities } = await parseFile(chunked(fitActivity([RUN], { utcOffsetSeconds: offsetSeconds })), 'run.fit');
    expect(activities[0]?.utc_offset_minutes).toBe(minutes);
    expect(activities[0]?.start_time).toBe(START.toISOString());
  });

  it('a multisport file is one activity per session, each of its own kind', async () => {
    const { activities } = await parseFile(
      chunked(
        fitActivity([
          { sport: 'swimming', elapsed: 1_800, distance: 1_500 },
          { sport: 'cycling', elapsed: 3_600, distance: 40_000 },
          { sport: 'running', elapsed: 2_400, distance: 10_000 },
        ]),
      ),
      'triathlon.fit',
    );
    expect(activities.map((activity) => [activity.activity_type, activity.start_time])).toEqual([
      ['swim', at(0).toISOString()],
      ['ride', at(1_800).toISOString()],
      ['run', at(5_400).toISOString()],
    ]);
  });

  it('a sub-sport that names the kind wins over its general sport (training → strength)', async () => {
    const { activities } = await parseFile(
      chunked(fitActivity([{ sport: 'training', subSport: 'strengthTraining', elapsed: 2_700 }])),
      'gym.fit',
    );
    expect(activities[0]?.activity_type).toBe('strength');
  });

  it('an empty file, a file cut off, a damaged file and a file that is not FIT end in clear errors', async () => {
    const good = fitActivity([RUN]);
    expect((await readError(parseFile(chunked(new Uint8Array()), 'empty.fit'))).code).toBe('empty');

    const cut = await readError(parseFile(chunked(good.subarray(0, good.length - 40)), 'cut.fit'));
    expect(cut.code).toBe('truncated');
    expect(cut.message).toMatch(/cut off/);

    const damaged = good.slice();
    damaged[60] = damaged[60]! ^ 0xff;
    const crc = await readError(parseFile(chunked(damaged), 'damaged.fit'));
    expect(crc.code).toBe('malformed');
    expect(crc.message).toMatch(/checksum/);

    const notFit = await readError(parseFile(chunked(utf8('<gpx>not a fit</gpx>')), 'x.fit'));
    expect(notFit.code).toBe('malformed');
    expect(notFit.message).toMatch(/not a FIT file/);
  });

  it(`refuses a file over ${MAX_FIT_BYTES / 1024 / 1024} MB as it arrives, without holding it`, async () => {
    const megabyte = new Uint8Array(1024 * 1024);
    let served = 0;
    async function* endless(): AsyncIterable<Uint8Array> {
      for (;;) {
        served++;
        yield megabyte;
      }
    }
    const error = await readError(parseFile(endless(), 'huge.fit'));
    expect(error.code).toBe('too_large');
    expect(served).toBe(MAX_FIT_BYTES / megabyte.length + 1);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(
      (await readError(parseFile(chunked(fitActivity([RUN])), 'run.fit', { signal: controller.signal }))).code,
    ).toBe('cancelled');
  });
});
