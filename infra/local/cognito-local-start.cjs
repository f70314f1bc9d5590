'use strict';
/**
 * Starts cognito-local with the user pool's behaviour where cognito-local 5.3 falls short. When a moderator suspends
 * an account: like Cognito, it refuses sign-in (password or refresh token) for a user an admin disabled
 * (AdminDisableUser; cognito-local records Enabled=false but still signs the user in), and it answers
 * AdminUserGlobalSignOut, which cognito-local lacks, as Cognito does for refresh tokens: every one issued to the user
 * stops working. And a changed email takes effect only once its code is verified, as the CDK pool's keepOriginal has
 * it, and confirming a sign-up with the emailed code verifies the email (email_verified), as Cognito does. Run by infra/local/cognito.ts in place of
 * cognito-local's start script.
 */
const { Targets } = require('cognito-local/lib/targets/targets');
const { NotAuthorizedError, UserNotFoundError } = require('cognito-local/lib/errors');

async function userOf(services, ctx, req, name) {
  const pool =
    name === 'InitiateAuth'
      ? await services.cognito.getUserPoolForClientId(ctx, req.ClientId)
      : await services.cognito.getUserPool(ctx, req.UserPoolId);
  const params = req.AuthParameters || {};
  if (!pool) return null;
  if (params.REFRESH_TOKEN) return pool.getUserByRefreshToken(ctx, params.REFRESH_TOKEN);
  if (params.USERNAME) return pool.getUserByUsername(ctx, params.USERNAME);
  return null;
}

for (const name of ['InitiateAuth', 'AdminInitiateAuth']) {
  const original = Targets[name];
  Targets[name] = (services) => {
    const run = original(services);
    return async (ctx, req) => {
      const user = await userOf(services, ctx, req, name).catch(() => null);
      if (user && user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
      return run(ctx, req);
    };
  };
}

const confirmSignUp = Targets.ConfirmSignUp;
Targets.ConfirmSignUp = (services) => {
  const run = confirmSignUp(services);
  return async (ctx, req) => {
    const answer = await run(ctx, req);
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    const others = user.Attributes.filter((a) => a.Name !== 'email_verified');
    await pool.saveUser(ctx, { ...user, Attributes: [...others, { Name: 'email_verified', Value: 'true' }] });
    return answer;
  };
};

const KEEP_ORIGINAL_EMAIL = { AttributesRequireVerificationBeforeUpdate: ['email'] };
const updateUserAttributes = Targets.UpdateUserAttributes;
Targets.UpdateUserAttributes = (services) =>
  updateUserAttributes({
    ...services,
    cognito: Object.assign(Object.create(services.cognito), {
      async getUserPoolForClientId(ctx, clientId) {
        const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
        // Read-only `options` getter over `_options`; this pool object serves this one request.
        pool._options = { ...pool.options, UserAttributeUpdateSettings: KEEP_ORIGINAL_EMAIL };
        return pool;
      },
    }),
  });

Targets.AdminUserGlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

require('cognito-local/lib/bin/start.js');
