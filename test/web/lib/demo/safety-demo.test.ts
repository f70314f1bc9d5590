import { describe, expect, it } from 'vitest';
import { ModerationQueue, REPORT_NEXT_STEPS, REPORTS_PER_HOUR, ReportReceipt } from '@shared/schemas/reports';
import { ApiError } from '@/lib/api-client';
import { createDemoApiClient } from '@/lib/demo/demo-api-client';

function storage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('reports in demo mode', () => {
  it('accepts a report and says what happens next, like the server', async () => {
    const client = createDemoApiClient({ now: () => new Date('2026-03-10T18:00:00.000Z'), storage: storage() });
    const receipt = ReportReceipt.parse(await client.report({ kind: 'person', userId: 'demo-partner-mike', reason: 'spam' }));
    expect(receipt.nextSteps).toBe(REPORT_NEXT_STEPS);
  });

  it('refuses an invalid report with 400', async () => {
    const client = createDemoApiClient({ storage: storage() });
    const bad = { kind: 'person', userId: 'demo-partner-mike', reason: 'spam', note: 'x'.repeat(501) } as const;
    await expect(client.report(bad)).rejects.toMatchObject({ status: 400 });
  });

  it(`answers 429 after ${REPORTS_PER_HOUR} reports in an hour, and accepts again an hour later`, async () => {
    let at = new Date('2026-03-10T18:00:00.000Z');
    const client = createDemoApiClient({ now: () => at, storage: storage() });
    for (let i = 0; i < REPORTS_PER_HOUR; i += 1) await client.report({ kind: 'group_activity', activityId: `a${i}`, reason: 'spam' });
    const refused = await client.report({ kind: 'group_activity', activityId: 'one-more', reason: 'spam' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    at = new Date('2026-03-10T19:00:01.000Z');
    await expect(client.report({ kind: 'group_activity', activityId: 'one-more', reason: 'spam' })).resolves.toMatchObject({ status: 'received' });
  });

  it('has an empty moderation queue', async () => {
    expect(ModerationQueue.parse(await createDemoApiClient({ storage: storage() }).moderationReports())).toEqual({ reports: [] });
  });
});
