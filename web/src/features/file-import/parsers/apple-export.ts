import { SaxesParser } from 'saxes';
import { canonicalActivityType } from '@shared/activity-types';
import type { FileActivitySummary, FileDailySteps } from '@shared/schemas/file-import';
import { FileImportError } from './errors';
import type { SkipRule } from './xml-skip';
import { pumpXml, type XmlStretch } from './xml-stream';
import { plainEmptyTagAttributes } from './xml-tag';

/**
 * Apple Health's "Export All Health Data" writes `apple_health_export/export.xml` (Apple's HealthKit export; element
 * and attribute names as in real exports, read 2026-11-29):
 * - `<Workout workoutActivityType="HKWorkoutActivityTypeHiking" duration="95.5" durationUnit="min"
 *   startDate="2026-07-04 09:00:00 -0700" endDate="…">`; before iOS 16 the totals are attributes (`totalDistance` with
 *   `totalDistanceUnit`, `totalEnergyBurned` with `totalEnergyBurnedUnit`), since then `<WorkoutStatistics type="…"
 *   sum="7.2" unit="km"/>` children (distance, active energy, heart rate `average`); the climb is
 *   `<MetadataEntry key="HKElevationAscended" value="41000 cm"/>`.
 * - `<Record type="HKQuantityTypeIdentifierStepCount" sourceName="…" startDate="…" value="812"/>`, one per sample.
 * Dates carry the device's offset, so each start keeps its zone. The file is often over 1 GB: it is read element by
 * element and only the per-day step totals are held.
 */
const LOCAL_DAY = /^\d{4}-\d{2}-\d{2} /;
const APPLE_DATE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-])(\d{2})(\d{2})$/;

export function appleDate(text: string | undefined): { iso: string; offsetMinutes: number; localDate: string } | null {
  const match = APPLE_DATE.exec(text?.trim() ?? '');
  if (!match) return null;
  const [, date, time, sign, hours, minutes] = match;
  const ms = Date.parse(`${date}T${time}${sign}${hours}:${minutes}`);
  if (!Number.isFinite(ms)) return null;
  const offsetMinutes = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  return { iso: new Date(ms).toISOString(), offsetMinutes, localDate: date! };
}

const number = (text: string | undefined): number | null => {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
};

const METRES_PER: Record<string, number> = { m: 1, km: 1000, mi: 1609.344, ft: 0.3048, yd: 0.9144, cm: 0.01 };
const SECONDS_PER: Record<string, number> = { s: 1, min: 60, hr: 3600, h: 3600 };
const KCAL_PER: Record<string, number> = { kcal: 1, Cal: 1, cal: 0.001, kJ: 1 / 4.184 };

function inUnit(value: number | null, unit: string | undefined, table: Record<string, number>): number | null {
  if (value === null) return null;
  const factor = table[unit ?? ''];
  return factor === undefined ? null : value * factor;
}

/** "41000 cm" or "410 m" (a quantity written with its unit) in metres. */
function metresIn(text: string | undefined): number | null {
  const [value, unit] = (text ?? '').trim().split(/\s+/);
  return inUnit(number(value), unit, METRES_PER);
}

interface OpenWorkout {
  attributes: Record<string, string>;
  distance: number | null;
  calories: number | null;
  heartRate: number | null;
  elevation: number | null;
}

function workoutSummary(workout: OpenWorkout): FileActivitySummary | null {
  const { attributes } = workout;
  const start = appleDate(attributes.startDate);
  const end = appleDate(attributes.endDate);
  if (!start) return null;
  const seconds =
    inUnit(number(attributes.duration), attributes.durationUnit ?? 'min', SECONDS_PER) ??
    (end ? (Date.parse(end.iso) - Date.parse(start.iso)) / 1000 : null);
  if (seconds === null || seconds < 0) return null;
  return {
    activity_type: canonicalActivityType(attributes.workoutActivityType),
    start_time: start.iso,
    utc_offset_minutes: start.offsetMinutes,
    duration_seconds: Math.round(seconds),
    moving_seconds: null,
    distance_meters:
      workout.distance ?? inUnit(number(attributes.totalDistance), attributes.totalDistanceUnit, METRES_PER),
    elevation_gain_meters: workout.elevation,
    calories_burned:
      workout.calories ?? inUnit(number(attributes.totalEnergyBurned), attributes.totalEnergyBurnedUnit, KCAL_PER),
    heart_rate_avg: workout.heartRate,
  };
}

const STEP_COUNT = 'HKQuantityTypeIdentifierStepCount';

const STEP_ATTRIBUTES = ['type', 'startDate', 'value', 'sourceName'] as const;

