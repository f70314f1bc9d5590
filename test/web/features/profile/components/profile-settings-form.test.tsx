import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileResponse, ProfileSettings } from '@shared/schemas/profile';
import ProfilePage from '@/features/profile/routes/profile-page';
import { ApiError } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';
import { profileResponse } from '../profile-fixtures';

vi.mock('@/features/connections/components/health-connections', () => ({ ProviderIntegrations: () => null }));

const routes = [{ path: '/profile', element: <ProfilePage /> }];

const filledIn: ProfileSettings = {
  displayName: 'Jordan L.',
  homeArea: 'burnaby',
  activities: ['hiking', 'skiing'],
  availability: ['weekends'],
  bio: 'Burnaby Mountain most Saturdays.',
  discoverable: true,
  visibleFields: ['homeArea', 'activities'],
  level: null,
  paces: {},
  useActivityForMatching: false,
};

/** Echoes what was saved, as the server does (after trimming). */
const echo = vi.fn(async (settings: ProfileSettings): Promise<ProfileResponse> => profileResponse({ settings }));

async function renderForm(
  profile = profileResponse(),
  updateProfile: (settings: ProfileSettings) => Promise<ProfileResponse> = echo,
) {
  const apiClient = createFakeApiClient({ profile: vi.fn(async () => profile), updateProfile: vi.fn(updateProfile) });
  renderRoutes(routes, { path: '/profile', service: createFakeAuthService(SIGNED_IN_USER), apiClient });
  const form = await screen.findByRole('form', { name: 'Partner Profile' }, { timeout: 5000 });
  return { apiClient, form, user: userEvent.setup() };
}

