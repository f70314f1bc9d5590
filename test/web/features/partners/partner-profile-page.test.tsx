import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import PartnerProfilePage from '@/features/partners/routes/partner-profile-page';
import { ApiError } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../test-utils';
import { partnerCard } from './fixtures';

const routes = [
  { path: '/find-partners/:userId', element: <PartnerProfilePage /> },
  { path: '/find-partners', element: <h1>Find Partners stand-in</h1> },
  { path: '/messages', element: <h1>Messages stand-in</h1> },
];

function renderPage(overrides: Parameters<typeof createFakeApiClient>[0] = {}) {
  const apiClient = createFakeApiClient({
    partnerProfile: vi.fn(async () => ({ partner: partnerCard({ notCompared: ['pace'] }) })),
    ...overrides,
  });
  renderRoutes(routes, {
    path: '/find-partners/member-sarah',
    service: createFakeAuthService(SIGNED_IN_USER),
    apiClient,
  });
  return apiClient;
}

describe('PartnerProfilePage', () => {
  it("shows the member's coarse facts, the match and what was not compared", async () => {
    const api = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sarah Johnson' })).toBeInTheDocument();
    expect(api.partnerProfile).toHaveBeenCalledWith('member-sarah');
    expect(screen.getByText('92% match')).toBeInTheDocument();
    expect(screen.getByText('Early trail runs on the North Shore.')).toBeInTheDocument();
    expect(screen.getByText('Not compared (no data yet): pace.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect with Sarah Johnson' })).toBeInTheDocument();
  });

  it('offers Message to an accepted partner', async () => {
    renderPage({ partnerProfile: vi.fn(async () => ({ partner: partnerCard({ connection: 'partners' }) })) });
    expect(await screen.findByRole('link', { name: 'Message' })).toHaveAttribute('href', '/messages?with=member-sarah');
  });

  it('blocks after confirmation and returns to Find Partners', async () => {
    const blockMember = vi.fn(async () => ({ userId: 'member-sarah', connection: 'none' as const, blocked: true }));
    renderPage({ blockMember });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const confirm = screen.getByRole('group', { name: 'Block Sarah Johnson?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, block' }));
    expect(blockMember).toHaveBeenCalledWith('member-sarah');
    expect(await screen.findByRole('heading', { name: 'Find Partners stand-in' })).toBeInTheDocument();
  });

  it('says the member is not available when the API answers 404', async () => {
    renderPage({
      partnerProfile: vi.fn(async () =>
        Promise.reject(new ApiError(404, 'not_found', 'This member is not available.')),
      ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This member is not available.');
    expect(screen.getByRole('link', { name: '← Back to Find Partners' })).toHaveAttribute('href', '/find-partners');
  });
});
