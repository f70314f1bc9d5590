import * as z from 'zod';
import { ProfileResponse } from './profile';
import { TripPlan } from './trip-plans';

/** The file a person downloads with "Download my data": bump the version when its shape changes. */
export const DATA_EXPORT_FORMAT = 'trailbuddy-data-export/1';

const ExportedMessage = z.object({ fromMe: z.boolean(), text: z.string(), sentAt: z.string() });

/**
 * GET /api/me/export: everything TrailBuddy keeps about the caller, in one JSON document. `stored` holds every item of
 * the caller's own partitions by kind (what deletion sweeps), with keys, secrets and provider raw copies left out;
 * the other parts are what the caller shares with others, read as the caller sees them in the app.
 */
export const DataExport = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  exportedAt: z.iso.datetime(),
  account: z.object({ userId: z.string(), email: z.string().nullable() }),
  profile: ProfileResponse,
  tripPlans: z.array(TripPlan),
  groupActivities: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      activityType: z.string(),
      date: z.string(),
      time: z.string(),
      location: z.string(),
      role: z.enum(['organizer', 'participant']),
      cancelledAt: z.string().nullable(),
    }),
  ),
  conversations: z.array(
    z.object({ withUserId: z.string(), withName: z.string(), messages: z.array(ExportedMessage) }),
  ),
  stored: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type DataExport = z.infer<typeof DataExport>;
