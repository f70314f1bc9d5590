/**
 * Run by test/bench/benchmarks/file-import-throughput.ts in a process of its own (`tsx --tsconfig web/tsconfig.json`),
 * so its peak memory is this reader's alone. `parse` streams a generated Apple Health export.xml of EXPORT_MB megabytes
 * through the import's parsing core; `floor` only generates and decodes the same bytes as text. Prints one JSON line.
 */
import { performance } from 'node:perf_hooks';
import { parseFile } from '@/features/file-import/parsers/parse-file';

const MODE = process.argv[2] === 'floor' ? 'floor' : 'parse';
const EXPORT_MB = Number(process.argv[3] ?? 1024);
const BLOCK_BYTES = 1024 * 1024;

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
]>
<HealthData locale="en_CA">
 <ExportDate value="2026-11-20 10:00:00 -0800"/>
`;

/** About a megabyte of a real export's mix: mostly step and heart-rate samples, a workout now and then. */
function block(index: number): string {
  const day = new Date(Date.UTC(2020, 0, 1) + (index % 2000) * 86_400_000).toISOString().slice(0, 10);
  let text = '';
  let sample = 0;
  while (text.length < BLOCK_BYTES) {
    const time = `${day} ${String(sample % 24).padStart(2, '0')}:${String(sample % 60).padStart(2, '0')}:00 -0800`;
    text += ` <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Pat’s iPhone" sourceVersion="17.0" device="&lt;&lt;HKDevice: 0x283&gt;, name:iPhone&gt;" unit="count" creationDate="${time}" startDate="${time}" endDate="${time}" value="${40 + (sample % 90)}"/>\n`;
    text += ` <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Pat’s Apple Watch" unit="count/min" creationDate="${time}" startDate="${time}" endDate="${time}" value="${70 + (sample % 60)}">\n  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>\n </Record>\n`;
    if (sample % 400 === 0)
      text += ` <Workout workoutActivityType="HKWorkoutActivityTypeHiking" duration="95.5" durationUnit="min" sourceName="Pat’s Apple Watch" startDate="${time}" endDate="${time}">\n  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" sum="7.2" unit="km"/>\n  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" sum="640" unit="kcal"/>\n </Workout>\n`;
    sample++;
  }
  return text;
}

async function* generated(): AsyncIterable<Uint8Array> {
  const encoder = new TextEncoder();
  yield encoder.encode(HEAD);
  for (let index = 0; index < EXPORT_MB; index++) yield encoder.encode(block(index));
  yield encoder.encode('</HealthData>\n');
}

let peakBytes = 0;
const sampler = setInterval(() => {
  peakBytes = Math.max(peakBytes, process.memoryUsage().rss);
}, 50);

async function decodeOnly(): Promise<{ bytes: number; found: number }> {
  const decoder = new TextDecoder();
  let bytes = 0;
  for await (const chunk of generated()) {
    bytes += chunk.byteLength;
    decoder.decode(chunk, { stream: true });
  }
  return { bytes, found: 0 };
}

async function parseAll(): Promise<{ bytes: number; found: number }> {
  let bytes = 0;
  const result = await parseFile(generated(), 'export.xml', {
    onProgress: (progress) => {
      bytes = progress.bytesRead;
    },
  });
  return { bytes, found: result.activities.length };
}

const started = performance.now();
const { bytes, found } = await (MODE === 'parse' ? parseAll() : decodeOnly());
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakBytes = Math.max(peakBytes, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
console.log(JSON.stringify({ megabytes: bytes / 1024 / 1024, seconds, peakMegabytes: peakBytes / 1024 / 1024, found }));
