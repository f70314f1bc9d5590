import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import UnsubscribePage from '@/features/trip-plans/routes/unsubscribe-page';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes } from '../../../test-utils';

const TOKEN = 'a'.repeat(43);

function renderPage(unsubscribe: ApiClient['unsubscribe']) {
  renderRoutes([{ path: '/unsubscribe', element: <UnsubscribePage /> }], {
    path: `/unsubscribe?token=${TOKEN}`,
    service: createFakeAuthService(null),
    apiClient: createFakeApiClient({ unsubscribe }),
  });
}

describe('UnsubscribePage', () => {
  it('changes nothing when opened (mail scanners open links), and unsubscribes on the button, signed out', async () => {
    const unsubscribe = vi.fn(async () => ({ unsubscribed: 'connectionRequests' as const }));
    renderPage(unsubscribe);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(unsubscribe).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(await screen.findByText('You will get no more “Partner requests” email.')).toBeInTheDocument();
    expect(unsubscribe).toHaveBeenCalledExactlyOnceWith(TOKEN);
    expect(screen.getByRole('link', { name: 'email settings' })).toHaveAttribute('href', '/profile');
  });

  it('says when the link is not valid any more', async () => {
    renderPage(vi.fn(async () => Promise.reject(new ApiError(404, 'not_found', 'Not valid.'))));
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid any more.');
  });
});
