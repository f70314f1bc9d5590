import { screen, waitFor, within } from '@testing-library/react';
import { PLACES_BY_REGION } from '@shared/places';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import FindPartnersPage from '@/features/partners/routes/find-partners-page';
import { ApiError } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../test-utils';
import { noConnections, partnerCard, searchResponse } from './fixtures';

const routes = [
  { path: '/find-partners', element: <FindPartnersPage /> },
  { path: '/find-partners/:userId', element: <h1>Profile stand-in</h1> },
  { path: '/profile', element: <h1>Own profile stand-in</h1> },
  { path: '/profile/billing', element: <h1>Billing stand-in</h1> },
];

function renderPage(overrides: Parameters<typeof createFakeApiClient>[0] = {}) {
  const apiClient = createFakeApiClient({
    searchPartners: vi.fn(async () => searchResponse([partnerCard()])),
    partnerConnections: vi.fn(async () => noConnections),
    ...overrides,
  });
  renderRoutes(routes, { path: '/find-partners', service: createFakeAuthService(SIGNED_IN_USER), apiClient });
  return apiClient;
}

const card = (name: string) => screen.getByRole('article', { name });

describe('FindPartnersPage', () => {
  it('shows partner cards with the compatibility percent, its colour band, coarse facts and reasons', async () => {
    renderPage({
      searchPartners: vi.fn(async () =>
        searchResponse([
          partnerCard(),
          partnerCard({ userId: 'b', displayName: 'Blue Band', compatibility: 85 }),
          partnerCard({ userId: 'c', displayName: 'Yellow Band', compatibility: 70 }),
          partnerCard({
            userId: 'd',
            displayName: 'Red Band',
            compatibility: 69,
            level: null,
            homeArea: null,
            bio: null,
          }),
        ]),
      ),
    });
    const sarah = await screen.findByRole('article', { name: 'Sarah Johnson' });
    expect(within(sarah).getByText('92% match')).toHaveClass('bg-green-100');
    expect(within(card('Blue Band')).getByText('85% match')).toHaveClass('bg-blue-100');
    expect(within(card('Yellow Band')).getByText('70% match')).toHaveClass('bg-yellow-100');
    expect(within(card('Red Band')).getByText('69% match')).toHaveClass('bg-red-100');
    expect(within(sarah).getByText('North Vancouver')).toBeInTheDocument();
    expect(within(sarah).getByText('Intermediate')).toBeInTheDocument();
    expect(within(sarah).getByText('Running, Hiking')).toBeInTheDocument();
    expect(
      within(within(sarah).getByRole('list', { name: 'Why you match' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['both run mornings', 'same level: Intermediate']);
    expect(within(card('Red Band')).queryByText('Area')).not.toBeInTheDocument();
    expect(within(sarah).getByRole('link', { name: 'View Profile of Sarah Johnson' })).toHaveAttribute(
      'href',
      '/find-partners/member-sarah',
    );
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How matching works' })).toBeInTheDocument();
  });

  it('sends a request on Connect with the spec toast, and the card then says the request is sent', async () => {
    const connectPartner = vi.fn(async () => ({
      userId: 'member-sarah',
      connection: 'outgoing' as const,
      blocked: false,
    }));
    renderPage({ connectPartner });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Connect with Sarah Johnson' }));
    expect(
      await screen.findByText("Connection request sent to Sarah Johnson! They'll be notified."),
    ).toBeInTheDocument();
    expect(connectPartner).toHaveBeenCalledWith('member-sarah');
    expect(within(card('Sarah Johnson')).getByRole('button', { name: 'Request sent' })).toBeDisabled();
  });

  it("shows the server's reason when Connect is refused", async () => {
    renderPage({
      connectPartner: vi.fn(async () =>
        Promise.reject(
          new ApiError(
            400,
            'profile_incomplete',
            'Add a display name to your profile first, so they know who is asking.',
          ),
        ),
      ),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Connect with Sarah Johnson' }));
    expect(
      await screen.findByText('Add a display name to your profile first, so they know who is asking.'),
    ).toBeInTheDocument();
  });

  it('searches again with the filters chosen', async () => {
    const searchPartners = vi.fn(async () => searchResponse([partnerCard()]));
    renderPage({ searchPartners });
    await screen.findByRole('article', { name: 'Sarah Johnson' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Activity'), 'hiking');
    await user.selectOptions(screen.getByLabelText('Location'), 'burnaby');
    await user.selectOptions(screen.getByLabelText('Level'), 'advanced');
    await user.selectOptions(screen.getByLabelText('Availability'), 'weekends');
    await waitFor(() =>
      expect(searchPartners).toHaveBeenLastCalledWith({
        activity: 'hiking',
        location: 'burnaby',
        level: 'advanced',
        availability: 'weekends',
        limit: 9,
      }),
    );
    expect(
      within(screen.getByLabelText('Location'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['all', ...PLACES_BY_REGION.flatMap((group) => group.places.map((place) => place.id))]);
    expect(within(screen.getByLabelText('Location')).getByRole('group', { name: 'Sea-to-Sky' })).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Availability'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['all', 'weekdays', 'weekends', 'mornings', 'evenings']);
  });

  it('loads the next page with Load More Partners and hides the button at the end', async () => {
    const searchPartners = vi
      .fn()
      .mockResolvedValueOnce(searchResponse([partnerCard()], { nextCursor: 'next-page' }))
      .mockResolvedValueOnce(searchResponse([partnerCard({ userId: 'm2', displayName: 'Mike Chen' })]));
    renderPage({ searchPartners });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Load More Partners' }));
    expect(await screen.findByRole('article', { name: 'Mike Chen' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Sarah Johnson' })).toBeInTheDocument();
    expect(searchPartners).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: 'next-page' }));
    expect(screen.queryByRole('button', { name: 'Load More Partners' })).not.toBeInTheDocument();
  });

  it('drops a page of the old search when the filters change while it loads', async () => {
    let answerOldPage!: (page: ReturnType<typeof searchResponse>) => void;
    const searchPartners = vi
      .fn()
      .mockResolvedValueOnce(searchResponse([partnerCard()], { nextCursor: 'next-page' }))
      .mockImplementationOnce(() => new Promise((resolve) => (answerOldPage = resolve)))
      .mockResolvedValueOnce(searchResponse([partnerCard({ userId: 'p3', displayName: 'Priya Patel' })]));
    renderPage({ searchPartners });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load More Partners' }));
    await user.selectOptions(screen.getByLabelText('Activity'), 'hiking');
    expect(await screen.findByRole('article', { name: 'Priya Patel' })).toBeInTheDocument();

    answerOldPage(searchResponse([partnerCard({ userId: 'm2', displayName: 'Mike Chen' })]));
    await waitFor(() => expect(searchPartners).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('article', { name: 'Mike Chen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Sarah Johnson' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Priya Patel' })).toBeInTheDocument();
  });

  it('prompts to complete the profile and opt in when there is nothing to show', async () => {
    renderPage({
      searchPartners: vi.fn(async () => searchResponse([], { me: { profileComplete: false, discoverable: false } })),
    });
    expect(await screen.findByText('No partners match these filters yet.')).toBeInTheDocument();
    expect(screen.getByText('Complete your partner profile for better matches.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/profile');
  });

  it('lists incoming requests with Accept and Decline', async () => {
    const partnerConnections = vi
      .fn()
      .mockResolvedValueOnce({
        ...noConnections,
        incoming: [{ userId: 'p1', displayName: 'Priya Nair', since: '2026-03-01T00:00:00.000Z' }],
      })
      .mockResolvedValue(noConnections);
    const acceptPartner = vi.fn(async () => ({ userId: 'p1', connection: 'partners' as const, blocked: false }));
    renderPage({ partnerConnections, acceptPartner });
    const requests = (await screen.findByRole('heading', { name: 'Partner requests' })).closest('section')!;
    expect(within(requests).getByRole('button', { name: 'Decline Priya Nair' })).toBeInTheDocument();
    await userEvent.setup().click(within(requests).getByRole('button', { name: 'Accept Priya Nair' }));
    expect(acceptPartner).toHaveBeenCalledWith('p1');
    expect(await screen.findByText('You and Priya Nair are now partners.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Partner requests' })).not.toBeInTheDocument());
  });

  it('shows an error with a retry when the search fails', async () => {
    const searchPartners = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'down'))
      .mockResolvedValueOnce(searchResponse([partnerCard()]));
    renderPage({ searchPartners });
    expect(await screen.findByRole('alert')).toHaveTextContent('TrailBuddy is having trouble right now.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Sarah Johnson' })).toBeInTheDocument();
  });
});

describe('FindPartnersPage: reporting from the list', () => {
  it('has a Report button on each partner card that files a report about that person', async () => {
    const report = vi.fn(async () => ({
      reportId: 'r1',
      status: 'received' as const,
      nextSteps: 'A moderator will review your report.',
    }));
    renderPage({
      searchPartners: vi.fn(async () =>
        searchResponse([partnerCard(), partnerCard({ userId: 'user-b', displayName: 'Blue Band' })]),
      ),
      report,
    });
    const user = userEvent.setup();
    const blue = await screen.findByRole('article', { name: 'Blue Band' });
    await user.click(within(blue).getByRole('button', { name: 'Report Blue Band' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this person' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'impersonation');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(report).toHaveBeenCalledWith({ kind: 'person', userId: 'user-b', reason: 'impersonation' });
    expect(await screen.findByRole('dialog', { name: 'Report sent' })).toHaveTextContent(
      'A moderator will review your report.',
    );
    expect(within(card('Sarah Johnson')).getByRole('button', { name: 'Report Sarah Johnson' })).toBeInTheDocument();
  });
});

const planOf = (plan: 'free' | 'premium') =>
  vi.fn(async () => ({
    plan,
    premiumUntil: plan === 'premium' ? '2026-12-29T00:00:00.000Z' : null,
    cancelAtPeriodEnd: false,
    pastDue: null,
    canManageBilling: plan === 'premium',
  }));

describe('FindPartnersPage: Premium filters', () => {
  it('shows a free member the Premium filters marked Premium, leading to the billing page without searching on them', async () => {
    const searchPartners = vi.fn(async () => searchResponse([partnerCard()]));
    renderPage({ searchPartners, billing: planOf('free') });
    await screen.findByRole('article', { name: 'Sarah Johnson' });
    const filters = screen.getByRole('form', { name: 'Partner filters' });
    const pace = within(filters).getByRole('link', { name: 'Pace (Premium)' });
    const weekend = within(filters).getByRole('link', { name: 'Free this weekend (Premium)' });
    expect(pace).toHaveAttribute('href', '/profile/billing');
    expect(weekend).toHaveAttribute('href', '/profile/billing');
    expect(within(filters).queryByRole('checkbox')).toBeNull();

    await userEvent.setup().click(weekend);
    expect(await screen.findByRole('heading', { name: 'Billing stand-in' })).toBeInTheDocument();
    for (const [params] of searchPartners.mock.calls as unknown as [Record<string, unknown>][]) {
      expect(params).not.toHaveProperty('pace', expect.anything());
      expect(params).not.toHaveProperty('weekend', expect.anything());
    }
  });

  it("applies a Premium member's pace and weekend filters, and drops the pace for an activity without one", async () => {
    const searchPartners = vi.fn(async () => searchResponse([partnerCard()]));
    renderPage({ searchPartners, billing: planOf('premium') });
    await screen.findByRole('article', { name: 'Sarah Johnson' });
    const user = userEvent.setup();
    const pace = await screen.findByRole('combobox', { name: 'Pace Premium' });
    expect(pace).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Activity'), 'running');
    await user.selectOptions(pace, 'fast');
    await user.click(screen.getByRole('checkbox', { name: 'Free this weekend Premium' }));
    await waitFor(() =>
      expect(searchPartners).toHaveBeenLastCalledWith(
        expect.objectContaining({ activity: 'running', pace: 'fast', weekend: 'true' }),
      ),
    );

    await user.selectOptions(screen.getByLabelText('Activity'), 'climbing');
    await waitFor(() =>
      expect(searchPartners).toHaveBeenLastCalledWith(
        expect.objectContaining({ activity: 'climbing', pace: undefined, weekend: 'true' }),
      ),
    );
    expect(pace).toBeDisabled();
  });
});
