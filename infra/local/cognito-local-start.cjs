'use strict';
/**
 * Starts cognito-local with one fix: like Cognito, it refuses sign-in (password or refresh token) for a user an
 * admin disabled (AdminDisableUser, used when a moderator suspends an account). cognito-local 5.3 records
 * Enabled=false but still signs the user in. Run by infra/local/cognito.ts in place of cognito-local's start script.
 */
const { Targets } = require('cognito-local/lib/targets/targets');
const { NotAuthorizedError } = require('cognito-local/lib/errors');

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

require('cognito-local/lib/bin/start.js');
