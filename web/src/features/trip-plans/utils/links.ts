import type { CalendarEvent } from '@shared/calendar';
import type { TripPlan } from '@shared/schemas/trip-plans';
import { paths } from '@/lib/paths';

export const tripPlanPath = (planId: string) => paths.tripPlan.replace(':planId', encodeURIComponent(planId));

/** The trip as a calendar event, from its start to its expected return; a moved return updates the same event. */
export function tripCalendarEvent(
  plan: Pick<TripPlan, 'id' | 'trailhead' | 'route' | 'startsAt' | 'returnsAt' | 'graceMinutes' | 'returnMoves'>,
  origin: string,
): CalendarEvent {
  const url = `${origin}${tripPlanPath(plan.id)}`;
  return {
    uid: `trip-plan-${plan.id}@trailbuddy`,
    title: `Trip: ${plan.trailhead}`,
    start: new Date(plan.startsAt),
    end: new Date(plan.returnsAt),
    location: plan.trailhead,
    description: [
      plan.route,
      `Check in when you are back: your emergency contacts are emailed ${plan.graceMinutes} minutes after this ends.`,
      `Your trip plan: ${url}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    url,
    sequence: plan.returnMoves,
  };
}
