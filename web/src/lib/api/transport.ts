import type { z } from 'zod';
import { ApiErrorBody } from '@shared/schemas/error';
import { ApiError } from './api-error';

export { ApiError };

export interface HttpApiClientOptions {
  /** Same-origin prefix from the runtime config, e.g. '/api'. */
  baseUrl: string;
  /** The current ID token; null when signed out. */
  getIdToken: () => Promise<string | null>;
  fetchFn?: typeof fetch;
}

export interface RequestOptions {
  auth: boolean;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A bearer token to send instead of the user's ID token (e.g. the Apple Health ingest token). */
  bearer?: string;
  /** An absolute URL to call instead of baseUrl + path. */
  absoluteUrl?: string;
  /** Sent as `Idempotency-Key`: a retry with the same key gets the first answer (creating routes only). */
  idempotencyKey?: string;
}

/** How every area's HTTP API talks to the server: JSON in, schema-checked JSON out, errors as ApiError. */
export interface ApiTransport {
  /** Sends a request and returns the raw response (for routes that answer without a body). */
  send(path: string, options: RequestOptions): Promise<Response>;
  /** Sends a request and parses the answer with `schema`. */
  request<S extends z.ZodType>(path: string, schema: S, options: RequestOptions): Promise<z.infer<S>>;
}

export function createHttpTransport({
  baseUrl,
  getIdToken,
  fetchFn = (...args) => fetch(...args),
}: HttpApiClientOptions): ApiTransport {
  const prefix = baseUrl.replace(/\/+$/, '');
  async function send(
    path: string,
    { auth, method, body, bearer, absoluteUrl, idempotencyKey }: RequestOptions,
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (bearer) {
      headers.authorization = `Bearer ${bearer}`;
    } else if (auth) {
      const token = await getIdToken().catch(() => null);
      if (!token) throw new ApiError(401, 'unauthorized', 'Your session has ended. Please sign in again.');
      headers.authorization = `Bearer ${token}`;
    }
    const init: RequestInit = { headers };
    if (method && method !== 'GET') init.method = method;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }

    let response: Response;
    try {
      response = await fetchFn(absoluteUrl ?? prefix + path, init);
    } catch {
      throw new ApiError(0, 'network_error', 'Could not reach TrailBuddy. Check your connection and try again.');
    }
    if (!response.ok) {
      const envelope = ApiErrorBody.safeParse(await response.json().catch(() => undefined));
      if (envelope.success) {
        const { code, message, fields } = envelope.data.error;
        throw new ApiError(response.status, code, message, fields);
      }
      throw new ApiError(response.status, 'http_error', `The server answered with an error (HTTP ${response.status}).`);
    }
    return response;
  }

  async function request<S extends z.ZodType>(path: string, schema: S, options: RequestOptions): Promise<z.infer<S>> {
    const response = await send(path, options);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ApiError(response.status, 'bad_response', 'The server sent a response TrailBuddy could not read.');
    }
    return parsed.data;
  }

  return { send, request };
}
