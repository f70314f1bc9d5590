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
  indexes: readonly { name: 'gsi1'; partitionKey: 'gsi1pk'; sortKey: 'gsi1sk' }[];
  /** Epoch-seconds attribute DynamoDB TTL deletes by. */
  ttlAttribute: 'expiresAt';
}

export const TABLE_IDS = ['users', 'connections', 'activities', 'social', 'rateLimits'] as const;
export type TableId = (typeof TABLE_IDS)[number];

const gsi1 = { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' } as const;

export const TABLES: readonly TableDefinition[] = [
  {
    id: 'users',
    holds: 'user profiles, preferences, sync preferences, metrics, daily aggregates, OAuth states',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi1],
    ttlAttribute: 'expiresAt',
  },
  {
    id: 'connections',
    holds: 'health connections (one per user + provider), encrypted provider tokens',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi1],
    ttlAttribute: 'expiresAt',
  },
  {
    id: 'activities',
    holds: 'unified health activities (one per user + provider + provider activity id)',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi1],
    ttlAttribute: 'expiresAt',
  },
  {
    id: 'social',
    holds: 'partner profiles, connections, messages, group activities, rides, notifications',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi1],
    ttlAttribute: 'expiresAt',
  },
  {
    id: 'rateLimits',
    holds: 'Strava API configs, user assignments, rate-limit windows, sync requests',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [gsi1],
    ttlAttribute: 'expiresAt',
  },
];

/** Env var through which a function learns a table's physical name, e.g. TABLE_USERS. */
export function tableEnvVar(id: TableId): string {
  return `TABLE_${id.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}