describe('the profile settings form', () => {
  it('shows the saved settings, with readable labels for the home areas', async () => {
    const { form } = await renderForm(profileResponse({ settings: filledIn }));
    expect(within(form).getByLabelText('Display name')).toHaveValue('Jordan L.');
    const area = within(form).getByRole('combobox', { name: 'Home area' });
    expect(area).toHaveDisplayValue('Burnaby');
    // Every place in BC, grouped by the regions people use.
    const regions = within(area).getAllByRole('group');
    expect(regions.map((group) => group.getAttribute('label'))).toEqual([
      'Metro Vancouver',
      'Fraser Valley',
      'Sea-to-Sky',
      'Vancouver Island',
      'Okanagan',
      'Thompson',
      'Kootenays',
      'Cariboo',
      'North',
    ]);
    const seaToSky = regions.find((group) => group.getAttribute('label') === 'Sea-to-Sky')!;
    expect(
      within(seaToSky)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Squamish', 'Whistler', 'Pemberton']);
    for (const place of ['Victoria', 'Kelowna', 'Nelson', 'Kamloops', 'Prince George'])
      expect(within(area).getByRole('option', { name: place })).toBeInTheDocument();
    const activities = within(form).getByRole('group', { name: 'Activity preferences' });
    expect(within(activities).getByLabelText('Hiking')).toBeChecked();
    expect(within(activities).getByLabelText('Running')).not.toBeChecked();
    const availability = within(form).getByRole('group', { name: 'Availability' });
    expect(
      within(availability)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Weekdays', 'Weekends', 'Mornings', 'Evenings']);
    expect(within(availability).getByLabelText('Weekends')).toBeChecked();
    expect(within(form).getByLabelText('Short bio')).toHaveValue('Burnaby Mountain most Saturdays.');
    expect(within(form).getByText('32/280 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('Let other members find me')).toBeChecked();
    expect(
      within(within(form).getByRole('group', { name: 'What others may see' })).getByLabelText('Bio'),
    ).not.toBeChecked();
  });

  it('starts private: discoverable off and the visibility choices hidden', async () => {
    const { form } = await renderForm();
    expect(within(form).getByLabelText('Let other members find me')).not.toBeChecked();
    expect(within(form).queryByRole('group', { name: 'What others may see' })).not.toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Home area' })).toHaveDisplayValue('Not set');
  });

  it('saves the whole settings object, shows Saving... meanwhile, then a toast', async () => {
    let finish: (response: ProfileResponse) => void = () => {};
    const pending = vi.fn(
      (settings: ProfileSettings) =>
        new Promise<ProfileResponse>((resolve) => (finish = () => resolve(profileResponse({ settings })))),
    );
    const { apiClient, form, user } = await renderForm(profileResponse(), pending);

    await user.click(within(form).getByLabelText('Display name'));
    await user.paste('  Jordan L.  ');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Home area' }), 'Squamish');
    await user.click(within(form).getByLabelText('Running'));
    await user.click(within(form).getByLabelText('Climbing'));
    await user.click(within(form).getByLabelText('Evenings'));
    await user.click(within(form).getByLabelText('Short bio'));
    await user.paste('Evening runs on the Seawall.');
    expect(within(form).getByText('28/280 characters')).toBeInTheDocument();
    await user.click(within(form).getByLabelText('Let other members find me'));
    await user.click(within(within(form).getByRole('group', { name: 'What others may see' })).getByLabelText('Bio'));
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));

    const saving = within(form).getByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    expect(apiClient.updateProfile).toHaveBeenCalledTimes(1);
    expect(apiClient.updateProfile).toHaveBeenCalledWith({
      displayName: 'Jordan L.',
      homeArea: 'squamish',
      activities: ['running', 'climbing'],
      availability: ['evenings'],
      bio: 'Evening runs on the Seawall.',
      discoverable: true,
      visibleFields: ['homeArea', 'activities', 'level', 'availability'],
      level: null,
      paces: {},
      useActivityForMatching: false,
    });
    finish(profileResponse());
    expect(await screen.findByText('Profile saved.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save Profile' })).toBeEnabled();
  });

  it('checks the fields before sending: discoverable needs a name, an area and an activity', async () => {
    const { apiClient, form, user } = await renderForm();
    await user.click(within(form).getByLabelText('Let other members find me'));
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Some fields need another look before saving.');
    const discoverable = within(form).getByLabelText('Let other members find me');
    expect(discoverable).toHaveAttribute('aria-invalid', 'true');
    expect(discoverable).toHaveAccessibleDescription(
      expect.stringContaining('To be discoverable, set a display name, a home area and at least one activity.'),
    );
    expect(discoverable).toHaveFocus();
    expect(apiClient.updateProfile).not.toHaveBeenCalled();
  });

  it('treats a display name of spaces as none, so discoverable fails and gets focus', async () => {
    const { apiClient, form, user } = await renderForm(profileResponse({ settings: filledIn }));
    const name = within(form).getByLabelText('Display name');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(within(form).getByLabelText('Let other members find me')).toHaveFocus());
    expect(apiClient.updateProfile).not.toHaveBeenCalled();
  });

  it("shows the server's per-field messages beside their fields (paths like activities.1 included)", async () => {
    const refuse = async (): Promise<ProfileResponse> => {
      throw new ApiError(400, 'validation_failed', 'The request body is invalid.', {
        'activities.1': 'Choose activities from the list.',
        bio: 'Use letters, numbers and punctuation only.',
      });
    };
    const { form, user } = await renderForm(profileResponse({ settings: filledIn }), refuse);
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));

    expect(await within(form).findByText('Choose activities from the list.')).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Activity preferences' })).toHaveAccessibleDescription(
      'Choose activities from the list.',
    );
    const bio = within(form).getByLabelText('Short bio');
    expect(bio).toHaveAttribute('aria-invalid', 'true');
    expect(bio).toHaveAccessibleDescription(expect.stringContaining('Use letters, numbers and punctuation only.'));
    expect(within(form).getByLabelText('Running')).toHaveFocus(); // the first choice of the first field with a problem
    expect(screen.queryByText('Profile saved.')).not.toBeInTheDocument();

    // Changing a field clears its message.
    await user.type(bio, '!');
    expect(bio).not.toHaveAttribute('aria-invalid');
  });

  it('explains a failure that is not about a field, and keeps what was typed', async () => {
    const { form, user } = await renderForm(profileResponse({ settings: filledIn }), async () => {
      throw new ApiError(0, 'network_error', 'Could not reach TrailBuddy. Check your connection and try again.');
    });
    await user.type(within(form).getByLabelText('Short bio'), ' Also skis.');
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Could not reach TrailBuddy.');
    expect(within(form).getByLabelText('Short bio')).toHaveValue('Burnaby Mountain most Saturdays. Also skis.');
    expect(within(form).getByRole('button', { name: 'Save Profile' })).toBeEnabled();
  });

  it('caps the bio at 280 characters', async () => {
    const { form, user } = await renderForm();
    const bio = within(form).getByLabelText('Short bio');
    await user.click(bio);
    await user.paste('x'.repeat(300));
    expect(bio).toHaveValue('x'.repeat(280));
    expect(within(form).getByText('280/280 characters')).toBeInTheDocument();
  });

  it('asks before using Google Health / Apple Health activity and imported files for matching: off until ticked, then saved', async () => {
    const { apiClient, form, user } = await renderForm(profileResponse({ settings: filledIn }));
    const consent = within(form).getByRole('checkbox', {
      name: 'Use my Google Health / Apple Health activity and imported files for partner matching',
    });
    expect(consent).not.toBeChecked();
    expect(consent).toHaveAccessibleDescription(
      expect.stringContaining('Activity from your Strava connection is never used for matching'),
    );
    expect(consent).toHaveAccessibleDescription(expect.stringContaining('the files you imported'));
    await user.click(consent);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Your level' }), 'Advanced');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Hiking pace' }), 'Steady');
    // Skiing has no pace to compare, so it is not asked.
    expect(within(form).queryByRole('combobox', { name: 'Skiing pace' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() =>
      expect(apiClient.updateProfile).toHaveBeenCalledWith(
        expect.objectContaining({ useActivityForMatching: true, level: 'Advanced', paces: { hiking: 'steady' } }),
      ),
    );
  });

  it("shows the owner's suggestions from their activity, and one tap puts one on the profile", async () => {
    const { apiClient, form, user } = await renderForm(
      profileResponse({
        settings: filledIn,
        suggested: { level: 'Intermediate', paces: { hiking: 'fast', running: 'steady' }, times: ['mornings'] },
      }),
    );
    const suggestions = within(form).getByRole('region', { name: 'Suggested from your activity' });
    expect(suggestions).toHaveTextContent('Only you see these.');
    // Running is not among the chosen activities, so its pace is not suggested.
    expect(suggestions).not.toHaveTextContent('Running');
    await user.click(within(suggestions).getByRole('button', { name: 'Add to profile: level Intermediate' }));
    await waitFor(() =>
      expect(apiClient.updateProfile).toHaveBeenLastCalledWith({ ...filledIn, level: 'Intermediate' }),
    );
    expect(await screen.findByText('Profile saved.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Your level' })).toHaveValue('Intermediate');
  });

  it('shows no suggestions when the owner has no activity to suggest from', async () => {
    const { form } = await renderForm(profileResponse({ settings: filledIn }));
    expect(within(form).queryByRole('region', { name: 'Suggested from your activity' })).toBeNull();
  });
});
