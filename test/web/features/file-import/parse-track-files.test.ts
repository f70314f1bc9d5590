import { describe, expect, it } from 'vitest';
import { FileActivitySummary } from '@shared/schemas/file-import';
import { parseFile, type FileImportProgress } from '@/features/file-import/parsers/parse-file';
import { haversineMeters, ELEVATION_NOISE_METERS } from '@/features/file-import/parsers/track-summary';
import { MAX_XML_STRETCH_CHARS } from '@/features/file-import/parsers/xml-stream';
import { chunked, gzip, readError, utf8 } from './file-kit';

const START = Date.parse('2026-07-04T16:00:00Z');
/** A 1-hour outing of 61 points due north, 25 m apart per minute, climbing 5 m a minute for 30 minutes then flat. */
const points = Array.from({ length: 61 }, (_, minute) => ({
  time: new Date(START + minute * 60_000).toISOString(),
  lat: 49.3 + (minute * 25) / 111_195,
  lon: -123.1,
  ele: 100 + Math.min(minute, 30) * 5 + (minute % 2 === 0 ? 0 : 1), // a 1 m wobble below the noise threshold
  hr: 120 + (minute % 3) * 10,
}));
const expectedDistance = haversineMeters(points[0]!.lat, -123.1, points[60]!.lat, -123.1);

