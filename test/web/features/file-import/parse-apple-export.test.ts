import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { describe, expect, it } from 'vitest';
import { FileActivitySummary } from '@shared/schemas/file-import';
import { appleDate } from '@/features/file-import/parsers/apple-export';
import { parseFile } from '@/features/file-import/parsers/parse-file';
import { parseUpload, parseUploadWithKind } from '@/features/file-import/parsers/parse-upload';
import { chunked, fileOf, readError, utf8 } from './file-kit';

/** The head of a real export.xml: a DOCTYPE with its internal DTD, the export date and the person. */
const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
<!ATTLIST HealthData locale CDATA #REQUIRED>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutStatistics|WorkoutRoute)*)>
]>
<HealthData locale="en_CA">
 <ExportDate value="2026-11-20 10:00:00 -0800"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet"/>
`;
const steps = (source: string, start: string, value: number) =>
  ` <Record type="HKQuantityTypeIdentifierStepCount" sourceName="${source}" sourceVersion="17.0" unit="count" creationDate="${start}" startDate="${start}" endDate="${start}" value="${value}"/>\n`;

/** iOS 16 and later: totals as WorkoutStatistics children, the climb as metadata, a route file beside it. */
const NEW_STYLE_HIKE = ` <Workout workoutActivityType="HKWorkoutActivityTypeHiking" duration="95.5" durationUnit="min" sourceName="Pat’s Apple Watch" sourceVersion="10.0" creationDate="2026-07-04 10:36:00 -0700" startDate="2026-07-04 09:00:00 -0700" endDate="2026-07-04 10:35:30 -0700">
  <MetadataEntry key="HKIndoorWorkout" value="0"/>
  <MetadataEntry key="HKElevationAscended" value="41000 cm"/>
  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2026-07-04 09:00:00 -0700" duration="30" durationUnit="min"/>
  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2026-07-04 09:00:00 -0700" endDate="2026-07-04 10:35:30 -0700" sum="640.5" unit="kcal"/>
  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2026-07-04 09:00:00 -0700" endDate="2026-07-04 10:35:30 -0700" sum="7.2" unit="km"/>
  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2026-07-04 09:00:00 -0700" endDate="2026-07-04 10:35:30 -0700" average="132" minimum="90" maximum="171" unit="count/min"/>
  <WorkoutRoute sourceName="Pat’s Apple Watch" creationDate="2026-07-04 10:36:00 -0700" startDate="2026-07-04 09:00:00 -0700" endDate="2026-07-04 10:35:30 -0700">
   <FileReference path="/workout-routes/route_2026-07-04_10.35am.gpx"/>
  </WorkoutRoute>
 </Workout>
`;
/** Before iOS 16: totals as attributes, in miles here. */
const OLD_STYLE_RUN = ` <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="1800" durationUnit="s" totalDistance="3.1" totalDistanceUnit="mi" totalEnergyBurned="300" totalEnergyBurnedUnit="kcal" sourceName="Pat’s iPhone" startDate="2021-03-14 07:30:00 +0530" endDate="2021-03-14 08:00:00 +0530"/>
`;

const EXPORT_XML =
  HEAD +
  steps('Pat’s iPhone', '2026-07-04 08:00:00 -0700', 4000) +
  steps('Pat’s iPhone', '2026-07-04 18:00:00 -0700', 2000) +
  steps('Pat’s Apple Watch', '2026-07-04 08:00:00 -0700', 5500) + // the Watch counted the same walk, and more
  steps('Pat’s iPhone', '2026-07-05 23:59:00 -0700', 812) +
  ` <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Pat’s Apple Watch" unit="count/min" startDate="2026-07-04 09:10:00 -0700" endDate="2026-07-04 09:10:00 -0700" value="120"/>\n` +
  NEW_STYLE_HIKE +
  OLD_STYLE_RUN +
  ` <ActivitySummary dateComponents="2026-07-04" activeEnergyBurned="700" activeEnergyBurnedGoal="600" activeEnergyBurnedUnit="kcal"/>\n` +
  '</HealthData>\n';

const EXPECTED = {
  activities: [
    {
      activity_type: 'hike',
      start_time: '2026-07-04T16:00:00.000Z',
      utc_offset_minutes: -420,
      duration_seconds: 5730,
      moving_seconds: null,
      distance_meters: 7200,
      elevation_gain_meters: 410,
      calories_burned: 640.5,
      heart_rate_avg: 132,
    },
    {
      activity_type: 'run',
      start_time: '2021-03-14T02:00:00.000Z',
      utc_offset_minutes: 330,
      duration_seconds: 1800,
      moving_seconds: null,
      distance_meters: expect.closeTo(4988.97, 1),
      elevation_gain_meters: null,
      calories_burned: 300,
      heart_rate_avg: null,
    },
  ],
  dailySteps: [
    { date: '2026-07-04', steps: 6000 },
    { date: '2026-07-05', steps: 812 },
  ],
  skipped: [],
};

