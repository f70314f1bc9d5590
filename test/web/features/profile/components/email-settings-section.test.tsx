import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_EMAIL_PREFERENCES, EMAIL_CATEGORY_LABELS } from '@shared/schemas/email';
import { EmailSettingsSection } from '@/features/profile/components/email-settings-section';
import { ApiError } from '@/lib/api-client';
import { ApiClientProvider } from '@/lib/api-client-context';
import { createQueryClient } from '@/lib/query-client';
import { createFakeApiClient } from '../../../test-utils';

function renderSection(overrides: Parameters<typeof createFakeApiClient>[0]) {
  const apiClient = createFakeApiClient(overrides);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={apiClient}>
        <EmailSettingsSection />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return apiClient;
}

describe('EmailSettingsSection', () => {
  it('shows the five choices as the server has them and saves a change', async () => {
    const updateEmailPreferences = vi.fn(async () => ({ ...DEFAULT_EMAIL_PREFERENCES, messagesDigest: false }));
    renderSection({
      emailPreferences: vi.fn(async () => ({ ...DEFAULT_EMAIL_PREFERENCES, rideBookings: false })),
      updateEmailPreferences,
    });

    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes).toHaveLength(5);
    expect(screen.getByRole('group', { name: 'Emails to receive' })).toContainElement(boxes[0]!);
    expect(screen.getByRole('checkbox', { name: EMAIL_CATEGORY_LABELS.rideBookings })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: EMAIL_CATEGORY_LABELS.connectionRequests })).toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: EMAIL_CATEGORY_LABELS.messagesDigest }));
    await userEvent.click(screen.getByRole('button', { name: 'Save email settings' }));

    await waitFor(() =>
      expect(updateEmailPreferences).toHaveBeenCalledWith({
        ...DEFAULT_EMAIL_PREFERENCES,
        rideBookings: false,
        messagesDigest: false,
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Email settings saved.');
  });

  it('says when the settings could not be loaded, and retries', async () => {
    const emailPreferences = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(0, 'network_error', 'Could not reach TrailBuddy.'))
      .mockResolvedValueOnce(DEFAULT_EMAIL_PREFERENCES);
    renderSection({ emailPreferences });

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach TrailBuddy.');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByRole('checkbox')).toHaveLength(5);
  });

  it('says why a save failed, keeps the choices, and saves them on the next try', async () => {
    const updateEmailPreferences = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(0, 'network_error', 'Could not reach TrailBuddy.'))
      .mockImplementationOnce(async (choices: unknown) => choices);
    renderSection({ emailPreferences: vi.fn(async () => DEFAULT_EMAIL_PREFERENCES), updateEmailPreferences });

    await userEvent.click(await screen.findByRole('checkbox', { name: EMAIL_CATEGORY_LABELS.reminders }));
    await userEvent.click(screen.getByRole('button', { name: 'Save email settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach TrailBuddy.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: EMAIL_CATEGORY_LABELS.reminders })).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Save email settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Email settings saved.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(updateEmailPreferences).toHaveBeenLastCalledWith({ ...DEFAULT_EMAIL_PREFERENCES, reminders: false });
  });
});
