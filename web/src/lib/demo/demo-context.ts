/** What every area's demo API gets: a clock, the origin, tab storage and a wait, all injectable for tests. */
export interface DemoContext {
  now: () => Date;
  /** The app's origin, for authorize URLs that lead straight back to a callback screen. */
  origin: string;
  /** Tab storage (sessionStorage), where demo changes last as long as demo mode itself. */
  storage: Storage;
  /** Waits `ms`; injectable so tests need not wait for real. */
  wait: (ms: number) => Promise<void>;
}
