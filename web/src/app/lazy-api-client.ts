import type { ApiClient, HttpApiClientOptions } from '@/lib/api-client';
import { SERVER_TRAITS } from '@/lib/client-traits';

/**
 * The HTTP API client, loaded on its first call: the client and the zod schemas it checks answers with are a big
 * part of the app's JS, and the public pages never call the API. Every method of ApiClient returns a promise, so
 * each call simply waits for the real client. Not thenable (`then` is absent), so it can be passed around freely.
 */
export function createLazyHttpApiClient(
  options: Omit<HttpApiClientOptions, 'baseUrl'> & { baseUrl: () => Promise<string> },
): ApiClient {
  let loading: Promise<ApiClient> | undefined;
  const real = () =>
    (loading ??= Promise.all([import('./api-client'), options.baseUrl()]).then(
      ([module, baseUrl]) => module.createHttpApiClient({ ...options, baseUrl }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy({} as ApiClient, {
    get(_target, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      // The one property that is data, not a method: known without loading the client.
      if (name === 'traits') return SERVER_TRAITS;
      let method = methods.get(name);
      if (!method) {
        method = async (...args) => {
          const client = (await real()) as unknown as Record<string, unknown>;
          const fn = client[name];
          if (typeof fn !== 'function') throw new TypeError(`The API client has no method ${name}.`);
          return (fn as (...a: unknown[]) => Promise<unknown>).apply(client, args);
        };
        methods.set(name, method);
      }
      return method;
    },
  });
}
