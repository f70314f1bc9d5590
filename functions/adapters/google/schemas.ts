import * as z from 'zod';

/** POST /token (authorization_code and refresh_token grants). Google sends a refresh token only with offline access. */
export const GoogleTokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
  id_token: z.string().optional(),
});
export type GoogleTokenResponse = z.infer<typeof GoogleTokenResponse>;

/** POST /tokeninfo: what an access token is for. */
export const GoogleTokenInfo = z.object({
  aud: z.string().optional(),
  azp: z.string().optional(),
  sub: z.string().optional(),
  scope: z.string().default(''),
  expires_in: z.union([z.string(), z.number()]).optional(),
});
export type GoogleTokenInfo = z.infer<typeof GoogleTokenInfo>;

/** `{ error, error_description }` from the OAuth endpoints. */
export const GoogleOAuthErrorBody = z.object({ error: z.string(), error_description: z.string().optional() });

/**
 * Google's JSON error format (google.rpc.Status over HTTP): `{ error: { code, message, status, details } }`, where an
 * ErrorInfo detail (`@type` …google.rpc.ErrorInfo) names the `reason`, e.g. SERVICE_DISABLED or RATE_LIMIT_EXCEEDED.
 */
export const GoogleApiErrorBody = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    details: z.array(z.looseObject({ reason: z.string().optional() })).optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});
export type GoogleApiErrorBody = z.infer<typeof GoogleApiErrorBody>;
