import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { HealthResponse } from '@shared/schemas/health';
import { MeResponse } from '@shared/schemas/me';
import { createDemoApiClient } from '@/lib/demo/demo-api-client';

describe('createDemoApiClient', () => {
  let fetchSpy: MockInstance<typeof fetch>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });

  it('answers me() with the demo user, valid against the shared schema, without a server call', async () => {
    const me = await createDemoApiClient().me();
    expect(MeResponse.parse(me)).toEqual({ id: 'demo-user', email: 'demo@trailbuddy.app', createdAt: expect.any(String) });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reports honestly that demo mode has no database', async () => {
    const now = new Date('2026-03-01T10:00:00.000Z');
    const report = HealthResponse.parse(await createDemoApiClient(() => now).health());
    expect(report.status).toBe('degraded');
    expect(report.checkedAt).toBe(now.toISOString());
    expect(report.tables.length).toBeGreaterThan(0);
    expect(report.tables.every((table) => !table.reachable)).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
