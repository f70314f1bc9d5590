/**
 * The kinds of server data that lists on more than one screen or feature show. A change names the kinds it touches
 * (`invalidateQueries` in ./use-query), and every mounted list of that kind fetches again.
 */
export const queryTags = {
  /** Ride offers and requests: an activity's rides, the plan page's transportation, the dashboard's Find Rides. */
  rides: 'rides',
} as const;
