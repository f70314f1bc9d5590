import { Decoder, Stream, type ActivityMesg, type SessionMesg } from '@garmin/fitsdk';
import { canonicalActivityType, type CanonicalActivityType } from '@shared/activity-types';
import type { FileActivitySummary } from '@shared/schemas/file-import';
import { FileImportError } from './errors';

/** FIT's epoch, 1989-12-31T00:00:00Z, in Unix seconds (FIT Protocol: "date_time", developer.garmin.com/fit). */
const FIT_EPOCH_UNIX_SECONDS = 631_065_600;
/** A FIT header is 12 or 14 bytes; the file ends with a 2-byte CRC. */
const MIN_HEADER_BYTES = 12;
const CRC_BYTES = 2;

/** The file is shorter than its header says: a download or copy that stopped early. */
function isCutShort(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerSize = view.getUint8(0);
  const dataSize = view.getUint32(4, true);
  return bytes.byteLength < headerSize + dataSize + CRC_BYTES;
}

/**
 * Minutes east of UTC, from the activity message: `local_timestamp` is the same instant as `timestamp` counted in the
 * device's local time (FIT Activity file: "timestamp epoch expressed in local time"). Rounded to a quarter hour; null
 * when the device did not record it or the difference is not a real offset.
 */
export function utcOffsetMinutesOf(activity: ActivityMesg | undefined): number | null {
  const { timestamp, localTimestamp } = activity ?? {};
  if (!(timestamp instanceof Date) || typeof localTimestamp !== 'number') return null;
  const offsetSeconds = localTimestamp + FIT_EPOCH_UNIX_SECONDS - timestamp.getTime() / 1000;
  const minutes = Math.round(offsetSeconds / 60 / 15) * 15;
  return Math.abs(minutes) <= 14 * 60 ? minutes : null;
}

/** A sub-sport that names a kind (strength training, trail) wins over its sport's general kind (training, running). */
export function fitActivityType(sport: unknown, subSport: unknown): CanonicalActivityType {
  const fromSubSport = typeof subSport === 'string' ? canonicalActivityType(subSport) : 'workout';
  if (fromSubSport !== 'workout') return fromSubSport;
  return canonicalActivityType(typeof sport === 'string' ? sport : null);
}

const present = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

function summaryOf(session: SessionMesg, utcOffsetMinutes: number | null): FileActivitySummary | null {
  const start = session.startTime;
  const elapsed = present(session.totalElapsedTime) ?? present(session.totalTimerTime);
  if (!(start instanceof Date) || Number.isNaN(start.getTime()) || elapsed === null) return null;
  const moving = present(session.totalMovingTime) ?? present(session.totalTimerTime);
  const heartRate = present(session.avgHeartRate);
  return {
    activity_type: fitActivityType(session.sport, session.subSport),
    start_time: start.toISOString(),
    utc_offset_minutes: utcOffsetMinutes,
    duration_seconds: Math.round(elapsed),
    moving_seconds: moving === null ? null : Math.round(Math.min(moving, elapsed)),
    distance_meters: present(session.totalDistance),
    elevation_gain_meters: present(session.totalAscent),
    calories_burned: present(session.totalCalories),
    heart_rate_avg: heartRate === null || heartRate === 0 ? null : heartRate,
  };
}

/** The bytes' own buffer when they fill it (as collected files do), else a copy: up to 64 MB need not be copied twice. */
function wholeBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
    ? buffer
    : bytes.slice().buffer;
}

/**
 * The activities of one FIT file: one per session (a multisport file has several), from the session's own totals as the
 * device computed them. Decoded with Garmin's official SDK (@garmin/fitsdk); records (GPS points, samples) are read by
 * it but never leave this function.
 */
export function summariseFit(bytes: Uint8Array, fileName: string): FileActivitySummary[] {
  if (bytes.byteLength === 0) throw new FileImportError('empty', `${fileName} is empty.`);
  const stream = Stream.fromArrayBuffer(wholeBuffer(bytes));
  if (bytes.byteLength < MIN_HEADER_BYTES || !Decoder.isFIT(stream))
    throw new FileImportError('malformed', `${fileName} is not a FIT file (its header does not say .FIT).`);
  if (isCutShort(bytes))
    throw new FileImportError('truncated', `${fileName} is cut off: it is shorter than its header says.`);
  const decoder = new Decoder(stream);
  if (!decoder.checkIntegrity())
    throw new FileImportError('malformed', `${fileName} is damaged: its checksum does not match its contents.`);
  const { messages, errors } = decoder.read({ convertTypesToStrings: true, mergeHeartRates: false });
  if (errors.length > 0)
    throw new FileImportError(
      'malformed',
      `${fileName} could not be read: ${errors[0]?.message ?? 'decoding failed'}.`,
    );
  const offset = utcOffsetMinutesOf(messages.activityMesgs?.[0]);
  return (messages.sessionMesgs ?? [])
    .map((session) => summaryOf(session, offset))
    .filter((summary): summary is FileActivitySummary => summary !== null);
}
