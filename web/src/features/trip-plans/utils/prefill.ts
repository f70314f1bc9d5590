import type { GroupActivityDetails } from '@shared/schemas/group-activities';
import { HOME_AREA_LABELS } from '@shared/schemas/profile';
import { EMPTY_TRIP_PLAN_FORM, type TripPlanFormValues } from '../components/trip-plan-form';

/**
 * A wall-clock date and time plus minutes, as a wall clock again. The arithmetic runs on the fields as if they were
 * UTC, so it never passes through the browser's zone: the plan's times are read in British Columbia, as typed.
 */
export function addMinutesToWallClock(date: string, time: string, minutes: number): { date: string; time: string } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const asUtc = new Date(Date.UTC(y, m - 1, d, h, min + minutes)).toISOString();
  return { date: asUtc.slice(0, 10), time: asUtc.slice(11, 16) };
}

/**
 * The filing form as the activity fills it in: the meeting place is the trailhead, its area, the start, and the
 * expected return at start + the activity's duration. The route, vehicle, essentials and contacts stay the filer's.
 */
export function tripPlanFormFromActivity(activity: GroupActivityDetails): TripPlanFormValues {
  const back = addMinutesToWallClock(activity.date, activity.time, activity.duration);
  return {
    ...EMPTY_TRIP_PLAN_FORM,
    trailhead: activity.location,
    area: activity.area ? HOME_AREA_LABELS[activity.area] : '',
    startDate: activity.date,
    startTime: activity.time,
    returnDate: back.date,
    returnTime: back.time,
  };
}
