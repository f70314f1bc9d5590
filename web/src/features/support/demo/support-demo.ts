import type { SupportApi } from '../api/support-api';
import type { DemoContext } from '@/lib/demo/demo-context';

/** The demo's answer comes after a short pause, so the form's sending state shows as it would. */
export const DEMO_SUPPORT_DELAY_MS = 300;

/**
 * Contact support in demo mode: nothing is mailed; the request is taken as the server would take it, with priority
 * when the demo member is Premium (`isPremium`: the demo's own plan).
 */
export function createSupportDemoApi(
  { wait }: Pick<DemoContext, 'wait'>,
  isPremium: () => Promise<boolean>,
): SupportApi {
  return {
    async requestSupport() {
      await wait(DEMO_SUPPORT_DELAY_MS);
      return { received: true, priority: await isPremium() };
    },
  };
}
