import type { ZodType } from 'zod';

/**
 * What every provider adapter does around `fetch`: a timeout, and schema-checked JSON. Each adapter passes its own
 * error constructors, so callers still see StravaNetworkError / GoogleApiError etc. with the same messages.
 */
export async function fetchWithTimeout(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
  { timeoutMs, context, networkError }: { timeoutMs: number; context: string; networkError: (message: string) => Error },
): Promise<Response> {
  try {
    return await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? `no answer within ${timeoutMs} ms` : 'network error';
    throw networkError(`${context}: ${reason}`);
  }
}

/** The response body parsed with `schema`; anything else becomes `apiError` naming the fields that did not fit. */
export async function parseJsonBody<T>(response: Response, schema: ZodType<T>, context: string, apiError: (message: string, status: number) => Error): Promise<T> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw apiError(`${context}: the response was not JSON`, response.status);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw apiError(`${context}: unexpected response (${parsed.error.issues.map((i) => i.path.join('.') || '(body)').join(', ')})`, response.status);
  return parsed.data;
}