describe("Apple Health's export", () => {
  it('reads workouts of both layouts with their zones, and each day’s steps once across iPhone and Watch', async () => {
    const result = await parseFile(chunked(utf8(EXPORT_XML), 4093), 'export.xml');
    expect(result).toEqual(EXPECTED);
    for (const activity of result.activities) FileActivitySummary.parse(activity);
  });

  it('reads export.zip as Apple writes it, leaving the clinical copy and the route files unread', async () => {
    const writer = new ZipWriter(new Uint8ArrayWriter());
    await writer.add('apple_health_export/export.xml', new Uint8ArrayReader(utf8(EXPORT_XML)));
    // Not Health data this import reads: opening it would only cost time (it is often as large as export.xml).
    await writer.add('apple_health_export/export_cda.xml', new Uint8ArrayReader(utf8('<ClinicalDocument/>')));
    await writer.add(
      'apple_health_export/workout-routes/route_2026-07-04_10.35am.gpx',
      new Uint8ArrayReader(utf8('<gpx version="1.1"><trk><trkseg></trkseg></trk></gpx>')),
    );
    const zip = fileOf(await writer.close());
    const progress: number[] = [];
    const result = await parseUpload(zip, 'export.zip', {
      onProgress: ({ activitiesFound }) => progress.push(activitiesFound),
    });
    expect(result).toEqual(EXPECTED);
    expect((await parseUploadWithKind(zip, 'export.zip')).kind).toBe('apple_export');
    expect(progress.at(-1)).toBe(2);
  });

  it('never reports fewer activities found than it reported before, as more bytes arrive', async () => {
    const reports: Array<{ bytesRead: number; activitiesFound: number }> = [];
    await parseFile(chunked(utf8(EXPORT_XML), 64), 'export.xml', { onProgress: (report) => reports.push(report) });
    expect(reports.filter((report) => report.activitiesFound === 1).length).toBeGreaterThan(1);
    reports.forEach((report, i) => {
      const before = reports[i - 1];
      if (before) expect(report.activitiesFound).toBeGreaterThanOrEqual(before.activitiesFound);
    });
  });

  it('streams a large export without holding it: 40,000 workouts and a year of step samples', async () => {
    const encoder = new TextEncoder();
    async function* generated(): AsyncIterable<Uint8Array> {
      yield encoder.encode(HEAD);
      for (let day = 0; day < 365; day++) {
        const date = new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10);
        let block = '';
        for (let hour = 0; hour < 24; hour++)
          block += steps('iPhone', `${date} ${String(hour).padStart(2, '0')}:00:00 -0800`, 100);
        yield encoder.encode(block);
      }
      for (let i = 0; i < 40_000; i += 100) {
        let block = '';
        for (let j = i; j < i + 100; j++) block += NEW_STYLE_HIKE;
        yield encoder.encode(block);
      }
      yield encoder.encode('</HealthData>');
    }
    const found: number[] = [];
    const result = await parseFile(generated(), 'export.xml', {
      onProgress: ({ activitiesFound }) => found.push(activitiesFound),
    });
    expect(result.activities).toHaveLength(40_000);
    expect(result.dailySteps).toHaveLength(365);
    expect(new Set(result.dailySteps.map((day) => day.steps))).toEqual(new Set([2400]));
    // Progress moved while reading, not only at the end.
    expect(found.filter((count) => count > 0 && count < 40_000).length).toBeGreaterThan(100);
    // All CPU: about 2.5 s alone, and it took 20 s beside the whole suite on the 2-core machine.
  }, 90_000);

  it('reads a 300 MB export of a real mix (mostly samples it passes over) without holding it', async () => {
    const encoder = new TextEncoder();
    const heartRate = (at: string, value: number) =>
      ` <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Pat’s Apple Watch" sourceVersion="10.0" unit="count/min" creationDate="${at}" startDate="${at}" endDate="${at}" value="${value}"/>\n`;
    /** About a megabyte of one day: a step sample an hour, a heart-rate sample every 20 s, a morning run. */
    function day(date: string): string {
      let text = ` <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Pat’s Apple Watch" startDate="${date} 07:00:00 -0800" endDate="${date} 07:30:00 -0800"/>\n`;
      for (let hour = 0; hour < 24; hour++) {
        const hh = String(hour).padStart(2, '0');
        text += steps('Pat’s Apple Watch', `${date} ${hh}:00:00 -0800`, 100);
        for (let second = 0; second < 3600; second += 20)
          text += heartRate(
            `${date} ${hh}:${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')} -0800`,
            60 + (second % 50),
          );
      }
      return text;
    }
    const DAYS = 300;
    let bytes = 0;
    async function* generated(): AsyncIterable<Uint8Array> {
      const chunks = [encoder.encode(HEAD)];
      for (let i = 0; i < DAYS; i++) {
        chunks.push(encoder.encode(day(new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10))));
        yield* chunks.splice(0);
      }
      yield encoder.encode('</HealthData>');
    }
    async function* counted(): AsyncIterable<Uint8Array> {
      for await (const chunk of generated()) {
        bytes += chunk.byteLength;
        yield chunk;
      }
    }
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const result = await parseFile(counted(), 'export.xml', {
      onProgress: () => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)),
    });
    expect(bytes).toBeGreaterThan(300 * 1024 * 1024);
    expect(result.activities).toHaveLength(DAYS);
    expect(result.dailySteps).toHaveLength(DAYS);
    expect(new Set(result.dailySteps.map((entry) => entry.steps))).toEqual(new Set([2400]));
    // Streaming: held whole, the export would grow the heap past its 300 MB; read as it arrives, the heap grows by
    // the chunks in flight and the garbage the collector has not yet taken (about 30 MB here), far from it.
    expect(heapPeak - heapBefore).toBeLessThan(bytes / 4);
  }, 120_000);

  it('an export cut off, a file that is not the export, and an empty one end in clear errors', async () => {
    const cut = utf8(EXPORT_XML).subarray(0, EXPORT_XML.length - 200);
    expect((await readError(parseFile(chunked(cut, 4093), 'export.xml'))).code).toBe('truncated');
    const other = await readError(parseFile(chunked(utf8('<gpx version="1.1"/>')), 'export.xml'));
    expect(other.code).toBe('unsupported');
    expect(other.message).toMatch(/not Apple Health/);
    expect((await readError(parseFile(chunked(utf8('')), 'export.xml'))).code).toBe('empty');
    const endless = utf8(HEAD + ' '.repeat(2 * 1024 * 1024));
    expect((await readError(parseFile(chunked(endless, 65_536), 'export.xml'))).code).toBe('too_large');
  });

  it('reads the same whatever the records it passes over hold and wherever the chunks end', async () => {
    const heartRate = (
      time: string,
    ) => ` <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Pat’s Apple Watch" unit="count/min" creationDate="${time}" startDate="${time}" endDate="${time}" value="120">
  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
  <HeartRateVariabilityMetadataList>
   <InstantaneousBeatsPerMinute bpm="61" time="9:10:01.11 AM"/>
  </HeartRateVariabilityMetadataList>
 </Record>
`;
    const exportXml = EXPORT_XML.replace(
      NEW_STYLE_HIKE,
      heartRate('2026-07-04 09:10:00 -0700') +
        NEW_STYLE_HIKE +
        ` <!-- <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Pat’s iPhone" startDate="2026-07-04 09:00:00 -0700" value="99999"/> -->\n` +
        heartRate('2026-07-04 09:20:00 -0700'),
    );
    const bytes = utf8(exportXml);
    const from = utf8(exportXml.slice(0, exportXml.indexOf('<Record type="HKQuantityTypeIdentifierHeartRate"'))).length;
    const inSmallChunks = await parseFile(chunked(bytes, 37), 'export.xml');
    expect(inSmallChunks).toEqual(EXPECTED);
    const whole = JSON.stringify(inSmallChunks);
    // Every place from the first passed-over record, through the workout, to the last records.
    for (let at = from; at < bytes.length - 200; at += 1) {
      async function* twoChunks(): AsyncIterable<Uint8Array> {
        yield bytes.subarray(0, at);
        yield bytes.subarray(at);
      }
      const result = await parseFile(twoChunks(), 'export.xml');
      if (JSON.stringify(result) !== whole) expect({ at, result }).toEqual({ at, result: EXPECTED });
    }
  }, 60_000);

  it('a step record written another way is still counted, and what the parser is given is still checked', async () => {
    const otherWay = EXPORT_XML.replace(
      '</HealthData>',
      ` <Record value='188' startDate='2026-07-05 08:00:00 -0700' sourceName='Pat’s iPhone' type='HKQuantityTypeIdentifierStepCount'></Record>\n</HealthData>`,
    );
    const read = await parseFile(chunked(utf8(otherWay), 101), 'export.xml');
    expect(read.dailySteps).toEqual([
      { date: '2026-07-04', steps: 6000 },
      { date: '2026-07-05', steps: 1000 },
    ]);
    const brokenStep = EXPORT_XML.replace('value="812"/>', 'value="812"/ >');
    expect((await readError(parseFile(chunked(utf8(brokenStep), 101), 'export.xml'))).code).toBe('malformed');
    const brokenWorkout = EXPORT_XML.replace(' </Workout>', ' </Workout x>');
    expect((await readError(parseFile(chunked(utf8(brokenWorkout), 101), 'export.xml'))).code).toBe('malformed');
    const afterRoot = `${EXPORT_XML}<Record type="HKQuantityTypeIdentifierHeartRate" value="1"/>`;
    expect((await readError(parseFile(chunked(utf8(afterRoot), 101), 'export.xml'))).code).toBe('malformed');
  });

  it('reads a step record’s entities alike whether it reads the tag itself or leaves it to the parser', async () => {
    const day = '2026-07-06 08:00:00 -0700';
    const plain = steps('Pat &amp; Sam’s iPhone', day, 100);
    // A character reference is not in the plain form: saxes reads this one.
    const referenced = steps('Pat &#38; Sam’s iPhone', day, 200);
    const exportXml = EXPORT_XML.replace('</HealthData>', `${plain}${referenced}</HealthData>`);
    const read = await parseFile(chunked(utf8(exportXml), 101), 'export.xml');
    // One source, so its samples add up (two sources would give the larger, 200).
    expect(read.dailySteps).toContainEqual({ date: '2026-07-06', steps: 300 });
    const repeated = EXPORT_XML.replace('value="812"/>', 'value="812" value="9"/>');
    expect((await readError(parseFile(chunked(utf8(repeated), 101), 'export.xml'))).code).toBe('malformed');
  });

  it('a long run of records it passes over is not taken for a file without tags', async () => {
    const heartRate = ` <Record type="HKQuantityTypeIdentifierHeartRate" value="70"/>${' '.repeat(4000)}\n`;
    const exportXml = `${HEAD}${heartRate.repeat(300)}${steps('iPhone', '2026-07-05 08:00:00 -0700', 10)}</HealthData>`;
    const result = await parseFile(chunked(utf8(exportXml), 65_536), 'export.xml');
    expect(result.dailySteps).toEqual([{ date: '2026-07-05', steps: 10 }]);
  });

  it('an export cut off inside a passed-over record, or in a tag without end, ends in a clear error', async () => {
    const record = ` <Record type="HKQuantityTypeIdentifierHeartRate" value="120">\n  <MetadataEntry key="k" value="0"/>\n </Record>\n`;
    const whole = HEAD + record;
    for (const cut of [whole.length - 4, whole.length - 30, HEAD.length + 20]) {
      const error = await readError(parseFile(chunked(utf8(whole.slice(0, cut)), 64), 'export.xml'));
      expect(error.code).toBe('truncated');
    }
    const endlessTag = utf8(
      `${HEAD} <Record type="HKQuantityTypeIdentifierHeartRate" note="${' '.repeat(2 * 1024 * 1024)}`,
    );
    expect((await readError(parseFile(chunked(endlessTag, 65_536), 'export.xml'))).code).toBe('too_large');
    // Element content that goes on without end is still only held up to the limit.
    const endlessRecord = utf8(
      `${HEAD} <Record type="HKQuantityTypeIdentifierHeartRate" value="120">${'<MetadataEntry key="k" value="0"/>'.repeat(70_000)}`,
    );
    expect((await readError(parseFile(chunked(endlessRecord, 65_536), 'export.xml'))).code).toBe('truncated');
  });

  it.each([
    ['2026-07-04 09:00:00 -0700', '2026-07-04T16:00:00.000Z', -420, '2026-07-04'],
    ['2026-01-01 00:30:00 +0530', '2025-12-31T19:00:00.000Z', 330, '2026-01-01'],
    ['2026-07-04T09:00:00Z', null, null, null],
  ])('reads the date %s', (text, iso, offset, localDate) => {
    const parsed = appleDate(text);
    expect(parsed && [parsed.iso, parsed.offsetMinutes, parsed.localDate]).toEqual(
      iso === null ? null : [iso, offset, localDate],
    );
  });
});
