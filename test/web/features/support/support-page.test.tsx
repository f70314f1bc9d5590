import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BillingResponse } from '@shared/schemas/billing';
import { createSupportDemoApi } from '@/features/support/demo/support-demo';
import { SupportScreen } from '@/features/support/routes/support-page';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../test-utils';

const plan = (name: BillingResponse['plan']): BillingResponse => ({
  plan: name,
  premiumUntil: name === 'premium' ? '2026-12-29T12:00:00.000Z' : null,
  cancelAtPeriodEnd: false,
  pastDue: null,
  canManageBilling: name === 'premium',
});

function renderSupport(overrides: Partial<ApiClient>) {
  const apiClient = createFakeApiClient({ billing: vi.fn(async () => plan('free')), ...overrides });
  renderRoutes([{ path: '/support', element: <SupportScreen /> }], {
    path: '/support',
    service: createFakeAuthService(SIGNED_IN_USER),
    apiClient,
  });
  return apiClient;
}

const subject = () => screen.getByRole('textbox', { name: 'Subject' });
const message = () => screen.getByRole('textbox', { name: 'Message' });
const send = () => screen.getByRole('button', { name: 'Send to support' });

describe('Contact support', () => {
  it('checks the fields with the shared schema and sends nothing while they are empty', async () => {
    const requestSupport = vi.fn<ApiClient['requestSupport']>();
    renderSupport({ requestSupport });
    await userEvent.type(subject(), 'Help');
    await userEvent.type(message(), '  ');
    await userEvent.click(send());
    expect(await screen.findByText('Tell us what you need.')).toBeInTheDocument();
    expect(message()).toHaveAttribute('aria-invalid', 'true');
    expect(requestSupport).not.toHaveBeenCalled();
  });

  it('sends the trimmed request with an Idempotency-Key, then says it was received and clears the form', async () => {
    const requestSupport = vi.fn<ApiClient['requestSupport']>(async () => ({ received: true, priority: false }));
    renderSupport({ requestSupport });
    await userEvent.type(subject(), '  Sync stuck ');
    await userEvent.type(message(), 'My rides stopped syncing.');
    await userEvent.click(send());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thanks, we have your request. We will answer by email.',
    );
    expect(requestSupport).toHaveBeenCalledWith(
      { subject: 'Sync stuck', message: 'My rides stopped syncing.' },
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
    expect(subject()).toHaveValue('');
    expect(screen.queryByText(/Priority support/)).toBeNull();
  });

  it('tells a Premium member their requests come first', async () => {
    const requestSupport = vi.fn<ApiClient['requestSupport']>(async () => ({ received: true, priority: true }));
    renderSupport({ billing: vi.fn(async () => plan('premium')), requestSupport });
    expect(await screen.findByText('Priority support: we answer Premium requests first.')).toBeInTheDocument();
    await userEvent.type(subject(), 'Help');
    await userEvent.type(message(), 'Please.');
    await userEvent.click(send());
    expect(await screen.findByRole('status')).toHaveTextContent('As a Premium member, you are answered first.');
  });

  it('says why a request failed, keeps what was written, and retries under the same key', async () => {
    const requestSupport = vi
      .fn<ApiClient['requestSupport']>()
      .mockRejectedValueOnce(new ApiError(429, 'too_many_requests', 'You can send up to 5 support requests an hour.'))
      .mockResolvedValue({ received: true, priority: false });
    renderSupport({ requestSupport });
    await userEvent.type(subject(), 'Again');
    await userEvent.type(message(), 'Hello');
    await userEvent.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(/support requests an hour/);
    expect(subject()).toHaveValue('Again');
    await userEvent.click(send());
    await waitFor(() => expect(requestSupport).toHaveBeenCalledTimes(2));
    expect(requestSupport.mock.calls[1]![1]).toBe(requestSupport.mock.calls[0]![1]);
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks, we have your request.');
  });
});

describe('Contact support in demo mode', () => {
  it("answers without a server, with priority as the demo member's plan gives it", async () => {
    const wait = vi.fn(async () => {});
    const request = { subject: 'Hi', message: 'Hello' };
    expect(await createSupportDemoApi({ wait }, async () => false).requestSupport(request)).toEqual({
      received: true,
      priority: false,
    });
    expect(await createSupportDemoApi({ wait }, async () => true).requestSupport(request)).toEqual({
      received: true,
      priority: true,
    });
    expect(wait).toHaveBeenCalled();
  });
});
