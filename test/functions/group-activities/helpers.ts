import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { dynamo } from '../../../functions/lib/dynamo';
import { GROUP_ACTIVITY_ROUTES } from '../../../functions/shared/route-areas/group-activities';
import {
  GroupActivityDetails,
  planDateOf,
  type GroupActivityInput,
} from '../../../functions/shared/schemas/group-activities';
import type { Notification } from '../../../functions/shared/schemas/notifications';
import { callRoute, userClaims, type CallOptions } from '../../support/api-events';

export const newUser = () => `user-${randomUUID()}`;

/** Calls a plan route by id as `userId` (or unauthenticated with null), as API Gateway would. */
export async function call(routeId: string, userId: string | null, options: Omit<CallOptions, 'claims'> = {}) {
  if (!GROUP_ACTIVITY_ROUTES.some((r) => r.id === routeId)) throw new Error(`no plan route ${routeId}`);
  return callRoute(routeId, { ...options, ...(userId ? { claims: userClaims(userId) } : {}) });
}

/** yyyy-mm-dd in British Columbia, `days` from today. */
export function daysAhead(days: number, from = new Date()): string {
  return planDateOf(new Date(from.getTime() + days * 86_400_000));
}

export function activityInput(overrides: Partial<GroupActivityInput> = {}): GroupActivityInput {
  return {
    activityType: 'hiking',
    title: 'Sunday Grouse Grind',
    description: 'Steady pace, coffee after.',
    date: daysAhead(5),
    time: '08:00',
    location: 'Grouse Mountain base',
    area: 'north-vancouver',
    duration: 120,
    difficulty: 'intermediate',
    maxParticipants: 4,
    equipment: 'Poles',
    notes: 'Meet at the gate',
    ...overrides,
  };
}

export async function createActivity(
  organizerId: string,
  overrides: Partial<GroupActivityInput> = {},
): Promise<GroupActivityDetails> {
  const res = await call('post-group-activity', organizerId, { body: activityInput(overrides) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return GroupActivityDetails.parse(res.json);
}

export async function join(activityId: string, userId: string) {
  return call('post-join-group-activity', userId, { pathParameters: { activityId } });
}

/** A profile item with a display name, as the profile capability writes it. */
export async function setDisplayName(userId: string, displayName: string): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: process.env.TABLE_USERS,
      Item: {
        pk: `USER#${userId}`,
        sk: 'PROFILE',
        userId,
        email: `${userId}@example.com`,
        createdAt: new Date().toISOString(),
        displayName,
      },
    }),
  );
}

export async function notificationsOf(userId: string): Promise<Notification[]> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: process.env.TABLE_SOCIAL,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': 'NOTIF#' },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []) as Notification[];
}

/** Every item of an activity's partition, to prove a refused request changed nothing. */
export async function partitionOf(activityId: string): Promise<Record<string, unknown>[]> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: process.env.TABLE_SOCIAL,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `GACT#${activityId}` },
      ConsistentRead: true,
    }),
  );
  return result.Items ?? [];
}
