// own module registry: it starts a Cognito emulator of its own, and the user directory keeps the endpoint it first sees.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as getQueue } from '../../../functions/handlers/moderation/get-reports';
import { handler as postAction } from '../../../functions/handlers/moderation/post-report-action';
import { handler as postReport } from '../../../functions/handlers/reports/post-report';
import { groupsFromClaim } from '../../../functions/lib/groups-claim';
import { deleteConversation, putMessage } from '../../../functions/repositories/messages';
import { accountStatusOf } from '../../../functions/repositories/account-tombstones';
import { isHidden, isSuspended } from '../../../functions/repositories/reports';
import { saveProfileSettings } from '../../../functions/repositories/user-profiles';
import { DEFAULT_PROFILE_SETTINGS } from '../../../functions/shared/schemas/profile';
import {
  ModerationQueue,
  REPORT_NEXT_STEPS,
  REPORTS_PER_HOUR,
  ReportReceipt,
} from '../../../functions/shared/schemas/reports';
import { startLocalCognito, type LocalCognito } from '../../../infra/local/cognito';
import { freePort } from '../../../infra/local/ports';
import { invoke, userClaims } from '../../support/api-events';
import { ROUTES } from '../../../functions/shared/routes';
import { member } from '../partners/helpers';

const route = (id: string) => ROUTES.find((r) => r.id === id)!;
import { call } from '../group-activities/helpers';
import { activityInput, daysAhead } from '../group-activities/helpers';

const moderatorClaims = (
  sub: string,
  groups: string | string[] = ['moderators'],
): Record<string, string | number | boolean | string[]> => ({ ...userClaims(sub), 'cognito:groups': groups });

async function report(reporterId: string, body: object) {
  return invoke(postReport, route('post-report'), { claims: userClaims(reporterId), body });
}

async function queue(sub = 'mod-1', groups: string | string[] = ['moderators']) {
  const result = await invoke(getQueue, route('get-moderation-reports'), { claims: moderatorClaims(sub, groups) });
  return {
    status: result.status,
    queue: result.status === 200 ? ModerationQueue.parse(result.json) : null,
    json: result.json,
  };
}

async function act(reportId: string, action: string, claims = moderatorClaims('mod-1')) {
  return invoke(postAction, route('post-moderation-action'), {
    claims,
    pathParameters: { reportId },
    path: `/api/moderation/reports/${reportId}/actions`,
    body: { action },
  });
}

