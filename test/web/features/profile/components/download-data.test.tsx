import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DataExport } from '@shared/schemas/data-export';
import ProfilePage from '@/features/profile/routes/profile-page';
import { ApiError } from '@/lib/api-client';
import { captureDownloads } from '../../../capture-downloads';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';
import { profileResponse } from '../profile-fixtures';

vi.mock('@/features/connections/components/health-connections', () => ({ ProviderIntegrations: () => null }));

const exported = (): DataExport => ({
  format: 'trailbuddy-data-export/1',
  exportedAt: '2026-11-28T22:00:00.000Z',
  account: { userId: 'user-1', email: 'jordan@example.com' },
  profile: profileResponse(),
  tripPlans: [],
  groupActivities: [],
  conversations: [],
  stored: { UserProfile: [{ userId: 'user-1' }] },
});

function renderProfile(exportMyData: () => Promise<DataExport>) {
  const apiClient = createFakeApiClient({ profile: vi.fn(async () => profileResponse()), exportMyData });
  renderRoutes([{ path: '/profile', element: <ProfilePage /> }], {
    path: '/profile',
    service: createFakeAuthService(SIGNED_IN_USER),
    apiClient,
  });
}

describe('Download my data', () => {
  it('prepares the export, says so meanwhile, and saves it as a JSON file', async () => {
    const downloads = captureDownloads();
    let answer: (data: DataExport) => void = () => {};
    renderProfile(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(screen.getByRole('button', { name: 'Preparing your data...' })).toBeDisabled();
    answer(exported());
    expect(await screen.findByText('Your data was saved to your downloads.')).toBeInTheDocument();
    expect(downloads.map((d) => [d.fileName, d.type])).toEqual([
      ['trailbuddy-data-2026-11-28.json', 'application/json'],
    ]);
    expect(JSON.parse(await downloads[0]!.text())).toEqual(exported());
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('says plainly when the export fails, saves nothing, and lets the person try again', async () => {
    const downloads = captureDownloads();
    const exportMyData = vi
      .fn<() => Promise<DataExport>>()
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'The service is busy.'))
      .mockResolvedValueOnce(exported());
    renderProfile(exportMyData);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText(/^Your data could not be prepared: .* Try again in a moment\.$/),
    ).toBeInTheDocument();
    expect(downloads).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data was saved to your downloads.')).toBeInTheDocument();
    expect(downloads).toHaveLength(1);
  });
});
