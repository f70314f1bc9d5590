import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import type { HttpHandler } from '../../../functions/lib/http';
import { dynamo } from '../../../functions/lib/dynamo';
import { PLAN_ROUTES } from '../../../functions/shared/route-areas/plan';
import { GroupActivityDetails, planDateOf, type GroupActivityInput } from '../../../functions/shared/schemas/group-activities';
import type { Notification } from '../../../functions/shared/schemas/notifications';
import { invoke, userClaims, type CallOptions } from '../../support/api-events';
import { handler as postActivity } from '../../../functions/handlers/group-activities/post-group-activity';
import { handler as getActivities } from '../../../functions/handlers/group-activities/get-group-activities';
import { handler as getMine } from '../../../functions/handlers/group-activities/get-my-group-activities';
import { handler as getActivity } from '../../../functions/handlers/group-activities/get-group-activity';
import { handler as putActivity } from '../../../functions/handlers/group-activities/put-group-activity';
import { handler as cancelActivity } from '../../../functions/handlers/group-activities/post-cancel-group-activity';
import { handler as joinActivity } from '../../../functions/handlers/group-activities/post-join-group-activity';
import { handler as leaveActivity } from '../../../functions/handlers/group-activities/post-leave-group-activity';
import { handler as removeParticipant } from '../../../functions/handlers/group-activities/delete-group-activity-participant';
import { handler as getRides } from '../../../functions/handlers/rides/get-activity-rides';
import { handler as postOffer } from '../../../functions/handlers/rides/post-ride-offer';
import { handler as deleteOffer } from '../../../functions/handlers/rides/delete-ride-offer';
import { handler as postBooking } from '../../../functions/handlers/rides/post-ride-booking';
import { handler as deleteBooking } from '../../../functions/handlers/rides/delete-ride-booking';
import { handler as postRequest } from '../../../functions/handlers/rides/post-ride-request';
import { handler as deleteRequest } from '../../../functions/handlers/rides/delete-ride-request';
import { handler as postRequestOffer } from '../../../functions/handlers/rides/post-ride-request-offer';
import { handler as getMyRides } from '../../../functions/handlers/rides/get-my-rides';

export const newUser = () => `user-${randomUUID()}`;

const HANDLERS: Record<string, HttpHandler> = {
  'post-group-activity': postActivity,
  'get-group-activities': getActivities,
  'get-my-group-activities': getMine,
  'get-group-activity': getActivity,
  'put-group-activity': putActivity,
  'post-cancel-group-activity': cancelActivity,
  'post-join-group-activity': joinActivity,
  'post-leave-group-activity': leaveActivity,
  'delete-group-activity-participant': removeParticipant,
  'get-activity-rides': getRides,
  'post-ride-offer': postOffer,
  'delete-ride-offer': deleteOffer,
  'post-ride-booking': postBooking,
  'delete-ride-booking': deleteBooking,
  'post-ride-request': postRequest,
  'delete-ride-request': deleteRequest,
  'post-ride-request-offer': postRequestOffer,
  'get-my-rides': getMyRides,
};

/** Calls a plan route by id as `userId` (or unauthenticated with null), as API Gateway would. */
export async function call(routeId: string, userId: string | null, options: Omit<CallOptions, 'claims'> = {}) {
  const route = PLAN_ROUTES.find((r) => r.id === routeId);
  const handler = HANDLERS[routeId];
  if (!route || !handler) throw new Error(`no plan route ${routeId}`);
  return invoke(handler, route, { ...options, ...(userId ? { claims: userClaims(userId) } : {}) });
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

export async function createActivity(organizerId: string, overrides: Partial<GroupActivityInput> = {}): Promise<GroupActivityDetails> {
  const res = await call('post-group-activity', organizerId, { body: activityInput(overrides) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return GroupActivityDetails.parse(res.json);
}

export async function join(activityId: string, userId: string) {
  return call('post-join-group-activity', userId, { pathParameters: { activityId } });
}

/** A profile item with a display name, as the profile capability writes it. */
export async function setDisplayName(userId: string, displayName: string): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: process.env.TABLE_USERS, Item: { pk: `USER#${userId}`, sk: 'PROFILE', userId, email: `${userId}@example.com`, createdAt: new Date().toISOString(), displayName } }));
}

export async function notificationsOf(userId: string): Promise<Notification[]> {
  const result = await dynamo().send(
    new QueryCommand({ TableName: process.env.TABLE_SOCIAL, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': 'NOTIF#' }, ConsistentRead: true }),
  );
  return (result.Items ?? []) as Notification[];
}

/** Every item of an activity's partition, to prove a refused request changed nothing. */
export async function partitionOf(activityId: string): Promise<Record<string, unknown>[]> {
  const result = await dynamo().send(new QueryCommand({ TableName: process.env.TABLE_SOCIAL, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `GACT#${activityId}` }, ConsistentRead: true }));
  return result.Items ?? [];
}
