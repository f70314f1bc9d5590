/**
 * The API client's methods, each starting its work in a task of its own, as a server's answer arrives: a screen
 * asks for its resources together (one effect flush), and demo mode computes them in the browser, so unwrapped their
 * sample data was all computed inside that flush, in one long task that blocked input. Values that are not
 * methods (the client's traits) are kept as they are.
 */
export function answersInOwnTasks<Api extends object>(api: Api, nextTask: () => Promise<void>): Api {
  return Object.fromEntries(
    Object.entries(api).map(([name, value]) => [
      name,
      typeof value === 'function'
        ? async (...args: unknown[]) => {
            await nextTask();
            return (value as (...args: unknown[]) => unknown).apply(api, args);
          }
        : value,
    ]),
  ) as Api;
}
