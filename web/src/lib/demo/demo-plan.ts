import type { DemoContext } from './demo-context';

/** Where demo Premium is kept for the tab (the billing demo writes it; the partners demo reads it for the quota). */
const STORAGE_KEY = 'trailbuddy.demo.billing';

type Storage = DemoContext['storage'];

export interface DemoPlan {
  plan: 'free' | 'premium';
  premiumUntil: string | null;
}

const FREE: DemoPlan = { plan: 'free', premiumUntil: null };

export function readDemoPlan(storage: Storage): DemoPlan {
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');
    if (!stored || typeof stored !== 'object') return FREE;
    const { plan, premiumUntil } = stored as Partial<DemoPlan>;
    return plan === 'premium' && typeof premiumUntil === 'string' ? { plan, premiumUntil } : FREE;
  } catch {
    return FREE;
  }
}

export function writeDemoPlan(storage: Storage, plan: DemoPlan): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(plan));
  } catch {
    // Storage can be disabled (private mode); the change then lasts until the page reloads.
  }
}

/** Whether the demo member is Premium at `now` (demo Premium lasts a month from its "checkout"). */
export function isDemoPremium(storage: Storage, now: Date): boolean {
  const { plan, premiumUntil } = readDemoPlan(storage);
  return plan === 'premium' && premiumUntil !== null && Date.parse(premiumUntil) > now.getTime();
}
