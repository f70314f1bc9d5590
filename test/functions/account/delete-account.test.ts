import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paginateScan, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as deleteMe } from '../../../functions/handlers/me/delete-me';
import { handler as getMe } from '../../../functions/handlers/me/get-me';
import { handler as putProfile } from '../../../functions/handlers/profile/put-profile';
import { handler as getConversations } from '../../../functions/handlers/messages/get-conversations';
import { handler as postMessage } from '../../../functions/handlers/messages/post-message';
import { handler as postAccept } from '../../../functions/handlers/partners/post-accept';
import { handler as postConnect } from '../../../functions/handlers/partners/post-connect';
import { cognitoSignInDeleter } from '../../../functions/adapters/cognito/user-directory';
import { accountStatusOf } from '../../../functions/repositories/account-tombstones';
import { tombstoneKeys } from '../../../functions/repositories/keys';
import { takeMessageAllowance } from '../../../functions/repositories/messages';
import { tableName } from '../../../functions/lib/config';
import { dynamo } from '../../../functions/lib/dynamo';
import { getConnection } from '../../../functions/repositories/connections';
import { addNotification } from '../../../functions/repositories/notifications';
import { savePendingOAuthState } from '../../../functions/repositories/oauth-states';
import { assignStravaConfig } from '../../../functions/repositories/strava-configs';
import { createSyncRequest, setManualSyncOnly } from '../../../functions/repositories/sync-requests';
import { saveProfileSettings } from '../../../functions/repositories/user-profiles';
import { ROUTES } from '../../../functions/shared/routes';
import { AccountDeletionResponse, type ProfileSettings } from '../../../functions/shared/schemas/profile';
import { TABLE_IDS, type TableId } from '../../../functions/shared/tables';
import {
  accountDeletionDeps,
  deleteAccount,
  emailTombstoneHash,
  messagesUsedByDeletedAccounts,
} from '../../../functions/usecases/account-deletion';
import { quotaMonthOf } from '../../../functions/usecases/messages-quota';
import { eraseAppleDataOfUser } from '../../../functions/usecases/apple-erasure';
import { connectionDeps } from '../../../functions/usecases/providers/registry';
import { disconnectProvider } from '../../../functions/usecases/connections';
import { savePartnerListing } from '../../../functions/usecases/partner-listing';
import { erasePartnerDataOfUser } from '../../../functions/usecases/partners-erasure';
import { eraseGroupActivityDataOfUser } from '../../../functions/usecases/group-activities-erasure';
import { updateProfile } from '../../../functions/usecases/profile';
import { recalculateMetricsAfterSync } from '../../../functions/usecases/strava-deps';
import { startLocalCognito, type LocalCognito } from '../../../infra/local/cognito';
import { freePort } from '../../../infra/local/ports';
import type { StravaSimulator } from '../../../infra/local/simulators/strava';
import { invoke, userClaims } from '../../support/api-events';
import { connectAs, LIAM, MAYA, SOFIA, startStrava, testDeps } from '../strava/helpers';
import { call, member, route as partnerRoute } from '../partners/helpers';
import { ConversationsResponse, SendMessageResponse } from '../../../functions/shared/schemas/messages';

// The real capability hooks, watched: deletion must call each with the leaving user.
vi.mock(import('../../../functions/usecases/partner-listing'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, savePartnerListing: vi.fn(original.savePartnerListing) };
});
vi.mock(import('../../../functions/usecases/partners-erasure'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, erasePartnerDataOfUser: vi.fn(original.erasePartnerDataOfUser) };
});
vi.mock(import('../../../functions/usecases/group-activities-erasure'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, eraseGroupActivityDataOfUser: vi.fn(original.eraseGroupActivityDataOfUser) };
});
vi.mock(import('../../../functions/usecases/apple-erasure'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, eraseAppleDataOfUser: vi.fn(original.eraseAppleDataOfUser) };
});

const route = ROUTES.find((r) => r.id === 'delete-me')!;
const getMeRoute = ROUTES.find((r) => r.id === 'get-me')!;
const putProfileRoute = ROUTES.find((r) => r.id === 'put-profile')!;
const newUser = () => `user-${randomUUID()}`;

