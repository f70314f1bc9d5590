import { logger } from '../lib/logger';
import { sendPush, type PushOutcome, type PushTarget } from '../lib/push';
import { claimPendingPush, deletePushDevice, listPendingPushes, listPushDevices } from '../repositories/push';

export interface PushReport {
  pushed: number;
  gone: number;
  failed: number;
}

/** How many waiting notifications one run (every minute) takes. */
const PUSHES_PER_RUN = 200;

export interface PushRunOptions {
  send?: (target: PushTarget, payload: string) => Promise<PushOutcome>;
}

/**
 * Scheduled (the `push-outbox` job): pushes waiting notifications to each device of their person that wants the
 * kind. Each is claimed by deleting it first, so it is pushed at most once; a push service that answers 404 or 410
 * has dropped the subscription, and the device is forgotten. A failed push is not retried: the notification is
 * still in the app, and a late buzz is worse than none.
 */
export async function sendDuePushes(options: PushRunOptions = {}): Promise<PushReport> {
  const { send = sendPush } = options;
  const report: PushReport = { pushed: 0, gone: 0, failed: 0 };
  for (const due of await listPendingPushes(PUSHES_PER_RUN)) {
    const push = await claimPendingPush(due.userId, due.notificationId);
    if (!push) continue;
    const devices = (await listPushDevices(push.userId)).filter((device) => device.kinds[push.kind]);
    await Promise.all(
      devices.map(async (device) => {
        let outcome: PushOutcome;
        try {
          outcome = await send(device, JSON.stringify(push.payload));
        } catch (error) {
          logger.warn('push failed', { error: error instanceof Error ? error.message : String(error) });
          outcome = 'failed';
        }
        if (outcome === 'gone') await deletePushDevice(push.userId, device.deviceId);
        report[outcome === 'sent' ? 'pushed' : outcome] += 1;
      }),
    );
  }
  return report;
}
