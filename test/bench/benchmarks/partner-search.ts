/**
 * partner-search-p50 / partner-search-p95: latency of one search page (the use case behind GET /api/partners:
 * the searcher's profile, metrics, pace and relationships, one index Query, the candidates' metrics, matching)
 * over 10,000 discoverable members in DynamoDB Local. Queries rotate over the four kinds of index partition
 * (area × activity, area, activity, everyone) and the level/availability filters. The floor is a bare
 * Query of one page (the same page size) of the same partitions, measured in the same run.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { batchWriteAll } from '../../../functions/repositories/batch';
import { metricsKeys } from '../../../functions/repositories/keys';
import { indexKeysFor, indexPartition, type PartnerListing } from '../../../functions/repositories/partner-index';
import { saveMetrics } from '../../../functions/repositories/metrics';
import { saveProfileSettings } from '../../../functions/repositories/user-profiles';
import { ACTIVITY_LEVEL_LABELS } from '../../../functions/shared/schemas/metrics';
import { PARTNER_PAGE_SIZE_DEFAULT, PartnerSearchQuery } from '../../../functions/shared/schemas/partners';
import {
  AVAILABILITY_SLOTS,
  HOME_AREAS,
  OUTDOOR_ACTIVITIES,
  SHAREABLE_FIELDS,
  type ProfileSettings,
} from '../../../functions/shared/schemas/profile';
import { searchPartners } from '../../../functions/usecases/partner-search';
import { benchResult, type Benchmark } from '../types';

const MEMBERS = 10_000;
const ITERATIONS = 200;
const WARMUP = 30;

/** A small deterministic generator, so every run seeds the same population. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function pick<T>(next: () => number, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  return chosen;
}

async function seedMembers(log: (message: string) => void): Promise<void> {
  const next = random(42);
  const now = new Date().toISOString();
  const indexItems: Record<string, unknown>[] = [];
  const metricsItems: Record<string, unknown>[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const listing: PartnerListing = {
      userId: `bench-${i}-${randomUUID().slice(0, 8)}`,
      displayName: `Member ${i}`,
      homeArea: HOME_AREAS[Math.floor(next() * HOME_AREAS.length)]!,
      activities: pick(next, OUTDOOR_ACTIVITIES, 1 + Math.floor(next() * 3)),
      availability: pick(next, AVAILABILITY_SLOTS, 1 + Math.floor(next() * 3)),
      bio: 'Happy to meet new people on the trail.',
      visibleFields: next() < 0.8 ? [...SHAREABLE_FIELDS] : ['homeArea', 'activities'],
      level: null,
      paces: next() < 0.5 ? { running: 'steady' } : {},
      useActivityForMatching: true,
      updatedAt: now,
    };
    for (const key of indexKeysFor(listing)) indexItems.push({ ...key, entity: 'PartnerIndexEntry', ...listing });
    const score = Math.floor(next() * 100);
    metricsItems.push({
      ...metricsKeys.metrics(listing.userId),
      userId: listing.userId,
      activityScore: score,
      activityLevelLabel: ACTIVITY_LEVEL_LABELS[Math.min(4, Math.floor(score / 20))],
      preferredHours: [{ hour: 5 + Math.floor(next() * 16), sessions: 10 }],
      matchingFacts: {
        activityScore: score,
        activityLevelLabel: ACTIVITY_LEVEL_LABELS[Math.min(4, Math.floor(score / 20))],
        preferredHours: [5 + Math.floor(next() * 16)],
        paceBands: {},
      },
    });
  }
  log(
    `partner-search: seeding ${MEMBERS} members (${indexItems.length} index entries, ${metricsItems.length} metrics items)`,
  );
  await batchWriteAll(
    tableName('social'),
    indexItems.map((Item) => ({ PutRequest: { Item } })),
  );
  await batchWriteAll(
    tableName('users'),
    metricsItems.map((Item) => ({ PutRequest: { Item } })),
  );
}

async function seedSearcher(): Promise<string> {
  const userId = `bench-searcher-${randomUUID()}`;
  const settings: ProfileSettings = {
    displayName: 'Searcher',
    homeArea: 'north-vancouver',
    activities: ['running', 'hiking'],
    availability: ['weekends', 'mornings'],
    bio: '',
    discoverable: false,
    visibleFields: [...SHAREABLE_FIELDS],
    level: null,
    paces: {},
    useActivityForMatching: false,
  };
  const now = new Date();
  await saveProfileSettings(userId, `${userId}@example.com`, settings, now);
  await saveMetrics(userId, {
    calculatedAt: now.toISOString(),
    timeZone: 'America/Vancouver',
    windowStart: '2026-01-01',
    windowEnd: '2026-01-28',
    weeklyMinutes: 150,
    weeklySessions: 4,
    weeklySteps: 60_000,
    dailySteps: 8_500,
    activityScore: 55,
    activityLevelLabel: 'Intermediate',
    scorePoints: { minutes: 40, sessions: 30, steps: 25 },
    preferredHours: [{ hour: 7, sessions: 20 }],
    topActivityTypes: [{ type: 'Run', sessions: 30 }],
    daysActive: 120,
    daysActivePercent: 32.9,
  });
  return userId;
}

/** The searches a member makes, from the narrowest partition to everyone. */
const QUERIES = [
  { location: 'north-vancouver', activity: 'running' },
  { location: 'vancouver', activity: 'hiking', availability: 'weekends' },
  { location: 'burnaby' },
  { activity: 'cycling', level: 'intermediate' },
  {},
  { location: 'surrey', activity: 'swimming', level: 'advanced' },
].map((query) => PartnerSearchQuery.parse(query));

