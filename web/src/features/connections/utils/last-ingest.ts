import type { IngestProblem, LastIngest } from '@shared/schemas/connections';

export const NO_INGEST_YET = 'No data received yet — run the Shortcut once';

/** In the visitor's own zone, as the rest of the Health Connections screen shows times. */
const receivedFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function formatReceivedAt(iso: string): string {
  return receivedFormat.format(new Date(iso));
}

/** What arrived: "3 workouts, 7 days of steps; 1 skipped (already received)". */
export function ingestCountsText(ingest: LastIngest): string {
  if (ingest.refused) return 'nothing stored, the data could not be read';
  const { workouts, stepDays } = ingest.accepted;
  const parts: string[] = [];
  if (workouts > 0) parts.push(plural(workouts, 'new workout', 'new workouts'));
  if (stepDays > 0) parts.push(plural(stepDays, 'new day of steps', 'new days of steps'));
  const kept = parts.length > 0 ? parts.join(', ') : 'nothing new';
  const skipped: string[] = [];
  if (ingest.skipped.duplicates > 0) skipped.push(`${ingest.skipped.duplicates} skipped (already received)`);
  if (ingest.skipped.notKept > 0)
    skipped.push(`${ingest.skipped.notKept} not kept (older than 30 days or under 1,000 steps)`);
  return [kept, ...skipped].join('; ');
}

/** The figure a field holds, in plain words; the field's own name otherwise. */
const FIGURES: Record<string, string> = {
  totalEnergyBurned: 'energy',
  activeEnergyBurned: 'energy',
  activeEnergy: 'energy',
  totalDistance: 'distance',
  distance: 'distance',
  averageHeartRate: 'heart rate',
  maxHeartRate: 'heart rate',
  avgHeartRate: 'heart rate',
  heartRate: 'heart rate',
  steps: 'steps',
  stepCount: 'steps',
  elevationUp: 'elevation',
};

function figureOf(field: string | null): string {
  if (field === null) return 'a figure';
  return FIGURES[field.split(/[.[]/)[0]!] ?? field;
}

/** One problem in plain words: "Workout 2 kept without energy: totalEnergyBurned is not a number". */
export function problemText(problem: IngestProblem): string {
  const entry = `${problem.list === 'steps' ? 'Step entry' : 'Workout'} ${problem.index + 1}`;
  if (problem.kind === 'incomplete') return `${entry} kept without ${figureOf(problem.field)}: ${problem.message}`;
  return `${entry} not stored: ${problem.message}`;
}

export function problemsSummary(ingest: LastIngest): string {
  return plural(ingest.problemCount, 'problem', 'problems');
}
