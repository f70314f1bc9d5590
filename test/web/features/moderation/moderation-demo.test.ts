import { describe, expect, it } from 'vitest';
import { ModerationQueue, REPORT_NEXT_STEPS, REPORTS_PER_HOUR, ReportReceipt } from '@shared/schemas/reports';
import { ApiError } from '@/lib/api-client';
import { createDemoApiClient } from '@/app/demo-api-client';
import { seedDemoGroupActivities } from '@/features/group-activities/demo/group-activities-demo';
import { memoryStorage } from '../../../contract/demo-client';

describe('reports in demo mode', () => {
  it('accepts a report and says what happens next, like the server', async () => {
    const client = createDemoApiClient({ now: () => new Date('2026-03-10T18:00:00.000Z'), storage: memoryStorage() });
    const receipt = ReportReceipt.parse(
      await client.report({ kind: 'person', userId: 'demo-partner-mike', reason: 'spam' }),
    );
    expect(receipt.nextSteps).toBe(REPORT_NEXT_STEPS);
  });

  it('refuses an invalid report with 400', async () => {
    const client = createDemoApiClient({ storage: memoryStorage() });
    const bad = { kind: 'person', userId: 'demo-partner-mike', reason: 'spam', note: 'x'.repeat(501) } as const;
    await expect(client.report(bad)).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it(`answers 429 after ${REPORTS_PER_HOUR} reports in an hour, and accepts again an hour later`, async () => {
    let at = new Date('2026-03-10T18:00:00.000Z');
    const client = createDemoApiClient({ now: () => at, storage: memoryStorage() });
    for (let i = 0; i < REPORTS_PER_HOUR; i += 1)
      await client.report({ kind: 'group_activity', activityId: `a${i}`, reason: 'spam' });
    const refused = await client
      .report({ kind: 'group_activity', activityId: 'one-more', reason: 'spam' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    at = new Date('2026-03-10T19:00:01.000Z');
    await expect(
      client.report({ kind: 'group_activity', activityId: 'one-more', reason: 'spam' }),
    ).resolves.toMatchObject({ status: 'received' });
  });

  it('has an empty moderation queue', async () => {
    expect(ModerationQueue.parse(await createDemoApiClient({ storage: memoryStorage() }).moderationReports())).toEqual({
      reports: [],
    });
  });
});

describe('removing a participant in demo mode', () => {
  it('lets only the organizer remove someone, who then leaves the list, as on the server', async () => {
    const store = memoryStorage();
    const client = createDemoApiClient({ now: () => new Date('2026-03-10T18:00:00.000Z'), storage: store });
    const [first] = (await client.nearbyGroupActivities()).activities;
    const seeded = await client.groupActivity(first!.id);
    expect(seeded.participants.every((p) => p.userId === undefined)).toBe(true); // not the organizer: no ids
    await expect(client.removeParticipant(first!.id, 'demo-anyone')).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
    });

    // Make the demo user this activity's organizer (the sample data has none of theirs with other people).
    const state = seedDemoGroupActivities(new Date('2026-03-10T18:00:00.000Z'));
    state.activities.find((a) => a.id === first!.id)!.participants[0]!.isMe = true;
    store.setItem('trailbuddy.demo.plan.v2', JSON.stringify(state));

    const asOrganizer = await client.groupActivity(first!.id);
    const someone = asOrganizer.participants.find((p) => !p.isOrganizer)!;
    expect(someone.userId).toMatch(/^demo-/);
    const after = await client.removeParticipant(first!.id, someone.userId!);
    expect(after.participants.map((p) => p.displayName)).not.toContain(someone.displayName);
    expect(after.participantCount).toBe(asOrganizer.participantCount - 1);
    await expect(client.removeParticipant(first!.id, someone.userId!)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    await expect(client.removeParticipant(first!.id, asOrganizer.participants[0]!.userId!)).rejects.toMatchObject({
      status: 409,
    });
  });
});
