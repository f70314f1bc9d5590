/**
 * A call to the control plane every simulator on the kit serves under `/__simulator/` (infra/local/simulators/kit),
 * for tests that steer a running simulator from another process; the JSON answer (undefined for 204).
 */
export async function simulatorControl<T = unknown>(
  simulatorUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${simulatorUrl}/__simulator/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`simulator ${method} ${path}: ${res.status}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
