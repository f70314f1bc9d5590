/**
 * file-import-throughput: the file import's reader on a 1 GB Apple Health export.xml (generated as it streams, a real
 * export's mix of step and heart-rate samples and workouts), in MB/s and peak memory. Floor: a process that generates
 * and only decodes the same bytes as text. Each runs in a process of its own, so peak memory is its own.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { benchResult, type Benchmark } from '../types';

const EXPORT_MB = 1024;

interface ReaderRun {
  megabytes: number;
  seconds: number;
  cpuSeconds: number;
  peakMegabytes: number;
  found: number;
}

function run(rootDir: string, mode: 'parse' | 'floor'): ReaderRun {
  const script = join(rootDir, 'test', 'web', 'bench', 'apple-export-throughput.ts');
  const output = execFileSync(
    'npx',
    ['tsx', '--tsconfig', join(rootDir, 'web', 'tsconfig.json'), script, mode, String(EXPORT_MB)],
    { cwd: rootDir, encoding: 'utf8', maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!) as ReaderRun;
}

const benchmark: Benchmark = {
  name: 'file-import-throughput',
  description: 'reading a 1 GB Apple Health export.xml in the import worker core (MB/s, peak MB) vs decoding it only',
  async run(ctx) {
    ctx.log(`reading a ${EXPORT_MB} MB export.xml…`);
    const parse = run(ctx.rootDir, 'parse');
    const floor = run(ctx.rootDir, 'floor');
    if (parse.found === 0) throw new Error('the generated export held no workouts after reading');
    return [
      benchResult({
        name: 'apple-export-read-speed',
        value: Math.round(parse.megabytes / parse.seconds),
        unit: 'MB/s',
        floor: Math.round(floor.megabytes / floor.seconds),
        goal: { atLeast: 50 },
      }),
      // The machine is shared: the same read per second of this process's own CPU time, which others' work moves less.
      benchResult({
        name: 'apple-export-read-speed-cpu',
        value: Math.round(parse.megabytes / parse.cpuSeconds),
        unit: 'MB/cpu-s',
        floor: Math.round(floor.megabytes / floor.cpuSeconds),
        goal: null,
      }),
      benchResult({
        name: 'apple-export-peak-memory',
        value: Math.round(parse.peakMegabytes),
        unit: 'MB',
        floor: Math.round(floor.peakMegabytes),
        goal: { atMost: 300 },
      }),
    ];
  },
};

export default benchmark;
