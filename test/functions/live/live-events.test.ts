import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { liveConnectionsOf, saveLiveConnection } from '../../../functions/repositories/live-connections';
import { publishLiveEvent, type LiveSender } from '../../../functions/usecases/live-events';

const now = new Date('2026-11-29T05:00:00Z');

function recordingSender(gone: ReadonlySet<string> = new Set()): LiveSender & { frames: [string, string][] } {
  const frames: [string, string][] = [];
  const send = (async (connectionId: string, data: string) => {
    if (gone.has(connectionId)) return 'gone';
    frames.push([connectionId, data]);
    return 'sent';
  }) as LiveSender & { frames: [string, string][] };
  send.frames = frames;
  return send;
}

describe('publishLiveEvent', () => {
  it("sends the event to every open channel of each user named, and to no one else's", async () => {
    const [ana, ben, cam] = [randomUUID(), randomUUID(), randomUUID()];
    await saveLiveConnection(ana, `${ana}-tab1`, now);
    await saveLiveConnection(ana, `${ana}-tab2`, now);
    await saveLiveConnection(ben, `${ben}-tab1`, now);
    await saveLiveConnection(cam, `${cam}-tab1`, now);
    const send = recordingSender();

    await publishLiveEvent([ana, ben], { type: 'message', keys: [cam] }, now, send);

    const data = JSON.stringify({ type: 'message', keys: [cam] });
    // Sent concurrently, so compared in one order (the ids are random, so listing order is not theirs).
    expect(send.frames.sort()).toEqual(
      [
        [`${ana}-tab1`, data],
        [`${ana}-tab2`, data],
        [`${ben}-tab1`, data],
      ].sort(),
    );
  });

  it('forgets a channel the gateway answers 410 Gone for, and keeps the others', async () => {
    const ana = randomUUID();
    await saveLiveConnection(ana, `${ana}-open`, now);
    await saveLiveConnection(ana, `${ana}-closed`, now);

    await publishLiveEvent([ana], { type: 'notification', keys: [] }, now, recordingSender(new Set([`${ana}-closed`])));

    expect(await liveConnectionsOf(ana, now)).toEqual([`${ana}-open`]);
  });

  it('never throws when a push fails: the write it follows has already succeeded', async () => {
    const ana = randomUUID();
    await saveLiveConnection(ana, `${ana}-tab`, now);
    const failing: LiveSender = () => Promise.reject(new Error('socket hang up'));

    await expect(publishLiveEvent([ana], { type: 'import-job', keys: ['job-1'] }, now, failing)).resolves.toBe(
      undefined,
    );
    expect(await liveConnectionsOf(ana, now)).toEqual([`${ana}-tab`]);
  });

  it('leaves out a channel whose item has outlived the gateway’s 2-hour limit but not yet been removed by TTL', async () => {
    const ana = randomUUID();
    await saveLiveConnection(ana, `${ana}-old`, new Date(now.getTime() - 3 * 3600_000));
    await saveLiveConnection(ana, `${ana}-new`, now);
    expect(await liveConnectionsOf(ana, now)).toEqual([`${ana}-new`]);
  });
});