function gpx11(type = 'hiking'): string {
  const trkpts = points
    .map(
      (p) =>
        `<trkpt lat="${p.lat}" lon="${p.lon}"><ele>${p.ele}</ele><time>${p.time}</time>` +
        `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${p.hr}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
  xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
  <metadata><time>${points[0]!.time}</time></metadata>
  <trk><name>Grouse Grind — été</name><type>${type}</type><trkseg>
${trkpts}
  </trkseg></trk>
</gpx>`;
}

function gpx10(): string {
  const trkpts = points
    .map((p) => `<trkpt lat="${p.lat}" lon="${p.lon}"><ele>${p.ele}</ele><time>${p.time}</time></trkpt>`)
    .join('');
  return `<?xml version="1.0"?><gpx version="1.0" creator="old" xmlns="http://www.topografix.com/GPX/1/0"><time>${points[0]!.time}</time><trk><name>Run</name><trkseg>${trkpts}</trkseg></trk></gpx>`;
}

function tcx(): string {
  const trackpoints = points.map(
    (p, index) =>
      `<Trackpoint><Time>${p.time}</Time><Position><LatitudeDegrees>${p.lat}</LatitudeDegrees><LongitudeDegrees>${p.lon}</LongitudeDegrees></Position>` +
      `<AltitudeMeters>${p.ele}</AltitudeMeters><DistanceMeters>${index * 30}</DistanceMeters><HeartRateBpm><Value>${p.hr}</Value></HeartRateBpm></Trackpoint>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
<Activities><Activity Sport="Running"><Id>${points[0]!.time}</Id>
<Lap StartTime="${points[0]!.time}"><TotalTimeSeconds>1800</TotalTimeSeconds><DistanceMeters>900</DistanceMeters><Calories>300</Calories><Track>${trackpoints.slice(0, 30).join('')}</Track></Lap>
<Lap StartTime="${points[30]!.time}"><TotalTimeSeconds>1790</TotalTimeSeconds><DistanceMeters>905.5</DistanceMeters><Calories>310</Calories><Track>${trackpoints.slice(30).join('')}</Track></Lap>
</Activity></Activities></TrainingCenterDatabase>`;
}

describe('GPX and TCX files read as they stream', () => {
  it('summarises a GPX 1.1 hike: time span, haversine distance, gain above the noise, average heart rate', async () => {
    const { activities } = await parseFile(chunked(utf8(gpx11())), 'Morning_Hike.gpx');
    expect(activities).toHaveLength(1);
    const [hike] = activities;
    expect(FileActivitySummary.parse(hike)).toEqual(hike);
    expect(hike).toMatchObject({
      activity_type: 'hike',
      start_time: '2026-07-04T16:00:00.000Z',
      utc_offset_minutes: null,
      duration_seconds: 3600,
      moving_seconds: 0, // 25 m a minute is below walking speed: every interval counts as stopped
      elevation_gain_meters: 150,
      calories_burned: null,
      heart_rate_avg: 130,
    });
    expect(hike!.distance_meters).toBeCloseTo(expectedDistance, 0);
    expect(ELEVATION_NOISE_METERS).toBeGreaterThan(1);
  });

  it('reads GPX 1.0 (no extensions, no type) as a workout without heart rate', async () => {
    const { activities } = await parseFile(chunked(utf8(gpx10()), 5), 'old.gpx');
    expect(activities).toEqual([
      expect.objectContaining({ activity_type: 'workout', duration_seconds: 3600, heart_rate_avg: null }),
    ]);
    expect(activities[0]!.distance_meters).toBeCloseTo(expectedDistance, 0);
  });

  it('reads TCX with the laps giving duration, distance and calories, and the device distance per point', async () => {
    const { activities } = await parseFile(chunked(utf8(tcx())), 'run.tcx');
    expect(activities).toEqual([
      expect.objectContaining({
        activity_type: 'run',
        start_time: '2026-07-04T16:00:00.000Z',
        duration_seconds: 3590,
        distance_meters: 1805.5,
        calories_burned: 610,
      }),
    ]);
  });

  it('reads gzipped files and reports the bytes read and the activities found', async () => {
    const gz = await gzip(utf8(gpx11('Ride')));
    const progress: FileImportProgress[] = [];
    const { activities } = await parseFile(chunked(gz, 100), 'ride.gpx.gz', { onProgress: (p) => progress.push(p) });
    expect(activities[0]!.activity_type).toBe('ride');
    expect(progress.at(-1)).toEqual({ bytesRead: gz.length, activitiesFound: 1 });
    expect(progress.length).toBeGreaterThan(2);
  });

  it('ends malformed, truncated, empty, tagless and unknown inputs with a clear error', async () => {
    expect((await readError(parseFile(chunked(utf8('')), 'empty.gpx'))).code).toBe('empty');
    expect((await readError(parseFile(chunked(utf8('  \n')), 'blank.tcx'))).code).toBe('empty');
    const whole = gpx11();
    expect((await readError(parseFile(chunked(utf8(whole.slice(0, whole.length / 2))), 'cut.gpx'))).code).toBe(
      'truncated',
    );
    expect((await readError(parseFile(chunked(utf8('<gpx><trk></gpx>')), 'bad.gpx'))).code).toMatch(
      /malformed|truncated/,
    );
    expect((await readError(parseFile(chunked(utf8('<kml></kml>')), 'x.gpx'))).code).toBe('unsupported');
    expect((await readError(parseFile(chunked(utf8('<gpx version="1.1"></gpx>')), 'none.gpx'))).message).toMatch(
      /no timed track points/,
    );
    expect((await readError(parseFile(chunked(utf8('x')), 'notes.txt'))).code).toBe('unsupported');
    const gz = await gzip(utf8(whole));
    expect((await readError(parseFile(chunked(gz.subarray(0, gz.length / 2)), 'cut.gpx.gz'))).code).toBe('truncated');
  });

  it('gives up on a huge line with no tags instead of buffering it', async () => {
    async function* endless(): AsyncIterable<Uint8Array> {
      yield utf8('<gpx><trk><name>');
      const line = utf8('a'.repeat(64 * 1024));
      for (let i = 0; i < 1000; i += 1) yield line; // 64 MB if read to the end
    }
    const error = await readError(parseFile(endless(), 'huge.gpx'));
    expect(error.code).toBe('too_large');
    expect(MAX_XML_STRETCH_CHARS).toBeLessThan(64 * 1024 * 1000);
  });

  it('stops when cancelled, plain or gzipped', async () => {
    for (const [name, bytes] of [
      ['a.gpx', utf8(gpx11())],
      ['a.gpx.gz', await gzip(utf8(gpx11()))],
    ] as const) {
      const controller = new AbortController();
      const error = await readError(
        parseFile(chunked(bytes, 50), name, {
          signal: controller.signal,
          onProgress: ({ bytesRead }) => bytesRead > 100 && controller.abort(),
        }),
      );
      expect(error.code).toBe('cancelled');
    }
  });
});
