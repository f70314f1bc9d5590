import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCognito, type ConfirmationCodeMessage, type LocalCognito } from '../../infra/local/cognito';
import { freePort } from '../../infra/local/ports';

const PASSWORD = 'Trail-Buddy-2026';
let cognito: LocalCognito;
let client: CognitoIdentityProviderClient;
const dataDir = mkdtempSync(join(tmpdir(), 'cognito-front-'));
const sent: ConfirmationCodeMessage[] = [];

beforeAll(async () => {
  cognito = await startLocalCognito({ port: await freePort(), dataDir });
  cognito.codes.on('code', (message: ConfirmationCodeMessage) => sent.push(message));
  client = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  client?.destroy();
  await cognito?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const newEmail = () => `walker-${randomUUID()}@example.com`;
const signUp = (email: string, password = PASSWORD) =>
  client.send(
    new SignUpCommand({
      ClientId: cognito.clientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
const codesFor = (email: string) => sent.filter((m) => m.email === email);
const errorName = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: Error) => error.name,
  );
const signIn = async (email: string, password: string) =>
  (
    await client.send(
      new InitiateAuthCommand({
        ClientId: cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    )
  ).AuthenticationResult!;

describe('local Cognito (emulator behind its front)', () => {
  it('refuses passwords the pool policy refuses, as Cognito does, and creates no user', async () => {
    const email = newEmail();
    for (const weak of ['abc', 'trail-buddy-2026', 'TRAIL-BUDDY-2026', 'Trail-Buddy', 'TrailBuddy2026']) {
      await expect(signUp(email, weak), weak).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    }
    expect(
      await errorName(client.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: email }))),
    ).toBe('UserNotFoundException');
  });

  it('answers a wrong password and an unknown user alike, as Cognito does (NotAuthorizedException)', async () => {
    const email = newEmail();
    await signUp(email);
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    const failures = await Promise.all(
      [signIn(email, 'Wrong-password-1'), signIn(newEmail(), PASSWORD)].map((p) =>
        p.then(
          () => 'signed in',
          (error: Error) => `${error.name}: ${error.message}`,
        ),
      ),
    );
    expect(failures).toEqual([
      'NotAuthorizedException: Incorrect username or password.',
      'NotAuthorizedException: Incorrect username or password.',
    ]);
  });

  it("reports each sign-up's code at once, not when the next one comes", async () => {
    const [first, second] = [newEmail(), newEmail()];
    await signUp(first);
    expect(codesFor(first)).toEqual([{ email: first, code: expect.stringMatching(/^\d{6}$/), purpose: 'sign-up' }]);
    await signUp(second);
    expect(codesFor(second)).toHaveLength(1);
  });

  it('resends the pending confirmation code, and the resent code confirms the account', async () => {
    const email = newEmail();
    await signUp(email);
    const resent = await client.send(
      new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: email }),
    );
    expect(resent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', Destination: email });
    const codes = codesFor(email);
    expect(codes).toHaveLength(2);
    expect(codes[1]!.code).toBe(codes[0]!.code);
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    expect(
      await errorName(client.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: email }))),
    ).toBe('InvalidParameterException');
  });

  it('signs a user out everywhere (AdminUserGlobalSignOut): every refresh token issued before stops working', async () => {
    const email = newEmail();
    const { UserSub } = await signUp(email);
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    const tokens = [(await signIn(email, PASSWORD)).RefreshToken!, (await signIn(email, PASSWORD)).RefreshToken!];
    const refresh = (token: string) =>
      client.send(
        new InitiateAuthCommand({
          ClientId: cognito.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: token },
        }),
      );
    await expect(refresh(tokens[0]!)).resolves.toBeDefined();

    await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: UserSub! }));
    for (const token of tokens) expect(await errorName(refresh(token))).toBe('NotAuthorizedException');
    expect((await signIn(email, PASSWORD)).IdToken).toBeTruthy();
    expect(
      await errorName(
        client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: newEmail() })),
      ),
    ).toBe('UserNotFoundException');
  });

  it('reports the forgot-password code; the reset refuses a weak password and accepts a strong one', async () => {
    const email = newEmail();
    await signUp(email);
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    await client.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: email }));
    const reset = codesFor(email).find((m) => m.purpose === 'password-reset');
    expect(reset?.code).toMatch(/^\d{6}$/);

    const confirm = (password: string) =>
      client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: cognito.clientId,
          Username: email,
          ConfirmationCode: reset!.code,
          Password: password,
        }),
      );
    expect(await errorName(confirm('abc'))).toBe('InvalidPasswordException');
    await confirm('New-Trail-2027');
    expect((await signIn(email, 'New-Trail-2027')).IdToken).toBeTruthy();
  });

  it('checks a changed password too, and reports the code that verifies a new email', async () => {
    const email = newEmail();
    await signUp(email);
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    const { AccessToken } = await signIn(email, PASSWORD);
    expect(
      await errorName(
        client.send(new ChangePasswordCommand({ AccessToken, PreviousPassword: PASSWORD, ProposedPassword: 'short' })),
      ),
    ).toBe('InvalidPasswordException');

    const moved = newEmail();
    await client.send(
      new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'email', Value: moved }] }),
    );
    const verification = codesFor(moved).find((m) => m.purpose === 'email-verification');
    expect(verification?.code).toMatch(/^\d{6}$/);
    await client.send(
      new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: verification!.code }),
    );
  });

  it('verifies the email when the sign-up is confirmed with its code; keeps it until a changed one is verified (keepOriginal)', async () => {
    const email = newEmail();
    await signUp(email);
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: cognito.clientId,
        Username: email,
        ConfirmationCode: codesFor(email)[0]!.code,
      }),
    );
    const idTokenEmail = async (password = PASSWORD, name = email) => {
      const { IdToken } = await signIn(name, password);
      const claims = JSON.parse(Buffer.from(IdToken!.split('.')[1]!, 'base64url').toString()) as {
        email: string;
        email_verified: unknown;
      };
      return { email: claims.email, verified: claims.email_verified };
    };
    const { AccessToken } = await signIn(email, PASSWORD);
    const moved = newEmail();
    await client.send(
      new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'email', Value: moved }] }),
    );
    expect(await idTokenEmail()).toEqual({ email, verified: true });

    const code = codesFor(moved).find((m) => m.purpose === 'email-verification')!.code;
    await client.send(new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: code }));
    expect(await idTokenEmail(PASSWORD, moved)).toEqual({ email: moved, verified: true });
  });
});
