import type { ZodType } from 'zod';
import { retryOn429 } from '../domain/rate-limit';

/**
 * What every provider adapter does around `fetch`: a timeout, and schema-checked JSON. Each adapter passes its own
 * error constructors, so callers still see StravaNetworkError / GoogleApiError etc. with the same messages.
 */
export async function fetchWithTimeout(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
  {
    timeoutMs,
    context,
    networkError,
  }: { timeoutMs: number; context: string; networkError: (message: string) => Error },
): Promise<Response> {
  try {
    return await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        ? `no answer within ${timeoutMs} ms`
        : 'network error';
    throw networkError(`${context}: ${reason}`);
  }
}

/** The response body parsed with `schema`; anything else becomes `apiError` naming the fields that did not fit. */
export async function parseJsonBody<T>(
  response: Response,
  schema: ZodType<T>,
  context: string,
  apiError: (message: string, status: number) => Error,
): Promise<T> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw apiError(`${context}: the response was not JSON`, response.status);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw apiError(
      `${context}: unexpected response (${parsed.error.issues.map((i) => i.path.join('.') || '(body)').join(', ')})`,
      response.status,
    );
  return parsed.data;
}

/** What the base client throws, in each provider's own error classes (callers keep matching StravaApiError etc.). */
export interface ProviderHttpErrors {
  network(message: string): Error;
  api(message: string, status: number): Error;
  /** The provider kept answering 429 after our retries. */
  rateLimited(retryAfterSeconds: number): Error;
  /** 401 from the provider's API: the access token expired or was revoked (earns one refresh and one retry). */
  unauthorized(): Error;
}

/** What every provider client takes besides its own endpoints (tests swap fetch, sleep and the clock). */
export interface ProviderHttpOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  clock?: () => Date;
  /** Spec §9: every provider call gives up after 10 s. */
  timeoutMs?: number;
  /** Longest 429 back-off worth waiting for. */
  maxRetryDelayMs?: number;
}

export const PROVIDER_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one HTTP client base under the provider adapters: the timeout, form posts, schema-checked JSON, and the API
 * call loop (401 typed for the refresh-and-retry, 429 retried per spec §8 honouring Retry-After, else exponential
 * back-off). A provider's client subclasses it with its endpoints and its OAuth error mapping.
 */
export abstract class ProviderHttpClient {
  protected readonly fetch: typeof fetch;
  protected readonly sleep: (ms: number) => Promise<void>;
  protected readonly clock: () => Date;
  protected readonly timeoutMs: number;
  protected readonly maxRetryDelayMs: number;

  constructor(
    options: ProviderHttpOptions,
    protected readonly errors: ProviderHttpErrors,
    /** Wait suggested to the user when the provider's 429 says nothing usable (its rate window). */
    private readonly rateLimitFallbackMs: number,
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? defaultSleep;
    this.clock = options.clock ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
  }

  protected send(context: string, url: string, init: RequestInit): Promise<Response> {
    return fetchWithTimeout(this.fetch, url, init, {
      timeoutMs: this.timeoutMs,
      context,
      networkError: (message) => this.errors.network(message),
    });
  }

  protected postForm(context: string, url: string, params: Record<string, string>): Promise<Response> {
    return this.send(context, url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    });
  }

  protected parseBody<T>(response: Response, schema: ZodType<T>, context: string): Promise<T> {
    return parseJsonBody(response, schema, context, (message, status) => this.errors.api(message, status));
  }

  /**
   * One API call: `attempt` sends it (and may count it with a limiter around the send), repeated on 429 while the
   * back-off is worth waiting for; a 401 becomes `errors.unauthorized()`; any other failure becomes `failure(response)`.
   */
  protected async callApi<T>(
    context: string,
    attempt: () => Promise<Response>,
    schema: ZodType<T>,
    failure: (response: Response) => Promise<Error>,
  ): Promise<T> {
    for (let retriesSoFar = 0; ; retriesSoFar++) {
      const response = await attempt();
      if (response.status === 429) {
        const decision = retryOn429({
          retriesSoFar,
          retryAfterHeader: response.headers.get('retry-after'),
          now: this.clock(),
          maxDelayMs: this.maxRetryDelayMs,
        });
        await response.body?.cancel();
        if (decision.action === 'retry') {
          await this.sleep(decision.delayMs);
          continue;
        }
        throw this.errors.rateLimited(Math.max(1, Math.ceil((decision.delayMs ?? this.rateLimitFallbackMs) / 1000)));
      }
      if (response.status === 401) {
        await response.body?.cancel();
        throw this.errors.unauthorized();
      }
      if (!response.ok) throw await failure(response);
      return this.parseBody(response, schema, context);
    }
  }
}
