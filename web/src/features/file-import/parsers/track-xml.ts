import { SaxesParser } from 'saxes';
import type { FileActivitySummary } from '@shared/schemas/file-import';
import { FileImportError } from './errors';
import { pumpXml, type XmlStretch } from './xml-stream';
import { TrackAccumulator, type TrackPoint } from './track-summary';

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const toNumber = (text: string | undefined): number | null => {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : null;
};
const toTimeMs = (text: string): number | null => {
  const ms = Date.parse(text.trim());
  return Number.isFinite(ms) ? ms : null;
};
const emptyPoint = (): TrackPoint => ({
  timeMs: null,
  lat: null,
  lon: null,
  elevation: null,
  heartRate: null,
  distanceMeters: null,
});

interface LapTotals {
  durationSeconds: number;
  distanceMeters: number;
  calories: number;
  laps: number;
}

/**
 * Reads a GPX (1.0 or 1.1) or TCX document as it streams, element by element, and returns one summary per outing:
 * a GPX file is one outing (its tracks together), a TCX file one per Activity. Points are folded into running totals
 * and dropped.
 */
export async function summariseTrackXml(
  texts: AsyncIterable<string>,
  options: { signal?: AbortSignal } = {},
): Promise<FileActivitySummary[]> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const summaries: FileActivitySummary[] = [];
  const stack: string[] = [];
  let root: 'gpx' | 'tcx' | null = null;
  let text = '';
  const stretch: XmlStretch = { chars: 0 };
  let track = new TrackAccumulator();
  let point: TrackPoint | null = null;
  let gpxType: string | null = null;
  let tcxSport: string | null = null;
  let laps: LapTotals = { durationSeconds: 0, distanceMeters: 0, calories: 0, laps: 0 };

  const finishTcxActivity = () => {
    const summary = track.summary(
      tcxSport,
      laps.laps > 0
        ? { durationSeconds: laps.durationSeconds, distanceMeters: laps.distanceMeters, calories: laps.calories }
        : {},
    );
    if (summary) summaries.push(summary);
    track = new TrackAccumulator();
    laps = { durationSeconds: 0, distanceMeters: 0, calories: 0, laps: 0 };
  };

  parser.on('opentag', (node) => {
    stretch.chars = 0;
    const name = localName(node.name);
    if (stack.length === 0) {
      if (name === 'gpx') root = 'gpx';
      else if (name === 'TrainingCenterDatabase') root = 'tcx';
      else throw new FileImportError('unsupported', `This is not a GPX or TCX file (its root element is <${name}>).`);
    }
    stack.push(name);
    text = '';
    const attributes = node.attributes as Record<string, string>;
    if ((name === 'trkpt' && root === 'gpx') || (name === 'Trackpoint' && root === 'tcx')) {
      point = emptyPoint();
      if (name === 'trkpt') {
        point.lat = toNumber(attributes.lat);
        point.lon = toNumber(attributes.lon);
      }
    }
    if (name === 'Activity' && root === 'tcx') tcxSport = attributes.Sport ?? null;
  });
  parser.on('text', (value) => {
    stretch.chars = 0;
    text += value;
  });
  parser.on('closetag', (node) => {
    stretch.chars = 0;
    const name = localName(node.name);
    const parent = stack[stack.length - 2];
    const inPoint = point !== null;
    if (point && inPoint) {
      if (name === 'time' || name === 'Time') point.timeMs = toTimeMs(text);
      else if (name === 'ele' || name === 'AltitudeMeters') point.elevation = toNumber(text);
      else if (name === 'hr' || (name === 'Value' && parent === 'HeartRateBpm')) point.heartRate = toNumber(text);
      else if (name === 'LatitudeDegrees') point.lat = toNumber(text);
      else if (name === 'LongitudeDegrees') point.lon = toNumber(text);
      else if (name === 'DistanceMeters' && parent === 'Trackpoint') point.distanceMeters = toNumber(text);
    }
    if (name === 'trkpt' || name === 'Trackpoint') {
      if (point) track.add(point);
      point = null;
    } else if (name === 'type' && parent === 'trk') {
      gpxType ??= text.trim() || null;
    } else if (parent === 'Lap' && root === 'tcx') {
      const value = toNumber(text) ?? 0;
      if (name === 'TotalTimeSeconds') {
        laps.durationSeconds += value;
        laps.laps += 1;
      } else if (name === 'DistanceMeters') laps.distanceMeters += value;
      else if (name === 'Calories') laps.calories += value;
    } else if (name === 'Activity' && root === 'tcx') {
      finishTcxActivity();
    }
    stack.pop();
    text = '';
  });

  await pumpXml(parser, texts, { signal: options.signal, stretch, whatItIsNot: 'a GPX or TCX track' });
  if (root === null) throw new FileImportError('malformed', 'The file has no XML element in it.');
  if (root === 'gpx') {
    const summary = track.summary(gpxType);
    if (summary) summaries.push(summary);
  }
  if (summaries.length === 0) {
    throw new FileImportError('malformed', 'The file holds no timed track points, so there is no outing to import.');
  }
  return summaries;
}
