import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  GetGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_POLICY } from '../../functions/shared/password-policy';
import { createCognitoFront, emulatorDbFile, type CodeMessage } from './cognito-front';
import { freePort, waitFor } from './ports';

export type ConfirmationCodeMessage = CodeMessage;

export interface LocalCognito {
  endpoint: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUri: string;
  /** The emulator's state folder (its user pools live in .cognito/db/<poolId>.json). */
  dataDir: string;
  /** Emits 'code' with a ConfirmationCodeMessage whenever the pool "sends" one (sign-up, resend, forgot password, email change). */
  codes: EventEmitter;
  stop(): Promise<void>;
}

const POOL_FILE = 'trailbuddy-pool.json';

/**
 * Starts cognito-local with its state under `dataDir` on an internal port, behind the front on `port` that
 * enforces the password policy, answers ResendConfirmationCode and reports every code (cognito-front.ts),
 * and makes sure the TrailBuddy user pool and a public app client exist (ids are kept in the data folder,
 * so accounts survive restarts).
 */
export async function startLocalCognito(options: { port: number; dataDir: string }): Promise<LocalCognito> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(join(dataDir, '.cognito'), { recursive: true });
  const endpoint = `http://localhost:${options.port}`;
  writeFileSync(
    join(dataDir, '.cognito', 'config.json'),
    JSON.stringify(
      { TokenConfig: { IssuerDomain: endpoint }, UserPoolDefaults: { UsernameAttributes: ['email'] } },
      null,
      2,
    ),
  );

  // cognito-local's own start script, behind a wrapper that refuses disabled users as Cognito does.
  const startScript = fileURLToPath(new URL('./cognito-local-start.cjs', import.meta.url));
  const internalPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, [startScript], {
    cwd: dataDir,
    env: { ...process.env, PORT: String(internalPort), HOST: '127.0.0.1', DEBUG: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the tail is kept, for the error message when the emulator dies while starting.
  let output = '';
  const onOutput = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2000);
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const codes = new EventEmitter();
  let userPoolId = '';
  const front = createCognitoFront({
    upstream: `http://127.0.0.1:${internalPort}`,
    dbFile: () => emulatorDbFile(dataDir, userPoolId),
    onCode: (message) => codes.emit('code', message),
  });
  await new Promise<void>((listening, failed) => {
    front.once('error', failed);
    front.listen(options.port, 'localhost', () => listening());
  });
  const closeFront = () => new Promise<void>((closed) => front.close(() => closed()));

  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await waitFor('Cognito emulator', async () => {
      if (child.exitCode !== null) throw new Error(`cognito-local exited: ${output.slice(-500)}`);
      const response = await fetch(`${endpoint}/health`).catch(() => undefined);
      return response?.ok === true;
    });
    const pool = await ensurePool(client, dataDir);
    await ensureModeratorsGroup(client, pool.userPoolId);
    userPoolId = pool.userPoolId;
    return {
      endpoint,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      issuer: `${endpoint}/${pool.userPoolId}`,
      jwksUri: `${endpoint}/${pool.userPoolId}/.well-known/jwks.json`,
      dataDir,
      codes,
      async stop() {
        client.destroy();
        front.closeAllConnections();
        await closeFront();
        if (child.exitCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
          await exited;
          clearTimeout(timer);
        }
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    client.destroy();
    front.closeAllConnections();
    await closeFront();
    throw error;
  }
}

/** The Cognito group whose members see the moderation queue (as the CDK user pool has it). */
export const MODERATORS_GROUP = 'moderators';

async function ensureModeratorsGroup(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  const exists = await client.send(new GetGroupCommand({ UserPoolId: userPoolId, GroupName: MODERATORS_GROUP })).then(
    () => true,
    () => false,
  );
  if (!exists)
    await client.send(
      new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: MODERATORS_GROUP, Description: 'Review reports' }),
    );
}

async function ensurePool(
  client: CognitoIdentityProviderClient,
  dataDir: string,
): Promise<{ userPoolId: string; clientId: string }> {
  const poolFile = join(dataDir, POOL_FILE);
  if (existsSync(poolFile)) {
    const saved = JSON.parse(readFileSync(poolFile, 'utf8')) as { userPoolId: string; clientId: string };
    if (existsSync(join(dataDir, '.cognito', 'db', `${saved.userPoolId}.json`))) return saved;
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'trailbuddy-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        },
      },
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local did not return a user pool id');
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'trailbuddy-web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const clientId = appClient.UserPoolClient?.ClientId;
  if (!clientId) throw new Error('cognito-local did not return an app client id');
  const saved = { userPoolId, clientId };
  writeFileSync(poolFile, JSON.stringify(saved, null, 2));
  return saved;
}