describe('reports', () => {
  it('accepts a report of a received message, tells the reporter what happens next and keeps the text as evidence after the sender deletes it', async () => {
    const [a, c] = [await member({ name: 'Ann' }), await member({ name: 'Cal' })];
    const message = await putMessage(c, a, 'meet me alone at the trailhead, or else', new Date());
    const result = await report(a, {
      kind: 'message',
      userId: c,
      messageId: message.id,
      reason: 'harassment',
      note: 'threatening',
    });
    expect(result.status).toBe(201);
    const receipt = ReportReceipt.parse(result.json);
    expect(receipt).toEqual({ reportId: receipt.reportId, status: 'received', nextSteps: REPORT_NEXT_STEPS });

    await deleteConversation(c, a); // what the sender's account deletion does to their messages
    const { queue: q } = await queue();
    const entry = q!.reports.find((r) => r.reportId === receipt.reportId)!;
    expect(entry).toMatchObject({
      kind: 'message',
      subjectUserId: c,
      reporterId: a,
      reason: 'harassment',
      note: 'threatening',
      evidence: 'meet me alone at the trailhead, or else',
      status: 'open',
    });
  });

  it('refuses bad targets with a 4xx and stores nothing: self, a message not received, unknown ids, bad reasons', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const between = await putMessage(c, b, 'not for a', new Date());
    expect((await report(a, { kind: 'person', userId: a, reason: 'spam' })).status).toBe(400);
    expect((await report(a, { kind: 'message', userId: c, messageId: between.id, reason: 'spam' })).status).toBe(404);
    expect((await report(b, { kind: 'message', userId: b, messageId: between.id, reason: 'spam' })).status).toBe(404); // own message
    expect((await report(a, { kind: 'group_activity', activityId: 'no-such-activity', reason: 'spam' })).status).toBe(
      404,
    );
    expect((await report(a, { kind: 'person', userId: c, reason: 'because' })).status).toBe(400);
    expect((await report(a, { kind: 'person', userId: c, reason: 'spam', note: 'x'.repeat(501) })).status).toBe(400);
    const { queue: q } = await queue();
    expect(q!.reports.filter((r) => r.reporterId === a)).toEqual([]);
  });

  it('hides content once three different people have open reports on it, not before, and a repeat reporter counts once', async () => {
    const [a, b, d, c] = [await member(), await member(), await member(), await member()];
    await report(a, { kind: 'person', userId: c, reason: 'spam' });
    await report(a, { kind: 'person', userId: c, reason: 'spam' });
    await report(b, { kind: 'person', userId: c, reason: 'spam' });
    expect(await isHidden('person', c)).toBe(false);
    const third = await report(d, { kind: 'person', userId: c, reason: 'unsafe' });
    expect(third.status).toBe(201);
    expect(await isHidden('person', c)).toBe(true);

    // Dismissing lifts the hide the reports caused and closes every open report on that person.
    const result = await act(ReportReceipt.parse(third.json).reportId, 'dismiss');
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ action: 'dismiss', closedReports: 3 });
    expect(await isHidden('person', c)).toBe(false);
    const { queue: q } = await queue();
    expect(q!.reports.filter((r) => r.subjectUserId === c)).toEqual([]);
  });

  it('a moderator can hide content; it stays hidden', async () => {
    const [a, c] = [await member(), await member()];
    const filed = ReportReceipt.parse((await report(a, { kind: 'person', userId: c, reason: 'inappropriate' })).json);
    expect((await act(filed.reportId, 'hide')).status).toBe(200);
    expect(await isHidden('person', c)).toBe(true);
  });

  it(`limits each person to ${REPORTS_PER_HOUR} reports an hour (429 with retry-after)`, async () => {
    const a = await member();
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => member()));
    for (const target of targets.slice(0, REPORTS_PER_HOUR))
      expect((await report(a, { kind: 'person', userId: target, reason: 'spam' })).status).toBe(201);
    const refused = await report(a, { kind: 'person', userId: targets.at(-1)!, reason: 'spam' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused.json as { error: { code: string } }).error.code).toBe('rate_limited');
  });
});

