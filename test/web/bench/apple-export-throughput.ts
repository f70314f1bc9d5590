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

/** About a megabyte of a real export's mix for one day: mostly step and heart-rate samples, a workout now and then. */
function block(day: string): string {
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

/**
 * Every block differs only in its day, so one block is written and encoded once and each later one is its copy with
 * the day's bytes replaced: in the import the bytes come from a file read, which costs next to nothing beside the
 * parsing, so building and encoding a megabyte of text per block here would measure the generator instead.
 */
const encoder = new TextEncoder();
const TEMPLATE_DAY = '2020-01-01';
const template = encoder.encode(block(TEMPLATE_DAY));
const templateDay = encoder.encode(TEMPLATE_DAY);
const dayOffsets: number[] = [];
for (let at = template.indexOf(templateDay[0]!); at !== -1; at = template.indexOf(templateDay[0]!, at + 1))
  if (templateDay.every((byte, i) => template[at + i] === byte)) dayOffsets.push(at);

function blockBytes(index: number): Uint8Array {
  const day = new Date(Date.UTC(2020, 0, 1) + (index % 2000) * 86_400_000).toISOString().slice(0, 10);
  const bytes = template.slice();
  const dayBytes = encoder.encode(day);
  for (const at of dayOffsets) bytes.set(dayBytes, at);
  return bytes;
}

async function* generated(): AsyncIterable<Uint8Array> {
  yield encoder.encode(HEAD);
  for (let index = 0; index < EXPORT_MB; index++) yield blockBytes(index);
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
const cpuBefore = process.cpuUsage();
const { bytes, found } = await (MODE === 'parse' ? parseAll() : decodeOnly());
const seconds = (performance.now() - started) / 1000;
// On a shared machine the wall clock also counts other people's work; the CPU time is this process's own.
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
clearInterval(sampler);
peakBytes = Math.max(peakBytes, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
console.log(
  JSON.stringify({
    megabytes: bytes / 1024 / 1024,
    seconds,
    cpuSeconds,
    peakMegabytes: peakBytes / 1024 / 1024,
    found,
  }),
);