/** Each day's steps by source, summed as the step records are read. */
class StepTotals {
  private readonly bySource = new Map<string, Map<string, number>>();

  add(attributes: Record<string, string>): void {
    if (attributes.type !== STEP_COUNT) return;
    // Millions of samples: their local day is the date as written, and a full date parse each cost a tenth of the read.
    const day = LOCAL_DAY.test(attributes.startDate ?? '') ? attributes.startDate!.slice(0, 10) : null;
    const steps = number(attributes.value);
    if (!day || steps === null) return;
    const source = attributes.sourceName ?? '';
    const days = this.bySource.get(day) ?? new Map<string, number>();
    days.set(source, (days.get(source) ?? 0) + steps);
    this.bySource.set(day, days);
  }

  /** A day's total is the largest of its sources' sums (see summariseAppleExport). */
  daily(): FileDailySteps[] {
    return [...this.bySource]
      .map(([date, sources]) => ({ date, steps: Math.round(Math.max(...sources.values())) }))
      .sort((a, b) => a.date.localeCompare(b.date));
  }
}

/**
 * Most of an export is samples this import does not read (heart rate, energy, distance…): they are passed over before
 * the XML parser, which then spends its time on workouts only. A record is read whenever its start tag names the step
 * count anywhere, so however it is written a step sample is never lost: a step record written as the export writes it
 * (one plain self-closing tag, about half of a bench export's bytes) is read from its tag here, and any other form goes
 * to the XML parser.
 */
function recordRule(steps: StepTotals): SkipRule {
  return {
    name: 'Record',
    unlessTagHas: STEP_COUNT,
    takeTag: (tag) => {
      const attributes = plainEmptyTagAttributes(tag, 'Record', STEP_ATTRIBUTES);
      if (attributes) steps.add(attributes);
      return attributes !== null;
    },
  };
}

export interface AppleExportSummary {
  activities: FileActivitySummary[];
  dailySteps: FileDailySteps[];
}

/**
 * The workouts and each day's steps of an Apple Health export. An iPhone and a Watch both count the same steps, so a
 * day's total is the largest of its sources' sums (Health's own dedup by source priority is not in the export).
 */
export async function summariseAppleExport(
  texts: AsyncIterable<string>,
  options: { signal?: AbortSignal; onActivity?: (found: number) => void } = {},
): Promise<AppleExportSummary> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const stretch: XmlStretch = { chars: 0 };
  const activities: FileActivitySummary[] = [];
  const steps = new StepTotals();
  let sawRoot = false;
  let workout: OpenWorkout | null = null;

  parser.on('opentag', (node) => {
    stretch.chars = 0;
    const attributes = node.attributes as Record<string, string>;
    if (!sawRoot) {
      if (node.name !== 'HealthData')
        throw new FileImportError(
          'unsupported',
          `This is not Apple Health's export.xml (its root element is <${node.name}>).`,
        );
      sawRoot = true;
      return;
    }
    if (node.name === 'Record') {
      steps.add(attributes);
    } else if (node.name === 'Workout') {
      workout = { attributes, distance: null, calories: null, heartRate: null, elevation: null };
    } else if (workout && node.name === 'WorkoutStatistics') {
      const type = attributes.type ?? '';
      if (/Distance/.test(type)) workout.distance = inUnit(number(attributes.sum), attributes.unit, METRES_PER);
      else if (type === 'HKQuantityTypeIdentifierActiveEnergyBurned')
        workout.calories = inUnit(number(attributes.sum), attributes.unit, KCAL_PER);
      else if (type === 'HKQuantityTypeIdentifierHeartRate') workout.heartRate = number(attributes.average);
    } else if (workout && node.name === 'MetadataEntry' && attributes.key === 'HKElevationAscended') {
      workout.elevation = metresIn(attributes.value);
    }
  });
  // No text handler: the export's facts are all in attributes. An endless text node still ends at the stretch cap.
  parser.on('closetag', (node) => {
    stretch.chars = 0;
    if (node.name !== 'Workout' || !workout) return;
    const summary = workoutSummary(workout);
    workout = null;
    if (summary) {
      activities.push(summary);
      options.onActivity?.(activities.length);
    }
  });

  await pumpXml(parser, texts, {
    signal: options.signal,
    stretch,
    whatItIsNot: "Apple Health's export.xml",
    skipping: { root: 'HealthData', rule: recordRule(steps), rootOpen: () => sawRoot },
  });
  if (!sawRoot) throw new FileImportError('malformed', 'The file has no XML element in it.');
  return { activities, dailySteps: steps.daily() };
}
