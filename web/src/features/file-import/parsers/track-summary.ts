import { canonicalActivityType } from '@shared/activity-types';
import type { FileActivitySummary } from '@shared/schemas/file-import';

export interface TrackPoint {
  timeMs: number | null;
  lat: number | null;
  lon: number | null;
  elevation: number | null;
  heartRate: number | null;
  /** The device's own running distance (TCX DistanceMeters), preferred to one computed from positions. */
  distanceMeters: number | null;
}

/** Rises smaller than this are GPS/barometer noise, not climbing. */
export const ELEVATION_NOISE_METERS = 3;
/** Slower than this between two points counts as stopped. */
export const MOVING_SPEED_MPS = 0.5;
const EARTH_RADIUS_METERS = 6_371_008.8;

export function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Folds one track's points into a summary as they stream past, keeping only running totals (never the points).
 */
export class TrackAccumulator {
  private firstTimeMs: number | null = null;
  private lastTimeMs: number | null = null;
  private distance = 0;
  private hasPositions = false;
  private deviceDistance: number | null = null;
  private movingMs = 0;
  private gain = 0;
  private hasElevation = false;
  private elevationReference: number | null = null;
  private heartRateSum = 0;
  private heartRateCount = 0;
  private previous: TrackPoint | null = null;
  points = 0;

  add(point: TrackPoint): void {
    this.points += 1;
    if (point.timeMs !== null) {
      this.firstTimeMs = this.firstTimeMs === null ? point.timeMs : Math.min(this.firstTimeMs, point.timeMs);
      this.lastTimeMs = this.lastTimeMs === null ? point.timeMs : Math.max(this.lastTimeMs, point.timeMs);
    }
    if (point.distanceMeters !== null) this.deviceDistance = Math.max(this.deviceDistance ?? 0, point.distanceMeters);
    if (point.heartRate !== null && point.heartRate > 0) {
      this.heartRateSum += point.heartRate;
      this.heartRateCount += 1;
    }
    this.addElevation(point.elevation);
    const previous = this.previous;
    if (previous && point.lat !== null && point.lon !== null && previous.lat !== null && previous.lon !== null) {
      const step = haversineMeters(previous.lat, previous.lon, point.lat, point.lon);
      this.distance += step;
      this.hasPositions = true;
      if (previous.timeMs !== null && point.timeMs !== null && point.timeMs > previous.timeMs) {
        const ms = point.timeMs - previous.timeMs;
        if (step / (ms / 1000) >= MOVING_SPEED_MPS) this.movingMs += ms;
      }
    }
    if (point.lat !== null && point.lon !== null) this.previous = point;
  }

  private addElevation(elevation: number | null): void {
    if (elevation === null) return;
    this.hasElevation = true;
    if (this.elevationReference === null || elevation < this.elevationReference) {
      this.elevationReference = elevation;
    } else if (elevation - this.elevationReference >= ELEVATION_NOISE_METERS) {
      this.gain += elevation - this.elevationReference;
      this.elevationReference = elevation;
    }
  }

  /** Null when the track has no timed points: a route without times is not an outing. */
  summary(
    providerType: string | null,
    totals: { durationSeconds?: number; distanceMeters?: number; calories?: number } = {},
  ): FileActivitySummary | null {
    if (this.firstTimeMs === null || this.lastTimeMs === null) return null;
    const spanSeconds = Math.round((this.lastTimeMs - this.firstTimeMs) / 1000);
    const distance = totals.distanceMeters ?? this.deviceDistance ?? (this.hasPositions ? this.distance : null);
    return {
      activity_type: canonicalActivityType(providerType),
      start_time: new Date(this.firstTimeMs).toISOString(),
      utc_offset_minutes: null,
      duration_seconds: Math.round(totals.durationSeconds ?? spanSeconds),
      moving_seconds: this.hasPositions ? Math.round(this.movingMs / 1000) : null,
      distance_meters: distance === null ? null : Math.round(distance * 10) / 10,
      elevation_gain_meters: this.hasElevation ? Math.round(this.gain * 10) / 10 : null,
      calories_burned: totals.calories ?? null,
      heart_rate_avg: this.heartRateCount > 0 ? Math.round(this.heartRateSum / this.heartRateCount) : null,
    };
  }
}
