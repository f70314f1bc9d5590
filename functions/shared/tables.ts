/**
 * The DynamoDB tables, as plain data. The CDK stateful stack and the local host both create
 * tables from this list, so local and cloud cannot drift. Every table uses generic key names
 * (pk/sk, gsi1pk/gsi1sk) so new access patterns need new key builders, not new tables.
 */
export interface TableDefinition {
  /** Logical id, also the suffix of the physical name and of the env var holding it. */
  id: TableId;
  /** What the table holds, for people reading the README and the health report. */
  holds: string;
  partitionKey: 'pk';
  sortKey: 'sk';
  indexes: readonly IndexDefinition[];
  /** Epoch-seconds attribute DynamoDB TTL deletes by. */
  ttlAttribute: 'expiresAt';
}

export interface IndexDefinition {
  name: string;
  partitionKey: 'gsi1pk';
  sortKey: string;
  /** The only attributes besides the keys the index copies (DynamoDB's INCLUDE projection); absent: all of them. */
  nonKeyAttributes?: readonly string[];
}

export const TABLE_IDS = ['users', 'connections', 'activities', 'social', 'rateLimits'] as const;
export type TableId = (typeof TABLE_IDS)[number];

/** Every table's general-purpose index (the activities table's: the list by start time). */
export const GSI1 = { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' } as const;

/**
 * What the activity list reads from the start-time index: the wire fields of UnifiedActivity and the retention
 * filter's `fetchedAt`. Reads are charged by the size of the index item, not of what a query projects, so an index
 * that copied `raw_data` too would cost several times as much per page. Plain strings keep this file free
 * of zod; test/functions/shared/tables.test.ts holds them to the schema.
 */
export const ACTIVITY_LIST_ATTRIBUTES = [
  'user_id',
  'provider_type',
  'provider_activity_id',
  'activity_type',
  'name',
  'start_time',
  'duration_seconds',
  'distance_meters',
  'calories_burned',
  'steps',
  'heart_rate_avg',
  'heart_rate_max',
  'activity_level',
  'elevation_gain_meters',
  'average_speed_mps',
  'fetched_at',
  'fetchedAt',
] as const;

/**
 * The activity list's other orders (spec: sort by distance, duration or elevation), one index each on the same
 * partition as gsi1 (the user), keyed by a sortable string of the order's value (keys.activityInOrders), so a page in
 * any order is one Query that stops when the page is full. They copy the same list fields as gsi1.
 */
export const ACTIVITY_ORDER_INDEXES = {
  distance: { name: 'byDistance', partitionKey: 'gsi1pk', sortKey: 'distanceOrder' },
  duration: { name: 'byDuration', partitionKey: 'gsi1pk', sortKey: 'durationOrder' },
  elevation: { name: 'byElevation', partitionKey: 'gsi1pk', sortKey: 'elevationOrder' },
} as const satisfies Record<string, IndexDefinition>;

export const TABLES: readonly TableDefinition[] = [
  {
    id: 'users',
    holds: 'user profiles, preferences, sync preferences, metrics, daily aggregates, OAuth states',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [GSI1],
    ttlAttribute: 'expiresAt',
  },
  {
    id: 'connections',
    holds: 'health connections (one per user + provider), encrypted provider tokens',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [GSI1],
    ttlAttribute: 'expiresAt',
  },
  {
    id: 'activities',
    holds: 'unified health activities (one per user + provider + provider activity id)',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [GSI1, ...Object.values(ACTIVITY_ORDER_INDEXES)].map((index) => ({
      ...index,
      nonKeyAttributes: ACTIVITY_LIST_ATTRIBUTES,
    })),
    ttlAttribute: 'expiresAt',
  },
  {
    id: 'social',
    holds: 'partner profiles, connections, messages, group activities, rides, notifications',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [GSI1],
    ttlAttribute: 'expiresAt',
  },
  {
    id: 'rateLimits',
    holds: 'Strava API configs, user assignments, rate-limit windows, sync requests',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [GSI1],
    ttlAttribute: 'expiresAt',
  },
];

/** Env var through which a function learns a table's physical name, e.g. TABLE_USERS. */
export function tableEnvVar(id: TableId): string {
  return `TABLE_${id.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}