const settings: ProfileSettings = {
  displayName: 'Trail Friend',
  homeArea: 'burnaby',
  activities: ['hiking'],
  availability: ['weekends'],
  bio: 'Burnaby Mountain most Saturdays.',
  discoverable: true,
  visibleFields: ['homeArea', 'activities'],
  level: null,
  paces: {},
  useActivityForMatching: false,
};

let sim: StravaSimulator;
let cognito: LocalCognito;
let cognitoClient: CognitoIdentityProviderClient;
const cognitoDir = mkdtempSync(join(tmpdir(), 'account-cognito-'));
beforeAll(async () => {
  sim = await startStrava();
  // The real emulator the local stack runs; DELETE /api/me deletes the Cognito user there (AdminDeleteUser).
  cognito = await startLocalCognito({ port: await freePort(), dataDir: cognitoDir });
  Object.assign(process.env, { USER_POOL_ID: cognito.userPoolId, COGNITO_ENDPOINT: cognito.endpoint });
  cognitoClient = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  cognitoClient.destroy();
  await Promise.all([sim.stop(), cognito.stop()]);
  rmSync(cognitoDir, { recursive: true, force: true });
});

/** A confirmed Cognito user; returns the claims of their ID token (sub, email, cognito:username). */
async function cognitoUser(): Promise<{ sub: string; email: string; claims: ReturnType<typeof userClaims> }> {
  const email = `leaver-${randomUUID()}@example.com`;
  const signUp = await cognitoClient.send(
    new SignUpCommand({
      ClientId: cognito.clientId,
      Username: email,
      Password: 'Trail-Buddy-2026',
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await cognitoClient.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: email }));
  const sub = signUp.UserSub!;
  const user = await cognitoClient.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: sub }));
  return { sub, email, claims: { ...userClaims(sub, email), 'cognito:username': user.Username! } };
}

const cognitoUserExists = async (sub: string) =>
  cognitoClient.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: sub })).then(
    () => true,
    (error: Error) => (error.name === 'UserNotFoundException' ? false : Promise.reject(error)),
  );

/** Items left about a deleted user: exactly the tombstone that refuses their tokens. */
const onlyTombstoneOf = (userId: string) => [
  expect.objectContaining({ ...tombstoneKeys.accountStatus(userId), entity: 'DeletedUser', status: 'deleted' }),
];
beforeEach(() => {
  vi.mocked(savePartnerListing).mockClear();
  vi.mocked(erasePartnerDataOfUser).mockClear();
  vi.mocked(eraseGroupActivityDataOfUser).mockClear();
  vi.mocked(eraseAppleDataOfUser).mockClear();
});

/**
 * One of every item kind a user can own: a Strava connection with tokens (through the simulator's consent),
 * its activities, metrics and daily aggregates (the real recalculation), the profile, sync preferences, a
 * pending OAuth state, a sync request, a config assignment, a notification, another social item and a
 * disconnected provider's connection. Returns the user's live Strava access token.
 */
async function seedEverything(userId: string, athleteId: number): Promise<string> {
  const now = new Date();
  const deps = await testDeps({ recalculateMetrics: recalculateMetricsAfterSync });
  await connectAs(sim, userId, athleteId, deps);
  await updateProfile({ userId, email: `${userId}@example.com` }, settings, now); // also lists them in partner search
  await setManualSyncOnly(userId, false, now);
  await savePendingOAuthState(randomUUID(), userId, now.getTime() + 600_000, now);
  await createSyncRequest(userId, now);
  await assignStravaConfig(userId, `retired-${randomUUID()}`, now);
  await addNotification(
    userId,
    { type: 'partner_request', message: 'Sam would like to head out with you.', link: null },
    now,
  );
  await dynamo().send(
    new PutCommand({ TableName: tableName('social'), Item: { pk: `USER#${userId}`, sk: 'SOMETHING#else', userId } }),
  );
  await dynamo().send(
    new PutCommand({
      TableName: tableName('connections'),
      Item: {
        pk: `USER#${userId}`,
        sk: 'CONN#google_health',
        userId,
        provider: 'google_health',
        is_active: false,
        connected_at: now.toISOString(),
        scopes: [],
      },
    }),
  );
  return (await getConnection(userId, 'strava', deps.cipher))!.tokens!.accessToken;
}

