import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from '../lib/json-depth';

/**
 * Which shapes of `health_data` the ingest endpoint understands (README: "Apple Health Shortcut payload"):
 * - `{ workouts: [...], steps: [...] }` — TrailBuddy's Shortcut; either list may be left out;
 * - `{ data: { workouts: [...], metrics: [...] } }` — Health Auto Export's REST body, as is;
 * - `{ workouts: [...], metrics: [...] }` — the same without the `data` wrapper;
 * - `[...]` — a bare list of workouts;
 * - any of these as a JSON text (a Shortcut that sends the dictionary as text).
 * Health Auto Export's body also comes without the `health_data` envelope (see readHealthAutoExportData).
 * From `metrics`, only `step_count` is read (its `data` entries become step entries); other metrics are ignored.
 */

export interface HealthDataLists {
  workouts: unknown[];
  /** `steps` entries first, then the step_count metric's data entries, in order. */
  steps: unknown[];
}

export type HealthDataReading = { ok: true; lists: HealthDataLists } | { ok: false; message: string };

const UNSUPPORTED =
  'health_data must be a list of workouts, or an object with a workouts and/or steps list, or a Health Auto Export body ({"data": {"workouts": [...], "metrics": [...]}}).';

const failure = (message: string): HealthDataReading => ({ ok: false, message });

function stepMetricEntries(metrics: unknown[], where: string): unknown[] | string {
  const entries: unknown[] = [];
  for (const metric of metrics) {
    if (typeof metric !== 'object' || metric === null) continue;
    const { name, data } = metric as Record<string, unknown>;
    if (name !== 'step_count') continue;
    if (!Array.isArray(data)) return `${where}.metrics step_count data must be a list`;
    entries.push(...data);
  }
  return entries;
}

const LIST_KEYS = ['workouts', 'steps', 'metrics'] as const;

function readObject(record: Record<string, unknown>, where: string): HealthDataReading {
  if (typeof record.data === 'object' && record.data !== null && !Array.isArray(record.data))
    return readObject(record.data as Record<string, unknown>, `${where}.data`);
  const lists: Partial<Record<(typeof LIST_KEYS)[number], unknown[]>> = {};
  for (const key of LIST_KEYS) {
    const value = record[key];
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) return failure(`${where}.${key} must be a list`);
    lists[key] = value;
  }
  if (!lists.workouts && !lists.steps && !lists.metrics)
    return failure(
      where === 'data' ? 'data has no workouts or metrics list (Health Auto Export: choose format JSON)' : UNSUPPORTED,
    );
  const metricSteps = stepMetricEntries(lists.metrics ?? [], where);
  if (typeof metricSteps === 'string') return failure(metricSteps);
  return { ok: true, lists: { workouts: lists.workouts ?? [], steps: [...(lists.steps ?? []), ...metricSteps] } };
}

/**
 * The Health Auto Export app's REST body without any envelope: `{ data: { metrics, workouts, ... } }` as it posts it.
 * `data` is given here; its other lists (stateOfMind, medications, ...) are ignored.
 */
export function readHealthAutoExportData(data: unknown): HealthDataReading {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return failure('data must be an object with a workouts and/or metrics list (Health Auto Export, format JSON)');
  return readObject(data as Record<string, unknown>, 'data');
}

export function readHealthData(healthData: unknown, { allowText = true } = {}): HealthDataReading {
  if (Array.isArray(healthData)) return { ok: true, lists: { workouts: healthData, steps: [] } };
  if (typeof healthData === 'object' && healthData !== null)
    return readObject(healthData as Record<string, unknown>, 'health_data');
  if (typeof healthData === 'string' && allowText) {
    if (jsonNestsDeeperThan(healthData))
      return failure(`health_data is text that nests deeper than ${MAX_JSON_DEPTH} levels`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(healthData);
    } catch {
      return failure('health_data is text that is not JSON');
    }
    return readHealthData(parsed, { allowText: false });
  }
  return failure(UNSUPPORTED);
}
