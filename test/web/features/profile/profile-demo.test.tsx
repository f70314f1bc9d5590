import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ProfilePage from '@/features/profile/routes/profile-page';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { createDemoApiClient } from '@/app/demo-api-client';
import { DEMO_USER } from '@/lib/demo/demo-user';
import { createProfileDemoApi, DEMO_PROFILE_SETTINGS } from '@/features/profile/demo/profile-demo';
import { createFakeAuthService, renderRoutes } from '../../test-utils';

vi.mock('@/features/connections/components/health-connections', () => ({ ProviderIntegrations: () => null }));

const NOW = new Date('2026-03-01T12:00:00.000Z');
const context = () => ({
  now: () => NOW,
  origin: 'http://localhost',
  storage: window.sessionStorage,
  wait: async () => {},
});

describe('the profile in demo mode (in the browser, no server)', () => {
  it("answers with the demo user's filled-in profile", async () => {
    const profile = await createProfileDemoApi(context()).profile();
    expect(profile).toMatchObject({
      id: DEMO_USER.id,
      email: DEMO_USER.email,
      createdAt: DEMO_USER.createdAt,
      settings: DEMO_PROFILE_SETTINGS,
    });
    expect(profile.settings.displayName).toBe('Alex Rivera');
    expect(profile.level).not.toBeNull();
  });

  it('keeps saved settings for the tab, trimmed like the server does', async () => {
    const saved = await createProfileDemoApi(context()).updateProfile({
      ...DEMO_PROFILE_SETTINGS,
      displayName: '  Alex R.  ',
      homeArea: 'richmond',
    });
    expect(saved.settings).toMatchObject({ displayName: 'Alex R.', homeArea: 'richmond' });
    // A new client (e.g. after a reload) reads the same tab storage.
    expect((await createProfileDemoApi(context()).profile()).settings).toMatchObject({
      displayName: 'Alex R.',
      homeArea: 'richmond',
    });
  });

  it('checks a saved profile as it reads it: damaged or invalid storage gives the demo profile', async () => {
    for (const stored of ['not json', JSON.stringify({ ...DEMO_PROFILE_SETTINGS, homeArea: 'atlantis' })]) {
      window.sessionStorage.setItem('trailbuddy.demo.profile', stored);
      expect((await createProfileDemoApi(context()).profile()).settings).toEqual(DEMO_PROFILE_SETTINGS);
    }
    window.sessionStorage.setItem(
      'trailbuddy.demo.profile',
      JSON.stringify({ ...DEMO_PROFILE_SETTINGS, homeArea: 'burnaby' }),
    );
    expect((await createProfileDemoApi(context()).profile()).settings.homeArea).toBe('burnaby');
    window.sessionStorage.removeItem('trailbuddy.demo.profile');
  });

  it('refuses what the server refuses, with the same per-field messages', async () => {
    const attempt = createProfileDemoApi(context()).updateProfile({ ...DEMO_PROFILE_SETTINGS, homeArea: null });
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      fields: { discoverable: 'To be discoverable, set a display name, a home area and at least one activity.' },
    });
    expect((await createProfileDemoApi(context()).profile()).settings).toEqual(DEMO_PROFILE_SETTINGS);
  });

  it('deleting forgets everything demo mode kept in the tab, and nothing else', async () => {
    window.sessionStorage.setItem('trailbuddy.demo', 'true');
    window.sessionStorage.setItem('trailbuddy.demo.strava', '{"connected":false}');
    window.sessionStorage.setItem('unrelated', 'kept');
    const api = createProfileDemoApi(context());
    await api.updateProfile({ ...DEMO_PROFILE_SETTINGS, bio: 'Changed.' });
    const result = await api.deleteAccount();
    expect(result.deletedAt).toBe(NOW.toISOString());
    expect(result.removed).toEqual({ demoItems: 3 });
    expect(window.sessionStorage.getItem('trailbuddy.demo')).toBeNull();
    expect(window.sessionStorage.getItem('trailbuddy.demo.strava')).toBeNull();
    expect(window.sessionStorage.getItem('unrelated')).toBe('kept');
    expect((await api.profile()).settings).toEqual(DEMO_PROFILE_SETTINGS);
  });

  it('on the profile page: edits are saved, and deleting ends demo mode and goes home', async () => {
    window.sessionStorage.setItem('trailbuddy.demo', 'true');
    const service = createFakeAuthService(null);
    function Home() {
      const { isDemo } = useAuth();
      return <h1>{isDemo ? 'Home (still demo)' : 'Home (demo ended)'}</h1>;
    }
    renderRoutes(
      [
        { path: '/profile', element: <ProfilePage /> },
        { path: '/', element: <Home /> },
      ],
      { path: '/profile', service, apiClient: createDemoApiClient({ ...context(), origin: 'http://localhost' }) },
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Partner Profile' }, { timeout: 5000 });
    expect(within(form).getByLabelText('Display name')).toHaveValue('Alex Rivera');
    expect(screen.getByText(DEMO_USER.email)).toBeInTheDocument();

    await user.click(within(form).getByLabelText('Swimming'));
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile saved.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect((await createProfileDemoApi(context()).profile()).settings.activities).toContain('swimming');

    await user.click(screen.getByRole('button', { name: 'Delete my account and data' }));
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Forever' }));

    expect(await screen.findByRole('heading', { name: 'Home (demo ended)' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Demo data cleared. Demo mode has ended.')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('trailbuddy.demo')).toBeNull();
    expect(service.deleteUser).not.toHaveBeenCalled();
  });
});
