/** A function of an API area: every method of the API client returns a promise. */
type AsyncMethod = (...args: never[]) => Promise<unknown>;

/**
 * One area of the demo API whose code (its sample data, and the schemas it checks writes with) loads on the area's
 * first call, so a screen loads only the areas it asks for. `methods` names every method of the area (the type
 * checker insists), so the client has them all before the code arrives; a failed load is tried again on the next call.
 */
export function lazyDemoArea<Api extends { [K in keyof Api]: AsyncMethod }>(
  methods: Record<keyof Api, true>,
  load: () => Promise<Api>,
): Api {
  let loading: Promise<Api> | undefined;
  const area = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const lazy = {} as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of Object.keys(methods))
    lazy[name] = async (...args) => {
      const real = (await area()) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      return real[name]!(...args);
    };
  return lazy as unknown as Api;
}
