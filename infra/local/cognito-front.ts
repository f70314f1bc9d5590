import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { unmetPasswordRules } from '../../functions/shared/password-policy';

/** A code Cognito would have emailed: sign-up confirmation, password reset or a new email's verification. */
export interface CodeMessage {
  email: string;
  code: string;
  purpose: 'sign-up' | 'password-reset' | 'email-verification';
}

interface EmulatorUser {
  Username: string;
  UserStatus?: string;
  Attributes: { Name: string; Value: string }[];
  ConfirmationCode?: string;
  AttributeVerificationCode?: string;
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** Operations carrying a new password (field name), checked against the pool's policy as Cognito does. */
const PASSWORD_FIELDS: Readonly<Record<string, string>> = {
  SignUp: 'Password',
  ConfirmForgotPassword: 'Password',
  ChangePassword: 'ProposedPassword',
  AdminSetUserPassword: 'Password',
};

/**
 * Sign-in and password change with a wrong password or an unknown user: Cognito answers NotAuthorizedException
 * for both (user-existence errors prevented, the default for app clients); cognito-local answers
 * InvalidPasswordException / UserNotFoundException, which would tell which accounts exist.
 */
const WRONG_CREDENTIAL_OPERATIONS = new Set(['InitiateAuth', 'ChangePassword']);
function isWrongCredentialError(answer: Buffer): boolean {
  const error = parseJson(answer);
  const type = String(error.__type ?? '');
  // Cognito tells a disabled (suspended) user so, with the right password: that answer passes through as it is.
  if (type === 'NotAuthorizedException' && /disabled/i.test(String(error.message ?? ''))) return false;
  return type === 'InvalidPasswordException' || type === 'UserNotFoundException' || type === 'NotAuthorizedException';
}

/**
 * What stands in front of cognito-local on the Cognito port, so the emulator behaves like the user pool where
 * it falls short: it enforces the password policy (functions/shared/password-policy.ts), it answers
 * ResendConfirmationCode (cognito-local 5 has no such operation; the pending code is sent again), and every code
 * the pool "emails" (sign-up, resend, forgot password, email change) is reported through `onCode` the moment the
 * emulator has stored it — read from its database, not parsed from its log; a wrong password and an unknown user
 * get Cognito's one NotAuthorizedException. Everything else passes through as is.
 */
export function createCognitoFront(options: {
  upstream: string;
  dbFile: () => string;
  onCode: (message: CodeMessage) => void;
}): Server {
  const readUsers = (): EmulatorUser[] => {
    try {
      const db = JSON.parse(readFileSync(options.dbFile(), 'utf8')) as { Users?: Record<string, EmulatorUser> };
      return Object.values(db.Users ?? {});
    } catch {
      return [];
    }
  };
  const findUser = (name: string | undefined): EmulatorUser | undefined =>
    name === undefined
      ? undefined
      : readUsers().find(
          (u) =>
            u.Username === name ||
            u.Attributes.some(
              (a) => (a.Name === 'email' || a.Name === 'sub') && a.Value.toLowerCase() === name.toLowerCase(),
            ),
        );
  const emailOf = (user: EmulatorUser) => user.Attributes.find((a) => a.Name === 'email')?.Value ?? user.Username;

  const reportCode = (operation: string, request: Record<string, unknown>) => {
    if (operation === 'SignUp' || operation === 'ForgotPassword' || operation === 'ResendConfirmationCode') {
      const user = findUser(request.Username as string | undefined);
      if (user?.ConfirmationCode)
        options.onCode({
          email: emailOf(user),
          code: user.ConfirmationCode,
          purpose: operation === 'ForgotPassword' ? 'password-reset' : 'sign-up',
        });
    } else if (operation === 'UpdateUserAttributes' || operation === 'GetUserAttributeVerificationCode') {
      const user = findUser(subOfAccessToken(request.AccessToken));
      const newEmail = (request.UserAttributes as { Name: string; Value: string }[] | undefined)?.find(
        (a) => a.Name === 'email',
      )?.Value;
      if (user?.AttributeVerificationCode)
        options.onCode({
          email: newEmail ?? emailOf(user),
          code: user.AttributeVerificationCode,
          purpose: 'email-verification',
        });
    }
  };

  return createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const target = String(req.headers['x-amz-target'] ?? '');
      const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
      const request = operation ? parseJson(body) : {};

      const passwordField = PASSWORD_FIELDS[operation];
      const unmet = passwordField ? unmetPasswordRules(String(request[passwordField] ?? '')) : [];
      if (unmet.length > 0)
        return sendError(
          res,
          'InvalidPasswordException',
          `Password did not conform with policy: ${unmet[0]!.cognitoMessage}`,
        );

      if (operation === 'ResendConfirmationCode') {
        const user = findUser(request.Username as string | undefined);
        if (!user) return sendError(res, 'UserNotFoundException', 'User does not exist.');
        if (user.UserStatus === 'CONFIRMED' || !user.ConfirmationCode)
          return sendError(res, 'InvalidParameterException', 'User is already confirmed.');
        reportCode(operation, request);
        return sendJson(res, 200, {
          CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: emailOf(user) },
        });
      }

      const upstream = await fetch(`${options.upstream}${req.url ?? '/'}`, {
        method: req.method,
        headers: forwardedHeaders(req),
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      });
      const answer = Buffer.from(await upstream.arrayBuffer());
      if (upstream.ok && operation) reportCode(operation, request);
      if (!upstream.ok && WRONG_CREDENTIAL_OPERATIONS.has(operation) && isWrongCredentialError(answer)) {
        return sendError(res, 'NotAuthorizedException', 'Incorrect username or password.');
      }
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding', 'keep-alive'].includes(name))
          headers[name] = value;
      });
      res.writeHead(upstream.status, { ...headers, 'content-length': String(answer.length) });
      res.end(answer);
    })().catch((error: unknown) => {
      if (!res.headersSent)
        sendError(res, 'InternalErrorException', error instanceof Error ? error.message : String(error), 500);
      else res.end();
    });
  });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseJson(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString('utf8') || '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function forwardedHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || ['host', 'content-length', 'connection', 'transfer-encoding'].includes(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** The user named by an access token the emulator issued (it verifies the token itself when the call goes through). */
function subOfAccessToken(token: unknown): string | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: string;
      username?: string;
    };
    return payload.sub ?? payload.username;
  } catch {
    return undefined;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'x-amzn-errortype, x-amzn-requestid',
    ...extra,
  });
  res.end(text);
}

function sendError(res: ServerResponse, type: string, message: string, status = 400) {
  sendJson(res, status, { __type: type, message }, { 'x-amzn-errortype': type });
}

/** Where cognito-local keeps a pool's users. */
export const emulatorDbFile = (dataDir: string, userPoolId: string) =>
  join(dataDir, '.cognito', 'db', `${userPoolId}.json`);
