import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StravaUsageResponse } from '@shared/schemas/connections';
import { ApiUsageIndicator, USAGE_REFRESH_MS, usageText } from '@/components/activities/api-usage-indicator';
import { SERVER_TRAITS, type ClientTraits } from '@/lib/api-client';
import type { AuthService } from '@/lib/auth';
import { DEMO_TRAITS } from '@/lib/demo/demo-traits';
import { createFakeApiClient, createFakeAuthService, SIGNED_IN_USER, TestProviders } from '../../test-utils';

const usage = (overrides: Partial<StravaUsageResponse> = {}): StravaUsageResponse => ({
  rateLimited: false,
  remainingFifteenMin: 72,
  remainingDaily: 940,
  minutesLeft: 9,
  message: '',
  ...overrides,
});

function renderIndicator(
  stravaUsage: () => Promise<StravaUsageResponse>,
  service: AuthService = createFakeAuthService(SIGNED_IN_USER),
  traits: ClientTraits = SERVER_TRAITS,
) {
  render(
    <TestProviders service={service} apiClient={createFakeApiClient({ stravaUsage, traits })}>
      <ApiUsageIndicator />
    </TestProviders>,
  );
}

describe('usageText', () => {
  it.each([
    [usage(), '72 API requests remaining (940 today) · 9 minutes left'],
    [usage({ remainingFifteenMin: 1, minutesLeft: 1 }), '1 API request remaining (940 today) · 1 minute left'],
    [
      usage({ rateLimited: true, minutesLeft: 12, message: 'Rate limited - try again in 12 minutes' }),
      'Rate limited - try again in 12 minutes',
    ],
    [usage({ rateLimited: true, minutesLeft: 4, message: '' }), 'Rate limited - try again in 4 minutes'],
  ])('%j -> %s', (input, expected) => {
    expect(usageText(input)).toBe(expected);
  });
});

describe('ApiUsageIndicator', () => {
  it('refreshes every 5 seconds and shows the latest reading', async () => {
    vi.useFakeTimers();
    const stravaUsage = vi
      .fn()
      .mockResolvedValueOnce(usage({ remainingFifteenMin: 72 }))
      .mockResolvedValueOnce(usage({ remainingFifteenMin: 71 }))
      .mockResolvedValue(
        usage({
          rateLimited: true,
          remainingFifteenMin: 0,
          minutesLeft: 12,
          message: 'Rate limited - try again in 12 minutes',
        }),
      );
    renderIndicator(stravaUsage);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(stravaUsage).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('api-usage')).toHaveTextContent('72 API requests remaining');

    await act(() => vi.advanceTimersByTimeAsync(USAGE_REFRESH_MS - 1));
    expect(stravaUsage).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(stravaUsage).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('api-usage')).toHaveTextContent('71 API requests remaining');

    await act(() => vi.advanceTimersByTimeAsync(USAGE_REFRESH_MS));
    expect(stravaUsage).toHaveBeenCalledTimes(3);
    expect(screen.getByTestId('api-usage')).toHaveTextContent('Rate limited - try again in 12 minutes');
    expect(USAGE_REFRESH_MS).toBe(5000);
  });

  it('keeps the last reading when a refresh fails', async () => {
    vi.useFakeTimers();
    const stravaUsage = vi.fn().mockResolvedValueOnce(usage()).mockRejectedValue(new Error('offline'));
    renderIndicator(stravaUsage);
    await act(() => vi.advanceTimersByTimeAsync(USAGE_REFRESH_MS));
    expect(stravaUsage).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('api-usage')).toHaveTextContent('72 API requests remaining');
  });

  it('reads once in demo mode, without polling', async () => {
    vi.useFakeTimers();
    window.sessionStorage.setItem('trailbuddy.demo', 'true');
    const stravaUsage = vi.fn(async () => usage());
    renderIndicator(stravaUsage, createFakeAuthService(null), DEMO_TRAITS);
    await act(() => vi.advanceTimersByTimeAsync(USAGE_REFRESH_MS * 3));
    expect(stravaUsage).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('api-usage')).toHaveTextContent('72 API requests remaining');
  });
});
