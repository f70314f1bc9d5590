import { RuntimeConfig } from '@shared/schemas/runtime-config';

/** Thrown when `/config.json` is missing or malformed; the boot screen shows its message. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

/**
 * Loads `/config.json`, written beside the SPA by the deployment (or the local host).
 * It is fetched at boot rather than baked into the bundle so one build serves every environment.
 */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchFn('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch {
    throw new RuntimeConfigError(
      'The app configuration could not be downloaded. Check your connection and reload the page.',
    );
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`The app configuration could not be loaded (HTTP ${response.status}).`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError('The app configuration is not valid JSON.');
  }
  const parsed = RuntimeConfig.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new RuntimeConfigError(`The app configuration is incomplete or invalid (${fields}).`);
  }
  return parsed.data;
}