/** Every item in every table that mentions `userId` anywhere (keys, index keys or attributes), by table. */
async function itemsMentioning(userId: string): Promise<Record<TableId, Record<string, unknown>[]>> {
  const found = {} as Record<TableId, Record<string, unknown>[]>;
  for (const table of TABLE_IDS) {
    found[table] = [];
    for await (const page of paginateScan({ client: dynamo() }, { TableName: tableName(table) })) {
      for (const item of page.Items ?? []) if (JSON.stringify(item).includes(userId)) found[table].push(item);
    }
    found[table].sort((a, b) => `${a.pk}|${a.sk}`.localeCompare(`${b.pk}|${b.sk}`));
  }
  return found;
}

const stravaAthleteStatus = async (accessToken: string) =>
  (await fetch(`${sim.url}/api/v3/athlete`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

// Seeding connects through the simulator and syncs; generous limits keep a busy machine from failing them.
describe('DELETE /api/me', { timeout: 90_000 }, () => {
  it("deauthorizes Strava and removes every item of the caller, and nothing of anyone else's", async () => {
    const [alice, bob] = [newUser(), newUser()];
    const aliceToken = await seedEverything(alice, MAYA);
    const bobToken = await seedEverything(bob, LIAM);

    const alicesBefore = await itemsMentioning(alice);
    const bobsBefore = await itemsMentioning(bob);
    // The seed really holds every kind this test claims to cover.
    expect(alicesBefore.activities.length).toBeGreaterThan(0);
    const sortKeys = Object.values(alicesBefore)
      .flat()
      .map((item) => String(item.sk).split('#')[0]);
    for (const kind of [
      'PROFILE',
      'SYNC_PREFS',
      'METRICS',
      'DAILY',
      'OAUTH_STATE',
      'CONN',
      'ACT',
      'SYNC_REQUEST',
      'STRAVA_CONFIG_ASSIGNMENT',
      'NOTIF',
      'SOMETHING',
    ]) {
      expect(sortKeys, kind).toContain(kind);
    }

    const response = await invoke(deleteMe, route, { claims: userClaims(alice) });
    expect(response.status).toBe(200);
    const body = AccountDeletionResponse.parse(response.json);
    // social also holds her partner-search listings (keyed by area and activity); the partner index removes those.
    for (const table of TABLE_IDS.filter((t) => t !== 'social'))
      expect(body.removed[table], table).toBe(alicesBefore[table].length);
    expect(body.removed.social).toBe(alicesBefore.social.filter((item) => item.pk === `USER#${alice}`).length);
    expect(body.removed.providersDisconnected).toBe(1);
    for (const eraser of ['partners', 'groupActivities', 'apple'])
      expect(body.removed[eraser], eraser).toBeGreaterThanOrEqual(0);

    const alicesAfter = await itemsMentioning(alice);
    for (const table of TABLE_IDS)
      expect(alicesAfter[table], table).toEqual(table === 'users' ? onlyTombstoneOf(alice) : []);
    expect(await itemsMentioning(bob)).toEqual(bobsBefore);

    expect(await stravaAthleteStatus(aliceToken)).toBe(401);
    expect(await stravaAthleteStatus(bobToken)).toBe(200);
  });

  it('takes the user out of partner search and asks every capability to erase its records of them', async () => {
    const alice = newUser();
    await saveProfileSettings(alice, `${alice}@example.com`, settings, new Date());
    await invoke(deleteMe, route, { claims: userClaims(alice) });
    expect(savePartnerListing).toHaveBeenCalledWith(alice, null);
    // Out of search first, before any capability erases its records.
    expect(vi.mocked(savePartnerListing).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(erasePartnerDataOfUser).mock.invocationCallOrder[0]!,
    );
    for (const eraser of [erasePartnerDataOfUser, eraseGroupActivityDataOfUser, eraseAppleDataOfUser])
      expect(eraser).toHaveBeenCalledWith(alice, expect.any(Date));
  });

  it('is idempotent: a second deletion removes nothing and still succeeds; through the API the old token is refused', async () => {
    const alice = newUser();
    await seedEverything(alice, SOFIA);
    expect((await invoke(deleteMe, route, { claims: userClaims(alice) })).status).toBe(200);
    const deauthorizations = sim.control.requestCount({ path: '/oauth/deauthorize' });

    expect((await invoke(deleteMe, route, { claims: userClaims(alice) })).status).toBe(401);
    const again = await deleteAccount(
      { userId: alice, email: `${alice}@example.com` },
      new Date(),
      accountDeletionDeps(async () => {}, cognitoSignInDeleter()),
    );
    expect(Object.values(again.removed).every((count) => count === 0)).toBe(true);
    expect(sim.control.requestCount({ path: '/oauth/deauthorize' })).toBe(deauthorizations);
  });

  it('works for a user who never connected anything', async () => {
    const alice = newUser();
    expect((await invoke(getMe, getMeRoute, { claims: userClaims(alice) })).status).toBe(200);
    const response = await invoke(deleteMe, route, { claims: userClaims(alice) });
    expect(AccountDeletionResponse.parse(response.json).removed).toMatchObject({
      users: 1,
      connections: 0,
      providersDisconnected: 0,
    });
    expect(Object.values(await itemsMentioning(alice)).flat()).toEqual(onlyTombstoneOf(alice));
  });

  it('is unauthorized without verified claims and deletes nothing', async () => {
    const alice = newUser();
    await saveProfileSettings(alice, `${alice}@example.com`, settings, new Date());
    expect((await invoke(deleteMe, route, { query: `userId=${alice}` })).status).toBe(401);
    expect((await itemsMentioning(alice)).users).toHaveLength(1);
  });
});

describe('deleteAccount (use case)', { timeout: 90_000 }, () => {
  it('still deletes everything when Strava does not answer the deauthorization', async () => {
    const alice = newUser();
    await seedEverything(alice, MAYA);
    const deps = await testDeps();
    sim.control.failNext(20, { status: 503 }, { pathPrefix: '/oauth/deauthorize' });
    try {
      await deleteAccount(
        { userId: alice, email: undefined },
        new Date(),
        accountDeletionDeps(
          (userId, provider) =>
            disconnectProvider(userId, provider, deps.clock(), connectionDeps({ strava: async () => deps })),
          cognitoSignInDeleter(),
        ),
      );
    } finally {
      sim.control.clearFaults();
    }
    expect(Object.values(await itemsMentioning(alice)).flat()).toEqual(onlyTombstoneOf(alice));
  });

  it('deauthorizes each active provider while its tokens still exist, before any data is deleted', async () => {
    const alice = newUser();
    await seedEverything(alice, LIAM);
    const seen: string[] = [];
    const deps = await testDeps();
    await deleteAccount({ userId: alice, email: undefined }, new Date(), {
      ...accountDeletionDeps(async (userId, provider) => {
        const connection = await getConnection(userId, provider, deps.cipher);
        seen.push(`${provider}:${connection?.tokens ? 'tokens' : 'none'}`);
        await disconnectProvider(userId, provider, deps.clock(), connectionDeps({ strava: async () => deps }));
      }, cognitoSignInDeleter()),
    });
    // Only the active connection (Strava), not the disconnected Google one.
    expect(seen).toEqual(['strava:tokens']);
  });
});

describe('after DELETE /api/me', { timeout: 90_000 }, () => {
  it('deletes the Cognito user on the server', async () => {
    const { sub, claims } = await cognitoUser();
    expect(await cognitoUserExists(sub)).toBe(true);
    expect((await invoke(deleteMe, route, { claims })).status).toBe(200);
    expect(await cognitoUserExists(sub)).toBe(false);
  });

  it("refuses the deleted user's still-valid token on GET /api/me and PUT /api/profile, and recreates nothing", async () => {
    const { sub, claims } = await cognitoUser();
    expect((await invoke(getMe, getMeRoute, { claims })).status).toBe(200);
    expect((await invoke(deleteMe, route, { claims })).status).toBe(200);

    const me = await invoke(getMe, getMeRoute, { claims });
    expect(me.status).toBe(401);
    expect(me.json).toEqual({ error: { code: 'unauthorized', message: 'This account was deleted.' } });
    expect((await invoke(putProfile, putProfileRoute, { claims, body: settings })).status).toBe(401);

    expect(Object.values(await itemsMentioning(sub)).flat()).toEqual(onlyTombstoneOf(sub));
    expect(await accountStatusOf(sub)).toBe('deleted');
    // Someone else is not affected.
    expect((await invoke(getMe, getMeRoute, { claims: userClaims(newUser()) })).status).toBe(200);
  });

  it("keeps the month's message count under a keyed hash of the email, so re-creating the account does not reset it", async () => {
    const { sub, email, claims } = await cognitoUser();
    const now = new Date();
    for (let i = 0; i < 3; i++) await takeMessageAllowance(sub, quotaMonthOf(now), 5, now);
    expect(await messagesUsedByDeletedAccounts(email, now)).toBe(0);

    expect((await invoke(deleteMe, route, { claims })).status).toBe(200);

    expect(await messagesUsedByDeletedAccounts(email, now)).toBe(3);
    expect(await messagesUsedByDeletedAccounts(email.toUpperCase(), now)).toBe(3);
    expect(await messagesUsedByDeletedAccounts(`other-${email}`, now)).toBe(0);
    const hash = await emailTombstoneHash(email);
    expect(hash).not.toContain(email.split('@')[0]);
    const users = (await itemsMentioning(hash)).users;
    expect(users).toEqual([
      expect.objectContaining({ pk: `DELETED_EMAIL#${hash}`, sk: `QUOTA#${quotaMonthOf(now)}`, messagesUsed: 3 }),
    ]);
    expect(JSON.stringify(users)).not.toContain(email);
    // Kept until the quota month ends, then DynamoDB TTL removes it.
    expect(Number(users[0]!.expiresAt) * 1000).toBeGreaterThan(now.getTime());
    expect(Number(users[0]!.expiresAt) * 1000).toBeLessThanOrEqual(now.getTime() + 32 * 86_400_000);
  });

  it("a re-created account with the same email starts from the deleted account's count: 3 sent, deleted, signed up again, only 2 more this month", async () => {
    const friend = await member({ name: 'Friend' });
    /** Signs `email` up (a new Cognito user, a new sub), makes them partners with `friend`; returns the claims. */
    const signUpAndPartner = async (account: { sub: string; claims: ReturnType<typeof userClaims> }) => {
      await updateProfile({ userId: account.sub, email: account.claims.email as string }, settings, new Date());
      const on = { pathParameters: { userId: friend } };
      expect(
        (await invoke(postConnect, partnerRoute('post-partner-connect'), { claims: account.claims, ...on })).status,
      ).toBe(200);
      expect(
        (await call(postAccept, 'post-partner-accept', friend, { pathParameters: { userId: account.sub } })).status,
      ).toBe(200);
      return account.claims;
    };
    const send = (claims: ReturnType<typeof userClaims>, text: string) =>
      invoke(postMessage, partnerRoute('post-conversation-message'), {
        claims,
        pathParameters: { userId: friend },
        body: { text },
      });

    const first = await cognitoUser();
    const firstClaims = await signUpAndPartner(first);
    for (let i = 1; i <= 3; i++) expect((await send(firstClaims, `Before ${i}`)).status).toBe(201);
    expect((await invoke(deleteMe, route, { claims: firstClaims })).status).toBe(200);

    // The same email signs up again: a new Cognito user with a new sub.
    const signUp = await cognitoClient.send(
      new SignUpCommand({
        ClientId: cognito.clientId,
        Username: first.email,
        Password: 'Trail-Buddy-2026',
        UserAttributes: [{ Name: 'email', Value: first.email }],
      }),
    );
    await cognitoClient.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: first.email }));
    const sub = signUp.UserSub!;
    expect(sub).not.toBe(first.sub);
    const user = await cognitoClient.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: sub }));
    const againClaims = await signUpAndPartner({
      sub,
      claims: { ...userClaims(sub, first.email), 'cognito:username': user.Username! },
    });

    const listed = ConversationsResponse.parse(
      (await invoke(getConversations, partnerRoute('get-conversations'), { claims: againClaims })).json,
    );
    expect(listed.quota).toMatchObject({ limit: 5, used: 3, remaining: 2 });
    const fourth = await send(againClaims, 'After 1');
    expect(fourth.status).toBe(201);
    expect(SendMessageResponse.parse(fourth.json).quota).toMatchObject({ used: 4, remaining: 1 });
    expect((await send(againClaims, 'After 2')).status).toBe(201);
    const refused = await send(againClaims, 'After 3');
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ error: { code: 'message_quota_exceeded' } });

    // Deleting the re-created account too keeps the month's full count (5), not only the second account's 2.
    expect((await invoke(deleteMe, route, { claims: againClaims })).status).toBe(200);
    expect(await messagesUsedByDeletedAccounts(first.email, new Date())).toBe(5);
  });
});
