import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConnectionSummary, LastIngest } from '@shared/schemas/connections';
import { HealthConnections } from '@/features/connections/components/health-connections';
import { formatReceivedAt } from '@/features/connections/utils/last-ingest';
import {
  createFakeApiClient,
  createFakeAuthService,
  SIGNED_IN_USER,
  stravaConnection,
  TestProviders,
} from '../../../test-utils';

const appleConnection = (lastIngest: LastIngest | null): ConnectionSummary =>
  stravaConnection({
    provider: 'apple_health',
    athleteFirstName: null,
    athleteLastName: null,
    providerUserIdPrefix: 'A1F3C9E2',
    lastSyncAt: lastIngest?.receivedAt ?? null,
    lastIngest,
  });

const ingest = (overrides: Partial<LastIngest> = {}): LastIngest => ({
  receivedAt: '2026-11-28T14:02:00.000Z',
  refused: null,
  accepted: { workouts: 3, stepDays: 7 },
  skipped: { duplicates: 1, notKept: 0 },
  problemCount: 0,
  problems: [],
  ...overrides,
});

async function appleCard(lastIngest: LastIngest | null) {
  const apiClient = createFakeApiClient({ connections: async () => ({ connections: [appleConnection(lastIngest)] }) });
  render(
    <TestProviders service={createFakeAuthService(SIGNED_IN_USER)} apiClient={apiClient}>
      <HealthConnections platform="ios" />
    </TestProviders>,
  );
  const card = await screen.findByRole('article', { name: 'Apple Health' });
  await within(card).findByRole('button', { name: 'Disconnect Apple Health' });
  return card;
}

describe('the Apple Health card shows the last ingest', () => {
  it('says when the data arrived and what was kept and skipped', async () => {
    const card = await appleCard(ingest());
    const line = within(card).getByTestId('apple-last-ingest');
    expect(line).toHaveTextContent(
      `Last data received ${formatReceivedAt('2026-11-28T14:02:00.000Z')}: 3 new workouts, 7 new days of steps; 1 skipped (already received)`,
    );
    expect(within(line).getByText(formatReceivedAt('2026-11-28T14:02:00.000Z'))).toHaveAttribute(
      'datetime',
      '2026-11-28T14:02:00.000Z',
    );
    expect(within(card).queryByText(/problem/)).not.toBeInTheDocument();
  });

  it('lists the problems in plain words behind an expandable summary', async () => {
    const long = `start '${'9'.repeat(150)}' is not a real date and time`;
    const card = await appleCard(
      ingest({
        problemCount: 12,
        problems: [
          {
            list: 'workouts',
            index: 1,
            kind: 'incomplete',
            field: 'totalEnergyBurned',
            message: 'totalEnergyBurned is not a number',
          },
          { list: 'workouts', index: 3, kind: 'refused', field: 'start', message: long },
        ],
      }),
    );
    const summary = within(card).getByText('12 problems');
    expect(
      within(card).getByText('Workout 2 kept without energy: totalEnergyBurned is not a number'),
    ).not.toBeVisible();
    await userEvent.setup().click(summary);
    expect(within(card).getByText('Workout 2 kept without energy: totalEnergyBurned is not a number')).toBeVisible();
    expect(within(card).getByText(`Workout 4 not stored: ${long}`)).toBeVisible();
    expect(within(card).getByText('and 10 more')).toBeVisible();
  });

  it('invites a first Shortcut run before any data arrived', async () => {
    const card = await appleCard(null);
    expect(within(card).getByTestId('apple-last-ingest')).toHaveTextContent(
      'No data received yet — run the Shortcut once',
    );
  });

  it('says when the whole export was refused', async () => {
    const card = await appleCard(
      ingest({
        refused: 'health_data must be an object',
        accepted: { workouts: 0, stepDays: 0 },
        skipped: { duplicates: 0, notKept: 0 },
      }),
    );
    expect(within(card).getByTestId('apple-last-ingest')).toHaveTextContent(
      'nothing stored, the data could not be read',
    );
    expect(within(card).getByText('health_data must be an object')).toBeInTheDocument();
  });
});