const benchmark: Benchmark = {
  name: 'partner-search',
  description: `partner search p50/p95 (one page of ${PARTNER_PAGE_SIZE_DEFAULT}) with ${MEMBERS.toLocaleString('en')} discoverable members; floor: a bare Query of one page`,
  async run(ctx) {
    await ctx.dynamo();
    await seedMembers(ctx.log);
    const searcher = await seedSearcher();

    let turn = 0;
    const byQuery = QUERIES.map(() => [] as number[]);
    const search = await ctx.measure(
      async () => {
        const index = turn++ % QUERIES.length;
        const started = performance.now();
        const page = await searchPartners(searcher, QUERIES[index]!, new Date());
        byQuery[index]!.push(performance.now() - started);
        if (page.partners.length === 0 && !page.nextCursor)
          throw new Error(`no partners found for ${JSON.stringify(QUERIES[index])}`);
      },
      { iterations: ITERATIONS, warmup: WARMUP },
    );
    for (const [index, times] of byQuery.entries()) {
      const sorted = times.sort((a, b) => a - b);
      ctx.log(
        `partner-search: ${JSON.stringify(QUERIES[index])} median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
      );
    }

    let bareTurn = 0;
    const bare = await ctx.measure(
      async () => {
        const query = QUERIES[bareTurn++ % QUERIES.length]!;
        const partition = indexPartition(query.location, query.activity);
        await dynamo().send(
          new QueryCommand({
            TableName: tableName('social'),
            ...(partition.index === 'gsi1'
              ? { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk' }
              : { KeyConditionExpression: 'pk = :pk' }),
            ExpressionAttributeValues: { ':pk': partition.partitionKey },
            Limit: PARTNER_PAGE_SIZE_DEFAULT * 2,
          }),
        );
      },
      { iterations: ITERATIONS, warmup: WARMUP },
    );

    return [
      benchResult({ name: 'partner-search-p50', value: search.p50, unit: 'ms', floor: bare.p50, goal: null }),
      benchResult({
        name: 'partner-search-p95',
        value: search.p95,
        unit: 'ms',
        floor: bare.p95,
        goal: { atMost: 100 },
      }),
    ];
  },
};

export default benchmark;
