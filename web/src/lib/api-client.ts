import type { z } from 'zod';
import { ApiErrorBody } from '@shared/schemas/error';
import { HealthResponse } from '@shared/schemas/health';
import { MeResponse } from '@shared/schemas/me';

/**
 * Everything the screens ask of the back end. Two implementations: `createHttpApiClient` (the real
 * API, same origin) and the in-browser demo client; the app picks one through `ApiClientProvider`.
 */
export interface ApiClient {
  /** Public: whether each table answers (the login page's connection test). */
  health(): Promise<HealthResponse>;
  /** The signed-in user as the API knows them. */
  me(): Promise<MeResponse>;
}

/** A failed API call, from the `{ error: { code, message } }` envelope or from the transport. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface HttpApiClientOptions {
  /** Same-origin prefix from the runtime config, e.g. '/api'. */
  baseUrl: string;
  /** The current ID token; null when signed out. */
  getIdToken: () => Promise<string | null>;
  fetchFn?: typeof fetch;
}

export function createHttpApiClient({ baseUrl, getIdToken, fetchFn = (...args) => fetch(...args) }: HttpApiClientOptions): ApiClient {
  const prefix = baseUrl.replace(/\/+$/, '');

  async function request<S extends z.ZodType>(path: string, schema: S, { auth }: { auth: boolean }): Promise<z.infer<S>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth) {
      const token = await getIdToken().catch(() => null);
      if (!token) throw new ApiError(401, 'unauthorized', 'Your session has ended. Please sign in again.');
      headers.authorization = `Bearer ${token}`;
    }

    let response: Response;
    try {
      response = await fetchFn(prefix + path, { headers });
    } catch {
      throw new ApiError(0, 'network_error', 'Could not reach TrailBuddy. Check your connection and try again.');
    }

    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const envelope = ApiErrorBody.safeParse(body);
      if (envelope.success) {
        const { code, message, fields } = envelope.data.error;
        throw new ApiError(response.status, code, message, fields);
      }
      throw new ApiError(response.status, 'http_error', `The server answered with an error (HTTP ${response.status}).`);
    }

    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError(response.status, 'bad_response', 'The server sent a response TrailBuddy could not read.');
    }
    return parsed.data;
  }

  return {
    health: () => request('/health', HealthResponse, { auth: false }),
    me: () => request('/me', MeResponse, { auth: true }),
  };
}