describe('hidden content and suspended people leave the lists', () => {
  it('a group activity reported by three people disappears from the nearby list and its page for others, not for its organizer', async () => {
    const [organizer, r1, r2, r3, viewer] = await Promise.all([member(), member(), member(), member(), member()]);
    const created = await call('post-group-activity', organizer, {
      body: activityInput({ title: 'Reported hike', area: 'surrey', date: daysAhead(1) }),
    });
    expect(created.status).toBe(201);
    const activityId = String((created.json as { id: string }).id);
    const listed = async (userId: string) =>
      (
        (await call('get-group-activities', userId, { query: 'area=surrey&limit=50' })).json as {
          activities: { id: string }[];
        }
      ).activities.some((a) => a.id === activityId);
    expect(await listed(viewer)).toBe(true);
    for (const reporter of [r1, r2, r3])
      expect((await report(reporter, { kind: 'group_activity', activityId, reason: 'spam' })).status).toBe(201);
    expect(await listed(viewer)).toBe(false);
    expect((await call('get-group-activity', viewer, { pathParameters: { activityId } })).status).toBe(404);
    expect((await call('get-group-activity', organizer, { pathParameters: { activityId } })).status).toBe(200);
  });

  it('a ride request and a ride offer can be reported; three reporters hide each from the rides list for others, not for the poster', async () => {
    const [organizer, driver, requester, r1, r2, viewer] = await Promise.all([
      member(),
      member(),
      member(),
      member(),
      member(),
      member(),
    ]);
    const created = await call('post-group-activity', organizer, {
      body: activityInput({ title: 'Rides hike', maxParticipants: 10, date: daysAhead(2) }),
    });
    const activityId = String((created.json as { id: string }).id);
    for (const who of [driver, requester, r1, r2, viewer])
      expect((await call('post-join-group-activity', who, { pathParameters: { activityId } })).status).toBe(200);
    const offered = await call('post-ride-offer', driver, {
      pathParameters: { activityId },
      body: {
        vehicle: { make: 'Subaru', model: 'Outback', year: 2021, color: 'Green' },
        seats: 3,
        departureTime: '07:15',
        pickupLocations: ['Lonsdale Quay'],
        costPerPerson: 10,
        notes: 'cash only, no questions',
      },
    });
    const rideId = (offered.json as { offers: { id: string }[] }).offers[0]!.id;
    const asked = await call('post-ride-request', requester, {
      pathParameters: { activityId },
      body: { preferredPickup: 'Main St', willingToShare: true, notes: 'DM me on another app' },
    });
    expect(asked.status).toBe(201);
    const requestId = (asked.json as { requests: { id: string }[] }).requests[0]!.id;
    const rides = async (userId: string) =>
      (await call('get-activity-rides', userId, { pathParameters: { activityId } })).json as {
        offers: { id: string }[];
        requests: { id: string }[];
      };

    // The requester cannot report their own request; an unknown request is 404.
    expect((await report(requester, { kind: 'ride_request', activityId, requestId, reason: 'spam' })).status).toBe(400);
    expect(
      (await report(r1, { kind: 'ride_request', activityId, requestId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', reason: 'spam' }))
        .status,
    ).toBe(404);

    const filed = await report(r1, {
      kind: 'ride_request',
      activityId,
      requestId,
      reason: 'unsafe',
      note: 'asks to move off the app',
    });
    expect(filed.status).toBe(201);
    const { queue: q } = await queue();
    expect(q!.reports.find((r) => r.reportId === ReportReceipt.parse(filed.json).reportId)).toMatchObject({
      kind: 'ride_request',
      targetId: `${activityId}:${requestId}`,
      subjectUserId: requester,
      evidence: 'Ride request, pickup: Main St\nNotes: DM me on another app',
    });
    for (const reporter of [r2, organizer])
      expect((await report(reporter, { kind: 'ride_request', activityId, requestId, reason: 'spam' })).status).toBe(
        201,
      );
    for (const reporter of [r1, r2, organizer])
      expect((await report(reporter, { kind: 'ride', activityId, rideId, reason: 'spam' })).status).toBe(201);

    expect(await rides(viewer)).toMatchObject({ offers: [], requests: [] });
    expect((await rides(requester)).requests.map((r) => r.id)).toEqual([requestId]);
    expect((await rides(driver)).offers.map((o) => o.id)).toEqual([rideId]);
  });
});

describe('the moderators queue', () => {
  it('groups the open reports per content item: one row with its count, distinct reporters, reasons and notes; an action closes them all', async () => {
    const [organizer, r1, r2, r3] = await Promise.all([member(), member(), member(), member()]);
    const created = await call('post-group-activity', organizer, {
      body: activityInput({ title: 'Grouped hike', date: daysAhead(3) }),
    });
    const activityId = String((created.json as { id: string }).id);
    const first = ReportReceipt.parse(
      (await report(r1, { kind: 'group_activity', activityId, reason: 'spam', note: 'selling tours' })).json,
    );
    await report(r2, { kind: 'group_activity', activityId, reason: 'unsafe', note: 'route closed for avalanches' });
    await report(r3, { kind: 'group_activity', activityId, reason: 'spam' });
    await report(r3, { kind: 'person', userId: organizer, reason: 'spam' });

    const rows = (await queue()).queue!.reports.filter((r) => r.subjectUserId === organizer);
    expect(rows.map((r) => r.kind).sort()).toEqual(['group_activity', 'person']);
    const row = rows.find((r) => r.kind === 'group_activity')!;
    expect(row).toMatchObject({
      reportId: first.reportId,
      targetId: activityId,
      reportCount: 3,
      openReporters: 3,
      notes: ['selling tours', 'route closed for avalanches'],
    });
    expect(row.reasons).toEqual([
      { reason: 'spam', count: 2 },
      { reason: 'unsafe', count: 1 },
    ]);

    const done = await act(row.reportId, 'dismiss');
    expect(done.json).toMatchObject({ closedReports: 3 });
    const after = (await queue()).queue!.reports.filter((r) => r.subjectUserId === organizer);
    expect(after.map((r) => r.kind)).toEqual(['person']);
  });

  it('is refused (403) without the moderators group in the verified claims, whatever else the caller sends', async () => {
    expect((await queue('user-x', [])).status).toBe(403);
    expect((await queue('user-x', ['admins'])).status).toBe(403);
    const result = await invoke(getQueue, route('get-moderation-reports'), {
      claims: userClaims('user-x'),
      headers: { 'x-groups': 'moderators' },
      query: 'groups=moderators',
    });
    expect(result.status).toBe(403);
    expect((await act('01JZ0000000000000000000000', 'suspend', { ...userClaims('user-x') })).status).toBe(403);
  });

  it('reads the group claim in both forms: a JWT array (local) and API Gateway\'s flattened "[a b]" text', async () => {
    expect((await queue('mod-2', '[moderators]')).status).toBe(200);
    expect((await queue('mod-2', '[readers moderators]')).status).toBe(200);
    expect(groupsFromClaim('[readers moderators]')).toEqual(['readers', 'moderators']);
    expect(groupsFromClaim('moderatorsx')).toEqual(['moderatorsx']);
    expect(groupsFromClaim(undefined)).toEqual([]);
  });

  it('answers 404 for an unknown report and 400 for a bad action', async () => {
    expect((await act('01JZ0000000000000000000000', 'dismiss')).status).toBe(404);
    expect((await act('01JZ0000000000000000000000', 'delete-everything')).status).toBe(400);
    expect((await act('not-a-report', 'dismiss')).status).toBe(400);
  });
});

describe('suspending an account', () => {
  let cognito: LocalCognito;
  let dataDir: string;
  let client: CognitoIdentityProviderClient;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cognito-safety-'));
    cognito = await startLocalCognito({ port: await freePort(), dataDir });
    Object.assign(process.env, { USER_POOL_ID: cognito.userPoolId, COGNITO_ENDPOINT: cognito.endpoint });
    client = new CognitoIdentityProviderClient({
      endpoint: cognito.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }, 60_000);
  afterAll(async () => {
    client?.destroy();
    await cognito?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('disables sign-in in Cognito and marks the account suspended', async () => {
    const email = `cal-${Date.now()}@example.com`;
    const password = 'Trail-Pass-123';
    const signUp = await client.send(
      new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: password }),
    );
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    const c = signUp.UserSub!;
    const a = await member();
    await saveProfileSettings(c, email, { ...DEFAULT_PROFILE_SETTINGS, displayName: 'Cal' }, new Date());
    const filed = ReportReceipt.parse((await report(a, { kind: 'person', userId: c, reason: 'unsafe' })).json);

    const signIn = () =>
      client.send(
        new InitiateAuthCommand({
          ClientId: cognito.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
    const { RefreshToken } = (await signIn()).AuthenticationResult!;
    const refresh = () =>
      client.send(
        new InitiateAuthCommand({
          ClientId: cognito.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: RefreshToken! },
        }),
      );
    await expect(refresh()).resolves.toBeDefined();

    const result = await act(filed.reportId, 'suspend');
    expect(result.status).toBe(200);
    expect(
      (await client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }))).Enabled,
    ).toBe(false);
    await expect(signIn()).rejects.toThrow(/disabled/i);
    expect(await isSuspended(c)).toBe(true);
    // Every request with a token issued before now is refused (test/functions/safety/suspension.test.ts).
    expect(await accountStatusOf(c)).toBe('suspended');
    // Signed out everywhere: the refresh token issued before stays dead even once sign-in is enabled again.
    await client.send(new AdminEnableUserCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});
